import { handle, route } from "@/lib/api/api";
import { createAudience, listAudiences } from "@/lib/pages/audiences";
import * as op from "@/lib/pages/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listAudiences, ({ ctx, params }) => listAudiences({ ctx, pageId: params.id })),
  POST: handle(op.createAudience, ({ ctx, params, body }) =>
    createAudience({ ctx, pageId: params.id, input: body }),
  ),
});
