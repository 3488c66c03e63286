import { handle, route } from "@/lib/api/api";
import { retryDelivery } from "@/lib/notifications/endpoints";
import * as op from "@/lib/notifications/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.retryWebhookDelivery, ({ ctx, params }) =>
    retryDelivery({ ctx, id: params.id, deliveryId: params.deliveryId }),
  ),
});
