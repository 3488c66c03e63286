import { handle, route } from "@/lib/api/api";
import { monitorsUptime } from "@/lib/monitors/history";
import * as op from "@/lib/monitors/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.monitorsUptime, ({ ctx }) => monitorsUptime({ ctx })),
});
