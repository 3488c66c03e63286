import { handle, route } from "@/lib/api/api";
import { createEndpoint, listEndpoints } from "@/lib/notifications/endpoints";
import * as op from "@/lib/notifications/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listWebhookEndpoints, ({ ctx }) => listEndpoints({ ctx })),
  POST: handle(op.createWebhookEndpoint, ({ ctx, body }) => createEndpoint({ ctx, input: body })),
});
