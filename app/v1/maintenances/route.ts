import { handle, route } from "@/lib/api/api";
import { createMaintenance, listMaintenances } from "@/lib/maintenance/maintenance";
import * as op from "@/lib/maintenance/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listMaintenances, ({ ctx, query }) => listMaintenances({ ctx, query })),
  POST: handle(op.createMaintenance, ({ ctx, body }) => createMaintenance({ ctx, input: body }), {
    location: (created) => `/v1/maintenances/${created.id}`,
  }),
});
