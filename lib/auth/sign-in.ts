import { getAuth } from "./auth";

/** Signs a member in with their password and answers the cookies to set on the response. */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  headers: Headers;
}): Promise<string[]> {
  const auth = await getAuth();
  const response = await auth.api.signInEmail({
    body: { email: input.email, password: input.password },
    headers: input.headers,
    asResponse: true,
  });
  return response.headers.getSetCookie();
}
