import { handle, route } from "@/lib/api/api";
import { createSpComponent, listSpComponents } from "@/lib/statuspage/components";
import * as op from "@/lib/statuspage/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listSpComponents, ({ ctx, params, query }) =>
    listSpComponents({ ctx, pageId: params.id, query }),
  ),
  POST: handle(
    op.createSpComponent,
    ({ ctx, params, body }) => createSpComponent({ ctx, pageId: params.id, input: body }),
    { location: (created) => `/v1/pages/${created.page_id}/components/${created.id}` },
  ),
});
