import { handle, route } from "@/lib/api/api";
import { deleteSpGroup, getSpGroup, updateSpGroup } from "@/lib/statuspage/components";
import * as op from "@/lib/statuspage/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getSpGroup, ({ ctx, params }) =>
    getSpGroup({ ctx, pageId: params.id, groupId: params.groupId }),
  ),
  PATCH: handle(op.patchSpGroup, ({ ctx, params, body }) =>
    updateSpGroup({ ctx, pageId: params.id, groupId: params.groupId, input: body }),
  ),
  PUT: handle(op.putSpGroup, ({ ctx, params, body }) =>
    updateSpGroup({ ctx, pageId: params.id, groupId: params.groupId, input: body }),
  ),
  DELETE: handle(op.deleteSpGroup, ({ ctx, params }) =>
    deleteSpGroup({ ctx, pageId: params.id, groupId: params.groupId }),
  ),
});
