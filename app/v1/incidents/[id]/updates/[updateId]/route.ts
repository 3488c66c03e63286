import { handle, route } from "@/lib/api/api";
import { editIncidentUpdate } from "@/lib/incidents/incidents";
import * as op from "@/lib/incidents/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PATCH: handle(op.editIncidentUpdate, ({ ctx, params, body }) =>
    editIncidentUpdate({ ctx, id: params.id, updateId: params.updateId, input: body }),
  ),
});
