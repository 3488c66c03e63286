import { handle, route } from "@/lib/api/api";
import * as op from "@/lib/tokens/operations";
import { deleteApiToken } from "@/lib/tokens/tokens";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  DELETE: handle(op.deleteApiToken, ({ ctx, params }) => deleteApiToken({ ctx, id: params.id })),
});
