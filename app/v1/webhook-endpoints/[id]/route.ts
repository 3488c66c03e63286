import { handle, route } from "@/lib/http/api";
import { deleteEndpoint } from "@/lib/notifications/endpoints";
import * as op from "@/lib/notifications/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  DELETE: handle(op.deleteWebhookEndpoint, ({ ctx, params }) =>
    deleteEndpoint({ ctx, id: params.id }),
  ),
});
