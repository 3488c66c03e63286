import { handle, route } from "@/lib/api/api";
import { createSpIncident, listSpIncidents } from "@/lib/statuspage/incidents";
import * as op from "@/lib/statuspage/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listSpIncidents, ({ ctx, params, query }) =>
    listSpIncidents({ ctx, pageId: params.id, list: "all", query }),
  ),
  POST: handle(
    op.createSpIncident,
    ({ ctx, params, body }) => createSpIncident({ ctx, pageId: params.id, input: body }),
    { location: (created) => `/v1/pages/${created.page_id}/incidents/${created.id}` },
  ),
});
