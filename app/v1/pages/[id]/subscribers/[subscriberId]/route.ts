import { handle, route } from "@/lib/api/api";
import { deleteSpSubscriber, getSpSubscriber } from "@/lib/statuspage/subscribers";
import * as op from "@/lib/statuspage/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getSpSubscriber, ({ ctx, params }) =>
    getSpSubscriber({ ctx, pageId: params.id, subscriberId: params.subscriberId }),
  ),
  DELETE: handle(op.deleteSpSubscriber, ({ ctx, params }) =>
    deleteSpSubscriber({ ctx, pageId: params.id, subscriberId: params.subscriberId }),
  ),
});
