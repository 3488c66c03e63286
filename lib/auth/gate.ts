import { eq } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import { config } from "@/lib/config";
import { ValidationError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/problem";
import { clientAddress, visitorKey } from "@/lib/http/client-address";
import { assertSameOrigin, frontGate, readLimitedText } from "@/lib/http/request";
import { AUTH_BASE_PATH, authCookieName, authWithCurrentProvider, getAuth } from "./auth";
import { readCookie } from "@/lib/http/cookies";
import { actorFromHeaders, verifySignedCookie } from "./session";
import { requestPasswordReset, RESET_REQUESTED } from "./password-reset";
import { beginSignInAttempt, signInFailed, signInSucceeded } from "./throttle";
import { auditSignIn, isAuditedAuthPath } from "./sign-in-audit";

const SIGN_IN_PATH = `${AUTH_BASE_PATH}/sign-in/email`;
const SOCIAL_SIGN_IN_PATH = `${AUTH_BASE_PATH}/sign-in/social`;
const THROUGH_PROVIDER = new RegExp(`^${AUTH_BASE_PATH}/(?:sign-in/social|callback/)`);
// Answered here rather than by better-auth, whose answer comes sooner for an unknown address.
const RESET_REQUEST_PATH = `${AUTH_BASE_PATH}/request-password-reset`;

/** better-auth reads the visitor address from the header; it gets only the value the proxy wrote. */
function withVisitorAddress(headers: Headers): Headers {
  const copy = new Headers(headers);
  const address = clientAddress(headers);
  if (address) copy.set(config().trustProxyHeader, address);
  else copy.delete(config().trustProxyHeader);
  return copy;
}

function carriesIdToken(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { idToken?: unknown } | null;
    return !!parsed && typeof parsed === "object" && parsed.idToken !== undefined;
  } catch {
    return false;
  }
}

function emailOf(body: string): string | null {
  try {
    const email = (JSON.parse(body) as { email?: unknown }).email;
    return typeof email === "string" && email.trim() ? email : null;
  } catch {
    return null;
  }
}

/** The account a pending two-factor challenge (its signed cookie) belongs to. */
async function challengeUserId(headers: Headers): Promise<string | null> {
  const pending = readCookie(headers.get("cookie"), authCookieName("two_factor"));
  const challenge = pending && verifySignedCookie(pending, (await getAuth()).options.secret!);
  if (!challenge) return null;
  const db = await getDb();
  const [row] = await db
    .select({ userId: schema.verification.value })
    .from(schema.verification)
    .where(eq(schema.verification.identifier, challenge));
  return row?.userId ?? null;
}

/** Seconds until the two-factor lock of the account this request is signing in to ends. */
async function twoFactorLockSeconds(headers: Headers): Promise<number | null> {
  const db = await getDb();
  const userId =
    (await challengeUserId(headers)) ?? (await actorFromHeaders(headers))?.userId ?? null;
  if (!userId) return null;
  const [row] = await db
    .select({ lockedUntil: schema.twoFactor.lockedUntil })
    .from(schema.twoFactor)
    .where(eq(schema.twoFactor.userId, userId));
  const wait = row?.lockedUntil ? Math.ceil((row.lockedUntil.getTime() - Date.now()) / 1000) : 0;
  return wait > 0 ? wait : null;
}

/** Every 429 carries the standard Retry-After (better-auth names its own X-Retry-After). */
async function withRetryAfter(response: Response, request: Request): Promise<Response> {
  if (response.status !== 429 || response.headers.has("retry-after")) return response;
  const wait =
    response.headers.get("x-retry-after") ??
    (await twoFactorLockSeconds(request.headers))?.toString();
  if (!wait) return response;
  const headers = new Headers(response.headers);
  headers.set("retry-after", wait);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  // better-auth's own message does not say how long; this one does, in its format.
  return new Response(
    JSON.stringify({ code: "RATE_LIMITED", message: `Too many attempts; try again in ${wait} s.` }),
    { status: 429, headers },
  );
}

function withCookie(response: Response, cookie: string): Response {
  const headers = new Headers(response.headers);
  headers.append("set-cookie", cookie);
  return new Response(response.body, { status: response.status, headers });
}

/**
 * better-auth also puts the session token in the JSON of answers that start a session (sign-in,
 * two-factor, password change). The cookie carries it, HttpOnly; in a body any script on the page
 * or a logging proxy could read it, and nothing here uses it.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (response.status !== 200) return response;
  if (!response.headers.get("content-type")?.startsWith("application/json")) return response;
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON after all: passed on as it came.
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  if (json && typeof json === "object" && !Array.isArray(json) && "token" in json) {
    const rest: Record<string, unknown> = { ...json };
    delete rest.token;
    return new Response(JSON.stringify(rest), { status: response.status, headers });
  }
  return new Response(text, { status: response.status, headers });
}

/**
 * `/auth/*`: the front gate, the origin check and the body limit answer problem+json, then
 * better-auth answers in its own format. Sign-in also counts attempts (see beginSignInAttempt) and
 * trusts the browser of a right password; a request for a reset link is answered here alone (see
 * requestPasswordReset).
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  const arrivedAt = performance.now();
  const refused = frontGate(request);
  if (refused) return refused;
  try {
    assertSameOrigin(request, { required: true });
    const body = request.method === "GET" ? undefined : await readLimitedText(request);
    if (request.method === "POST" && new URL(request.url).pathname === RESET_REQUEST_PATH) {
      const visitor = visitorKey(request.headers);
      await requestPasswordReset({ input: { body: body ?? "", visitor, arrivedAt } });
      return Response.json(RESET_REQUESTED);
    }
    if (
      request.method === "POST" &&
      new URL(request.url).pathname === SOCIAL_SIGN_IN_PATH &&
      carriesIdToken(body ?? "")
    ) {
      // Only the redirect with state, nonce and PKCE signs in through the provider: an ID
      // token handed over directly proves none of them.
      throw ValidationError.field("idToken", "Sign in through the provider's own page.");
    }
    const forwarded = new Request(request.url, {
      method: request.method,
      headers: withVisitorAddress(request.headers),
      body,
    });
    // Signing in through the team's provider uses its current setup, however recently changed.
    const auth = THROUGH_PROVIDER.test(new URL(request.url).pathname)
      ? await authWithCurrentProvider()
      : await getAuth();
    const email =
      request.method === "POST" && new URL(request.url).pathname === SIGN_IN_PATH
        ? emailOf(body ?? "")
        : null;
    const attempt = email ? await beginSignInAttempt(email, request.headers) : null;
    const path = new URL(request.url).pathname;
    const audited = request.method === "POST" && isAuditedAuthPath(path);
    // Read before the answer: a right code ends the challenge, a sign-out the session.
    const challenger = audited ? await challengeUserId(request.headers) : null;
    const signedIn =
      audited && !email && !challenger ? await actorFromHeaders(request.headers) : null;
    let response = await auth.handler(forwarded);
    if (audited) {
      await auditSignIn(path, { email, challengeUserId: challenger, signedIn }, response);
    }
    if (attempt && response.ok) {
      response = withCookie(response, await signInSucceeded(attempt));
    } else if (attempt && response.status === 401) {
      await signInFailed(attempt);
    }
    return await withRetryAfter(await withoutSessionToken(response), forwarded);
  } catch (error) {
    return errorResponse(error);
  }
}
