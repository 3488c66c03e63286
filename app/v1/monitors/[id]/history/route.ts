import { handle, route } from "@/lib/api/api";
import { monitorHistory } from "@/lib/monitors/history";
import * as op from "@/lib/monitors/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.monitorHistory, ({ ctx, params, query }) =>
    monitorHistory({ ctx, id: params.id, range: query.range }),
  ),
});
