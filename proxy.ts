import { randomBytes } from "node:crypto";
import { NextResponse } from "next/server";
import { config as appConfig } from "@/lib/config";
import { frontGate } from "@/lib/http/request";
import { pageSecurityHeaders, PUBLIC_PATH } from "@/lib/http/security-headers";
import { REQUESTED_PATH_HEADER } from "@/lib/auth/next-path";

// Called by Inngest itself, which checks every call's signature; it answers JSON, not a page.
const INNGEST_PATH = "/api/inngest";

// Next.js pages and static assets pass the front gate here, and every page gets its security
// headers, with a fresh nonce that Next.js puts on its own scripts. The public status page sets
// its own headers.
export function proxy(request: Request): Response {
  const refused = frontGate(request);
  if (refused) return refused;
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/_next/") || pathname === INNGEST_PATH || PUBLIC_PATH.test(pathname)) {
    return NextResponse.next();
  }
  const nonce = randomBytes(16).toString("base64");
  const headers = pageSecurityHeaders({
    nonce,
    baseUrl: appConfig().baseUrl,
    development: process.env.NODE_ENV === "development",
  });
  const forwarded = new Headers(request.headers);
  forwarded.set("content-security-policy", headers["content-security-policy"]!);
  // The page asked for, so a signed-out visit can return to it after sign-in.
  const url = new URL(request.url);
  forwarded.set(REQUESTED_PATH_HEADER, url.pathname + url.search);
  const response = NextResponse.next({ request: { headers: forwarded } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

// The API, sign-in, /health, heartbeat pings and the public status pages (/, its incidents, maintenance, history,
// feeds, /api/v2 and the subscription pages under /public; the other pages under /p/) apply the gate in their handlers and
// skip this: they are the hot paths. Each is excluded by its exact address (a whole segment,
// anchored with `$`), never by a prefix: `/historyfoo` or `/incidents/a/b` is Next.js's
// not-found page, which needs the page headers like any page. Next.js reads the matcher without
// running this file, so it stays one literal; lib/http/proxy.test.ts checks it with Next.js's
// own matching.
export const config = {
  matcher: [
    "/((?!$|history(?:\\.rss|\\.atom)?$|history/[^/]+$|robots\\.txt$|sitemap\\.xml$|brand\\.css$|brand/[^/]+$|badge/[^/]+$|widget\\.json$|embed$|incidents/[^/]+$|maintenance/[^/]+$|public/subscriptions(?:/confirm|/manage|/unsubscribe)?$|api/v2/.|p/[^/]+(?:/.*)?$|access(?:/oidc|/callback)?$|v1/.|auth/.|health(?:/ready)?$|heartbeat/[^/]+(?:/fail)?$|openapi\\.json$).*)",
  ],
};
