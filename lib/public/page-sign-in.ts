import { createHmac, randomBytes } from "node:crypto";
import {
  createAuthorizationURL,
  validateAuthorizationCode,
  validateToken,
} from "@better-auth/core/oauth2";
import { constantTimeEqual } from "@/lib/crypto/compare";
import { visitorCookieValue, PAGE_ACCESS_LIFETIME_MS } from "@/lib/crypto/page-access";
import { logError } from "@/lib/log";
import { discoverOpenIdProvider, type OpenIdProvider } from "@/lib/net/openid";
import { readCookie } from "@/lib/http/cookies";
import { frontGate } from "@/lib/http/request";
import { pageCallbackUrl, pageSignInClient } from "@/lib/pages/pages";
import { pageUrl } from "@/lib/pages/url";
import { NO_SUCH_PAGE_FILE } from "./answers";
import { cookieLine, nextPath, privatePageAt, viewFor } from "./access";
import { lockedPage } from "./pages";
import { privatePage, respond } from "./respond";

/** How long a reader has at the provider before the sign-in they started ends. */
const FLOW_LIFETIME_SECONDS = 10 * 60;
/** How long a provider's discovery document is kept before it is read again. */
const DISCOVERY_KEPT_MS = 5 * 60 * 1000;

const flowCookieName = (pageId: string) => `allclear-oidc-${pageId}`;
const random = () => randomBytes(32).toString("base64url");
const mac = (key: string, text: string) =>
  createHmac("sha256", key).update(`oidc:${text}`).digest("base64url");

type Flow = { state: string; verifier: string; nonce: string; next: string; expires: number };

/** The sign-in under way, MAC'd under the page's key, so the browser can hold it. */
function flowCookie(key: string, flow: Flow): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString("base64url");
  return `${payload}.${mac(key, payload)}`;
}

function flowOf(key: string, cookies: string | null, pageId: string): Flow | null {
  const [payload, signature] = readCookie(cookies, flowCookieName(pageId))?.split(".") ?? [];
  if (!payload || !signature || !constantTimeEqual(signature, mac(key, payload))) return null;
  try {
    const flow = JSON.parse(Buffer.from(payload, "base64url").toString()) as Flow;
    return flow.expires > Date.now() ? flow : null;
  } catch {
    return null;
  }
}

const discovered = new Map<string, { at: number; provider: Promise<OpenIdProvider> }>();

/** The provider's endpoints, read once every few minutes; a failed read is not kept. */
function providerAt(issuer: string): Promise<OpenIdProvider> {
  const kept = discovered.get(issuer);
  if (kept && Date.now() - kept.at < DISCOVERY_KEPT_MS) return kept.provider;
  const provider = discoverOpenIdProvider(issuer);
  provider.catch(() => discovered.delete(issuer));
  discovered.set(issuer, { at: Date.now(), provider });
  return provider;
}

/** The audience page a sign-in step names, with its provider, or null. */
async function signInPageAt(request: Request, step: "/oidc" | "/callback") {
  const found = await privatePageAt(request, step);
  if (!found || found.page.visibility !== "audience" || !found.page.oidc) return null;
  const client = await pageSignInClient(found.page.id);
  return client ? { ...found, client } : null;
}

/**
 * `GET /p/{slug}/access/oidc` (or `/access/oidc` on the page's host): sends the reader to the
 * page's OpenID provider (authorization code with PKCE, a nonce, and the state in a cookie of
 * this page's address, MAC'd under its key). Started elsewhere than the page's own address, it
 * goes there first, where the provider will send the reader back.
 */
