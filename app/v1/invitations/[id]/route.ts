import { handle, route } from "@/lib/api/api";
import { revokeInvitation } from "@/lib/members/members";
import * as op from "@/lib/members/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  DELETE: handle(op.revokeInvitation, ({ ctx, params }) =>
    revokeInvitation({ ctx, id: params.id }),
  ),
});
