import { handle, route } from "@/lib/api/api";
import { listDeliveries } from "@/lib/notifications/endpoints";
import * as op from "@/lib/notifications/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listWebhookDeliveries, ({ ctx, params }) =>
    listDeliveries({ ctx, id: params.id }),
  ),
});