export async function startPageSignIn(request: Request): Promise<Response> {
  const refused = frontGate(request);
  if (refused) return refused;
  const found = await signInPageAt(request, "/oidc");
  if (!found) return respond(request, NO_SUCH_PAGE_FILE);
  const { page, scoped, url, client } = found;
  const next = nextPath(url.searchParams.get("next"));
  const canonical = new URL(pageUrl(page));
  const asked = new URL(request.url);
  const here = request.headers.get("host") ?? asked.host;
  if (here !== canonical.host || !asked.pathname.startsWith(canonical.pathname)) {
    const start = new URL(`${pageUrl(page)}/access/oidc`);
    start.searchParams.set("next", next);
    return Response.redirect(start, 303);
  }
  try {
    const provider = await providerAt(client.issuer);
    const flow: Flow = {
      state: random(),
      verifier: random(),
      nonce: random(),
      next,
      expires: Date.now() + FLOW_LIFETIME_SECONDS * 1000,
    };
    const redirectURI = pageCallbackUrl(page);
    const authorization = await createAuthorizationURL({
      id: "page",
      options: { clientId: client.clientId, clientSecret: client.clientSecret, redirectURI },
      authorizationEndpoint: provider.authorizationEndpoint,
      state: flow.state,
      codeVerifier: flow.verifier,
      nonce: flow.nonce,
      scopes: ["openid", "email", "profile"],
      redirectURI,
    });
    return new Response(null, {
      status: 303,
      headers: {
        location: authorization.toString(),
        "set-cookie": cookieLine(
          flowCookieName(page.id),
          flowCookie(scoped.locked.key, flow),
          FLOW_LIFETIME_SECONDS,
        ),
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    logError(`Signing a reader in to ${page.slug} with its provider`, error);
    return refusedPage(request, found, next);
  }
}

/** The userinfo endpoint's claims, for the subject of the ID token only. */
async function userInfo(
  provider: OpenIdProvider,
  accessToken: string | undefined,
  subject: string | undefined,
): Promise<Record<string, unknown>> {
  if (!provider.userinfoEndpoint || !accessToken) return {};
  const response = await fetch(provider.userinfoEndpoint, {
    headers: { authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(5000),
    redirect: "error",
  });
  if (!response.ok) throw new Error(`The userinfo endpoint answered ${response.status}.`);
  const claims = (await response.json()) as Record<string, unknown>;
  if (claims.sub !== subject) throw new Error("The userinfo endpoint answered another subject.");
  return claims;
}

function refusedPage(
  request: Request,
  found: NonNullable<Awaited<ReturnType<typeof signInPageAt>>>,
  next: string,
  status = 401,
) {
  const view = viewFor(request, found.scoped, null);
  return privatePage(
    lockedPage(found.scoped.data!.workspace, view, next, {
      way: "email",
      provider: true,
      refusal: { reason: "notReader" },
    }),
    status,
  );
}

/**
 * `GET …/access/callback`: the provider sends the reader back with a code. The state must be
 * the one this browser started with; the code is exchanged (with the PKCE verifier) for an ID
 * token, checked against the provider's keys, issuer, this client and the nonce. An address the
 * provider vouches for that is in one of the page's audiences gets the reader's cookie, as an
 * emailed link gives it; any other is refused, saying so.
 */
export async function finishPageSignIn(request: Request): Promise<Response> {
  const refused = frontGate(request);
  if (refused) return refused;
  const found = await signInPageAt(request, "/callback");
  if (!found) return respond(request, NO_SUCH_PAGE_FILE);
  const { page, scoped, url, client } = found;
  const flow = flowOf(scoped.locked.key, request.headers.get("cookie"), page.id);
  const state = url.searchParams.get("state");
  const code = url.searchParams.get("code");
  if (!flow || !state || !code || !constantTimeEqual(state, flow.state)) {
    return refusedPage(request, found, flow?.next ?? "/");
  }
  let email: string | null = null;
  try {
    const provider = await providerAt(client.issuer);
    const redirectURI = pageCallbackUrl(page);
    const tokens = await validateAuthorizationCode({
      code,
      codeVerifier: flow.verifier,
      redirectURI,
      options: { clientId: client.clientId, clientSecret: client.clientSecret, redirectURI },
      tokenEndpoint: provider.tokenEndpoint,
    });
    if (!tokens.idToken) throw new Error("The provider answered no ID token.");
    const { payload } = await validateToken(tokens.idToken, provider.jwksUri, {
      audience: client.clientId,
      issuer: provider.issuer,
    });
    if (payload.nonce !== flow.nonce) throw new Error("The ID token carries another nonce.");
    // Providers that keep scope claims out of the ID token answer them at the userinfo endpoint,
    // for the same subject.
    const claims =
      typeof payload.email === "string"
        ? payload
        : await userInfo(provider, tokens.accessToken, payload.sub);
    // Only an address the provider says it verified: a domain audience takes anyone at the domain.
    const verified = claims.email_verified === true || claims.email_verified === "true";
    if (typeof claims.email === "string" && verified) {
      email = claims.email.toLowerCase();
    }
  } catch (error) {
    logError(`Signing a reader in to ${page.slug} with its provider`, error);
  }
  const ended = cookieLine(flowCookieName(page.id), "", 0);
  if (!email || !scoped.locked.audiencesOf?.(email).length) {
    const answer = refusedPage(request, found, flow.next, 403);
    answer.headers.append("set-cookie", ended);
    return answer;
  }
  const view = viewFor(request, scoped, null);
  const headers = new Headers({ location: view.link(flow.next), "cache-control": "no-store" });
  headers.append(
    "set-cookie",
    cookieLine(
      scoped.locked.cookie,
      visitorCookieValue(scoped.locked.key, email),
      PAGE_ACCESS_LIFETIME_MS / 1000,
    ),
  );
  headers.append("set-cookie", ended);
  return new Response(null, { status: 303, headers });
}
