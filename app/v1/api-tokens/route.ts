import { handle, route } from "@/lib/api/api";
import * as op from "@/lib/tokens/operations";
import { createApiToken, listApiTokens } from "@/lib/tokens/tokens";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listApiTokens, ({ ctx }) => listApiTokens({ ctx })),
  POST: handle(op.createApiToken, ({ ctx, body }) => createApiToken({ ctx, input: body }), {
    location: (created) => `/v1/api-tokens/${created.token.id}`,
  }),
});
