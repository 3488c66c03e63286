import { handle, route } from "@/lib/api/api";
import * as op from "@/lib/subscribers/operations";
import { addSubscriber, listSubscribers } from "@/lib/subscribers/subscribers";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listSubscribers, ({ ctx, query }) =>
    listSubscribers({ ctx, pageId: query.pageId }),
  ),
  POST: handle(op.createSubscriber, ({ ctx, body }) => addSubscriber({ ctx, input: body }), {
    location: (created) => `/v1/subscribers/${created.id}`,
  }),
});
