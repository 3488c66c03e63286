import { randomBytes } from "node:crypto";
import { NextResponse } from "next/server";
import { config as appConfig } from "@/lib/config";
import { frontGate } from "@/lib/http/request";
import { pageSecurityHeaders, PUBLIC_PATH } from "@/lib/http/security-headers";
import { REQUESTED_PATH_HEADER } from "@/lib/auth/next-path";

// Next.js pages and static assets pass the front gate here, and every page gets its security
// headers, with a fresh nonce that Next.js puts on its own scripts. The public status page sets
// its own headers.
export function proxy(request: Request): Response {
  const refused = frontGate(request);
  if (refused) return refused;
  const { pathname } = new URL(request.url);
  if (
    pathname.startsWith("/_next/") ||
    pathname.startsWith("/api/") ||
    PUBLIC_PATH.test(pathname)
  ) {
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

// The API, sign-in, /health and the public status page (/, its incidents, maintenance, history,
// feeds, /api/v2 and the subscription pages under /public) apply the gate in their handlers and skip this: they are the hot paths.
export const config = {
  matcher: [
    "/((?!v1/|v1$|auth/|health$|health/ready$|openapi\\.json$|api/v2/|public/|history|incidents/|maintenance/|$).*)",
  ],
};
