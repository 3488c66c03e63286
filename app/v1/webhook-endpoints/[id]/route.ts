import { handle, route } from "@/lib/api/api";
import { deleteEndpoint, patchEndpoint } from "@/lib/notifications/endpoints";
import * as op from "@/lib/notifications/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PATCH: handle(op.patchWebhookEndpoint, ({ ctx, params, body }) =>
    patchEndpoint({ ctx, id: params.id, input: body }),
  ),
  DELETE: handle(op.deleteWebhookEndpoint, ({ ctx, params }) =>
    deleteEndpoint({ ctx, id: params.id }),
  ),
});
