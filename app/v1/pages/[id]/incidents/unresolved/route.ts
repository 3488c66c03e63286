import { handle, route } from "@/lib/api/api";
import { listSpIncidents } from "@/lib/statuspage/incidents";
import * as op from "@/lib/statuspage/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listSpUnresolved, ({ ctx, params, query }) =>
    listSpIncidents({ ctx, pageId: params.id, list: "unresolved", query }),
  ),
});
