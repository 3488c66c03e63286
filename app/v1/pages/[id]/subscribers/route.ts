import { handle, route } from "@/lib/api/api";
import { createSpSubscriber, listSpSubscribers } from "@/lib/statuspage/subscribers";
import * as op from "@/lib/statuspage/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listSpSubscribers, ({ ctx, params, query }) =>
    listSpSubscribers({ ctx, pageId: params.id, query }),
  ),
  POST: handle(op.createSpSubscriber, ({ ctx, params, body }) =>
    createSpSubscriber({ ctx, pageId: params.id, input: body }),
  ),
});
