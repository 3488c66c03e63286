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
  const response = await (await getAuth()).handler(request);
  // better-auth names its wait X-Retry-After; clients and proxies read the standard header.
  const wait = response.headers.get("x-retry-after");
  if (response.status === 429 && wait && !response.headers.has("retry-after")) {
    const headers = new Headers(response.headers);
    headers.set("retry-after", wait);
    return new Response(response.body, { status: 429, headers });
  }
  return response;
}

export { authHandler as GET, authHandler as POST };
