import { handle, route } from "@/lib/api/api";
import { deleteAudience, getAudience, updateAudience } from "@/lib/pages/audiences";
import * as op from "@/lib/pages/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getAudience, ({ ctx, params }) =>
    getAudience({ ctx, pageId: params.id, id: params.audienceId }),
  ),
  PATCH: handle(op.updateAudience, ({ ctx, params, body }) =>
    updateAudience({ ctx, pageId: params.id, id: params.audienceId, input: body }),
  ),
  DELETE: handle(op.deleteAudience, ({ ctx, params }) =>
    deleteAudience({ ctx, pageId: params.id, id: params.audienceId }),
  ),
});
