import { handle, route } from "@/lib/api/api";
import { resendInvitation } from "@/lib/members/members";
import * as op from "@/lib/members/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.resendInvitation, ({ ctx, params }) => resendInvitation({ ctx, id: params.id })),
});
