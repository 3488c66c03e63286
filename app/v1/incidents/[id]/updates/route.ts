import { handle, route } from "@/lib/api/api";
import { postIncidentUpdate } from "@/lib/incidents/incidents";
import * as op from "@/lib/incidents/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(
    op.postIncidentUpdate,
    ({ ctx, params, body }) => postIncidentUpdate({ ctx, id: params.id, input: body }),
    { location: (incident) => `/v1/incidents/${incident.id}` },
  ),
});
