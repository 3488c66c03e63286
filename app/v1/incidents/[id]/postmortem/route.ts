import { handle, route } from "@/lib/api/api";
import { deletePostmortem, savePostmortem } from "@/lib/incidents/postmortems";
import * as op from "@/lib/incidents/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PUT: handle(op.savePostmortem, ({ ctx, params, body }) =>
    savePostmortem({ ctx, id: params.id, input: body }),
  ),
  DELETE: handle(op.deletePostmortem, ({ ctx, params }) =>
    deletePostmortem({ ctx, id: params.id }),
  ),
});
