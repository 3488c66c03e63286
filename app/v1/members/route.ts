import { handle, route } from "@/lib/api/api";
import { listMembers } from "@/lib/members/members";
import * as op from "@/lib/members/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listMembers, ({ ctx }) => listMembers({ ctx })),
});
