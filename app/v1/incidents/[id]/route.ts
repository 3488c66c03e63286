import { handle, route } from "@/lib/api/api";
import { deleteIncident, getIncident, patchIncident } from "@/lib/incidents/incidents";
import * as op from "@/lib/incidents/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getIncident, ({ ctx, params }) => getIncident({ ctx, id: params.id })),
  PATCH: handle(op.patchIncident, ({ ctx, params, body }) =>
    patchIncident({ ctx, id: params.id, input: body }),
  ),
  DELETE: handle(op.deleteIncident, ({ ctx, params }) => deleteIncident({ ctx, id: params.id })),
});
