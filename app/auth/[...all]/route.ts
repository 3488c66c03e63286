import { getAuth } from "@/lib/auth/auth";
import { errorResponse } from "@/lib/http/problem";
import { assertSameOrigin, frontGate } from "@/lib/http/request";

// better-auth answers /auth/* in its own format; the checks in front of it answer problem+json.
async function authHandler(request: Request): Promise<Response> {
  const refused = frontGate(request);
  if (refused) return refused;
  try {
    assertSameOrigin(request, { required: true });
  } catch (error) {
    return errorResponse(error);
  }
  return (await getAuth()).handler(request);
}

export { authHandler as GET, authHandler as POST };
