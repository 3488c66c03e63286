import { getAuth } from "./auth";
import { deviceCookie } from "./device";

/**
 * Signs a member in with their password and adds the session cookie, and the cookie that trusts
 * this browser for the account, to `responseHeaders`.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  requestHeaders: Headers;
  responseHeaders: Headers;
}): Promise<void> {
  const auth = await getAuth();
  const response = await auth.api.signInEmail({
    body: { email: input.email, password: input.password },
    headers: input.requestHeaders,
    asResponse: true,
  });
  for (const cookie of response.headers.getSetCookie())
    input.responseHeaders.append("set-cookie", cookie);
  // The member has just chosen this password here, so this browser is theirs (see TrustedDevice).
  if (response.ok) input.responseHeaders.append("set-cookie", await deviceCookie(input.email));
}
