import { handle, route } from "@/lib/api/api";
import { createIncident, listIncidents } from "@/lib/incidents/incidents";
import * as op from "@/lib/incidents/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listIncidents, ({ ctx, query }) => listIncidents({ ctx, query })),
  POST: handle(op.createIncident, ({ ctx, body }) => createIncident({ ctx, input: body }), {
    location: (created) => `/v1/incidents/${created.id}`,
  }),
});
