import { handle, route } from "@/lib/api/api";
import * as op from "@/lib/subscribers/operations";
import { deleteSubscriber } from "@/lib/subscribers/subscribers";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  DELETE: handle(op.deleteSubscriber, ({ ctx, params }) =>
    deleteSubscriber({ ctx, id: params.id }),
  ),
});
