import { handle, route } from "@/lib/api/api";
import { createMaintenanceSeries, listMaintenanceSeries } from "@/lib/maintenance/series";
import * as op from "@/lib/maintenance/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listMaintenanceSeries, ({ ctx, query }) => listMaintenanceSeries({ ctx, query })),
  POST: handle(
    op.createMaintenanceSeries,
    ({ ctx, body }) => createMaintenanceSeries({ ctx, input: body }),
    { location: (created) => `/v1/maintenance-series/${created.id}` },
  ),
});
