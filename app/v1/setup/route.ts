import { signInWithPassword } from "@/lib/auth/sign-in";
import { handle, route } from "@/lib/api/api";
import { socketPeer } from "@/lib/http/socket-peer";
import { setup } from "@/lib/workspace/operations";
import { SETUP_TOKEN_HEADER, setUpWorkspace } from "@/lib/workspace/setup";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(setup, async ({ body, request, responseHeaders }) => {
    const setupToken = request.headers.get(SETUP_TOKEN_HEADER);
    const result = await setUpWorkspace({
      input: body,
      setupToken,
      peer: socketPeer(request.headers),
    });
    await signInWithPassword({ ...body, requestHeaders: request.headers, responseHeaders });
    return result;
  }),
});
