import { handle, route } from "@/lib/api/api";
import { recentChecks } from "@/lib/monitors/history";
import * as op from "@/lib/monitors/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.monitorChecks, ({ ctx, params, query }) =>
    recentChecks({ ctx, id: params.id, limit: query.limit }),
  ),
});
