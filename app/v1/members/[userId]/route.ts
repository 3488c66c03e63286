import { handle, route } from "@/lib/api/api";
import { changeMemberRole, removeMember } from "@/lib/members/members";
import * as op from "@/lib/members/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PATCH: handle(op.changeMemberRole, ({ ctx, params, body }) =>
    changeMemberRole({ ctx, userId: params.userId, role: body.role }),
  ),
  DELETE: handle(op.removeMember, ({ ctx, params }) =>
    removeMember({ ctx, userId: params.userId }),
  ),
});
