import { handle, route } from "@/lib/api/api";
import * as op from "@/lib/incidents/operations";
import { createIncidentTemplate, listIncidentTemplates } from "@/lib/incidents/templates";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listIncidentTemplates, ({ ctx }) => listIncidentTemplates({ ctx })),
  POST: handle(
    op.createIncidentTemplate,
    ({ ctx, body }) => createIncidentTemplate({ ctx, input: body }),
    { location: (created) => `/v1/incident-templates/${created.id}` },
  ),
});
