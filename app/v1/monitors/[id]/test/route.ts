import { handle, route } from "@/lib/api/api";
import { testMonitor } from "@/lib/monitors/monitors";
import * as op from "@/lib/monitors/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.testMonitor, ({ ctx, params }) => testMonitor({ ctx, id: params.id })),
});
