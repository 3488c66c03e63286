import { handle, route } from "@/lib/api/api";
import * as op from "@/lib/incidents/operations";
import {
  deleteIncidentTemplate,
  getIncidentTemplate,
  updateIncidentTemplate,
} from "@/lib/incidents/templates";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getIncidentTemplate, ({ ctx, params }) =>
    getIncidentTemplate({ ctx, id: params.id }),
  ),
  PATCH: handle(op.updateIncidentTemplate, ({ ctx, params, body }) =>
    updateIncidentTemplate({ ctx, id: params.id, input: body }),
  ),
  DELETE: handle(op.deleteIncidentTemplate, ({ ctx, params }) =>
    deleteIncidentTemplate({ ctx, id: params.id }),
  ),
});
