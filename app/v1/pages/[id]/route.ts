import { handle, route } from "@/lib/api/api";
import * as op from "@/lib/pages/operations";
import { deletePage, getPage, updatePage } from "@/lib/pages/pages";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getPage, ({ ctx, params }) => getPage({ ctx, id: params.id })),
  PATCH: handle(op.updatePage, ({ ctx, params, body }) =>
    updatePage({ ctx, id: params.id, input: body }),
  ),
  DELETE: handle(op.deletePage, ({ ctx, params }) => deletePage({ ctx, id: params.id })),
});
