import { handle, route } from "@/lib/api/api";
import { getMe } from "@/lib/workspace/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getMe, async ({ ctx }) => ({
    userId: ctx.userId,
    email: ctx.email,
    role: ctx.role,
    workspaceId: ctx.workspaceId,
    ...(ctx.tokenId ? { tokenId: ctx.tokenId } : {}),
  })),
});
