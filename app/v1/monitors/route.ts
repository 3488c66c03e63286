import { handle, route } from "@/lib/api/api";
import { createMonitor, listMonitors } from "@/lib/monitors/monitors";
import * as op from "@/lib/monitors/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listMonitors, ({ ctx }) => listMonitors({ ctx })),
  POST: handle(op.createMonitor, ({ ctx, body }) => createMonitor({ ctx, input: body }), {
    location: (created) => `/v1/monitors/${created.id}`,
  }),
});
