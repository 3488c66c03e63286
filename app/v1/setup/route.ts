import { signInWithPassword } from "@/lib/auth/sign-in";
import { handle, route } from "@/lib/http/api";
import { setup } from "@/lib/workspace/operations";
import { setUpWorkspace } from "@/lib/workspace/setup";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handle(setup, async ({ body, request, responseHeaders }) => {
    const result = await setUpWorkspace({ input: body });
    await signInWithPassword({ ...body, requestHeaders: request.headers, responseHeaders });
    return result;
  }),
});
