import { handle, route } from "@/lib/api/api";
import { deleteSpIncident, getSpIncident, updateSpIncident } from "@/lib/statuspage/incidents";
import * as op from "@/lib/statuspage/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getSpIncident, ({ ctx, params }) =>
    getSpIncident({ ctx, pageId: params.id, incidentId: params.incidentId }),
  ),
  PATCH: handle(op.patchSpIncident, ({ ctx, params, body }) =>
    updateSpIncident({ ctx, pageId: params.id, incidentId: params.incidentId, input: body }),
  ),
  PUT: handle(op.putSpIncident, ({ ctx, params, body }) =>
    updateSpIncident({ ctx, pageId: params.id, incidentId: params.incidentId, input: body }),
  ),
  DELETE: handle(op.deleteSpIncident, ({ ctx, params }) =>
    deleteSpIncident({ ctx, pageId: params.id, incidentId: params.incidentId }),
  ),
});
