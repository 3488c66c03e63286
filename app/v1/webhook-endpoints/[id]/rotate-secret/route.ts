import { handle, route } from "@/lib/api/api";
import { rotateSecret } from "@/lib/notifications/endpoints";
import * as op from "@/lib/notifications/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.rotateWebhookSecret, ({ ctx, params }) => rotateSecret({ ctx, id: params.id })),
});
