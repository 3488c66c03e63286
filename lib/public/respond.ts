import { config } from "@/lib/config";
import { OUTAGE_RETRY_AFTER_SECONDS } from "@/lib/database-outage";
import { etagMatches } from "@/lib/http/etag";
import { problemResponse } from "@/lib/http/problem";
import { frontGate } from "@/lib/http/request";
import { NON_PAGE_CSP } from "@/lib/http/security-headers";
import { unavailablePage } from "./pages";
import { publicSnapshot, rendered, type Rendered, type Snapshot } from "./snapshot";

const CONTENT_TYPE: Record<Rendered["kind"], string> = {
  html: "text/html; charset=utf-8",
  json: "application/json",
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
};

// Public pages run no inline code: their one script and stylesheet are files of this site, and
// anyone may frame them.
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors *";

/** A CDN may keep an answer a second and serve it stale for a day while the origin is down. */
export const PUBLIC_CACHE_CONTROL =
  "public, max-age=0, s-maxage=1, stale-while-revalidate=5, stale-if-error=86400";

function headersFor(answer: Rendered): Headers {
  const https = config().baseUrl.startsWith("https://");
  const headers = new Headers({
    "content-type": CONTENT_TYPE[answer.kind],
    "cache-control": PUBLIC_CACHE_CONTROL,
    etag: answer.etag,
  });
  if (answer.kind === "html") {
    headers.set("content-security-policy", PAGE_CSP + (https ? "; upgrade-insecure-requests" : ""));
    if (https) headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  } else {
    headers.set("content-security-policy", NON_PAGE_CSP);
    headers.set("access-control-allow-origin", "*");
  }
  return headers;
}

/** The answer to a GET or HEAD, or 304 when the client already has it. */
export function respond(request: Request, answer: Rendered): Response {
  const headers = headersFor(answer);
  if (answer.status === 200 && etagMatches(request.headers.get("if-none-match"), answer.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const body = request.method === "HEAD" ? null : answer.body;
  return new Response(body, { status: answer.status, headers });
}

/**
 * Serves a public answer: the front gate, then the answer built from the snapshot. Without any
 * copy of the data (the database unreachable since start), a 503 that says to come back.
 */
export async function servePublic(
  request: Request,
  kind: "page" | "data",
  answer: (snapshot: Snapshot) => Rendered | Promise<Rendered>,
): Promise<Response> {
  const refused = frontGate(request);
  if (refused) return refused;
  let snapshot: Snapshot;
  try {
    snapshot = await publicSnapshot();
  } catch {
    if (kind === "data") {
      return problemResponse(
        503,
        "service_unavailable",
        "Service unavailable",
        `The status data cannot be read right now; try again in ${OUTAGE_RETRY_AFTER_SECONDS} s.`,
        {},
        { "retry-after": String(OUTAGE_RETRY_AFTER_SECONDS), "access-control-allow-origin": "*" },
      );
    }
    const response = respond(request, rendered("html", unavailablePage(), 503));
    response.headers.set("retry-after", String(OUTAGE_RETRY_AFTER_SECONDS));
    response.headers.set("cache-control", "no-store");
    return response;
  }
  return respond(request, await answer(snapshot));
}

/** CORS preflight for the public JSON and feeds (behind the front gate like the rest). */
export function publicOptions(request: Request): Response {
  return (
    frontGate(request) ??
    new Response(null, {
      status: 204,
      headers: {
        allow: "GET, HEAD, OPTIONS",
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "GET, HEAD, OPTIONS",
        "access-control-allow-headers": "If-None-Match, Cache-Control",
        "access-control-max-age": "86400",
      },
    })
  );
}

/**
 * A page about one visitor's own subscription: never kept by a CDN or the browser, and its
 * address (which carries a token) is never sent on as a referrer.
 */
export function privatePage(
  body: string,
  status = 200,
  extra: Record<string, string> = {},
): Response {
  const headers = headersFor(rendered("html", body, status));
  headers.set("cache-control", "no-store");
  headers.set("referrer-policy", "no-referrer");
  headers.delete("etag");
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(body, { status, headers });
}
