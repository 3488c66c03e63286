import { handle, route } from "@/lib/api/api";
import { updateSpIncidentUpdate } from "@/lib/statuspage/incidents";
import * as op from "@/lib/statuspage/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PATCH: handle(op.patchSpIncidentUpdate, ({ ctx, params, body }) =>
    updateSpIncidentUpdate({ ctx, ...ids(params), input: body }),
  ),
  PUT: handle(op.putSpIncidentUpdate, ({ ctx, params, body }) =>
    updateSpIncidentUpdate({ ctx, ...ids(params), input: body }),
  ),
});

function ids(params: { id: string; incidentId: string; updateId: string }) {
  return { pageId: params.id, incidentId: params.incidentId, updateId: params.updateId };
}
