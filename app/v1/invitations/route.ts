import { handle, route } from "@/lib/api/api";
import { inviteMember } from "@/lib/members/members";
import * as op from "@/lib/members/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.createInvitation, ({ ctx, body }) => inviteMember({ ctx, input: body })),
});
