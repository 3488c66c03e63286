import { handle, route } from "@/lib/api/api";
import {
  endMaintenanceSeries,
  getMaintenanceSeries,
  replaceMaintenanceSeries,
} from "@/lib/maintenance/series";
import * as op from "@/lib/maintenance/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getMaintenanceSeries, ({ ctx, params }) =>
    getMaintenanceSeries({ ctx, id: params.id }),
  ),
  PUT: handle(op.replaceMaintenanceSeries, ({ ctx, params, body }) =>
    replaceMaintenanceSeries({ ctx, id: params.id, input: body }),
  ),
  DELETE: handle(op.endMaintenanceSeries, ({ ctx, params }) =>
    endMaintenanceSeries({ ctx, id: params.id }),
  ),
});
