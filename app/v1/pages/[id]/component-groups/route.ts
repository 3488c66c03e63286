import { handle, route } from "@/lib/api/api";
import { createSpGroup, listSpGroups } from "@/lib/statuspage/components";
import * as op from "@/lib/statuspage/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listSpGroups, ({ ctx, params, query }) =>
    listSpGroups({ ctx, pageId: params.id, query }),
  ),
  POST: handle(
    op.createSpGroup,
    ({ ctx, params, body }) => createSpGroup({ ctx, pageId: params.id, input: body }),
    { location: (created) => `/v1/pages/${created.page_id}/component-groups/${created.id}` },
  ),
});
