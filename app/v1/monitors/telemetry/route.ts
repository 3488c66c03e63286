import { handle, route } from "@/lib/api/api";
import { monitorTelemetry } from "@/lib/monitors/monitors";
import * as op from "@/lib/monitors/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.monitorTelemetry, ({ ctx }) => monitorTelemetry({ ctx })),
});
