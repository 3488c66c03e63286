import { getAuth } from "./auth";

/** Signs a member in with their password and adds the session cookie to `responseHeaders`. */
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
}
