import { handle, route } from "@/lib/api/api";
import { testEndpoint } from "@/lib/notifications/endpoints";
import * as op from "@/lib/notifications/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.testWebhookEndpoint, ({ ctx, params }) => testEndpoint({ ctx, id: params.id })),
});
