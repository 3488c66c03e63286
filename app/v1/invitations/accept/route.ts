import { signInWithPassword } from "@/lib/auth/sign-in";
import { handle, route } from "@/lib/api/api";
import { acceptInvitation } from "@/lib/members/members";
import * as op from "@/lib/members/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.acceptInvitation, async ({ body, request, responseHeaders }) => {
    const { userId, workspaceId, email } = await acceptInvitation({ input: body });
    await signInWithPassword({
      email,
      password: body.password,
      requestHeaders: request.headers,
      responseHeaders,
    });
    return { userId, workspaceId };
  }),
});
