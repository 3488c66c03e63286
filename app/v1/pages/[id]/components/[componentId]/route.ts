import { handle, route } from "@/lib/api/api";
import { deleteSpComponent, getSpComponent, updateSpComponent } from "@/lib/statuspage/components";
import * as op from "@/lib/statuspage/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getSpComponent, ({ ctx, params }) =>
    getSpComponent({ ctx, pageId: params.id, componentId: params.componentId }),
  ),
  PATCH: handle(op.patchSpComponent, ({ ctx, params, body }) =>
    updateSpComponent({ ctx, pageId: params.id, componentId: params.componentId, input: body }),
  ),
  PUT: handle(op.putSpComponent, ({ ctx, params, body }) =>
    updateSpComponent({ ctx, pageId: params.id, componentId: params.componentId, input: body }),
  ),
  DELETE: handle(op.deleteSpComponent, ({ ctx, params }) =>
    deleteSpComponent({ ctx, pageId: params.id, componentId: params.componentId }),
  ),
});
