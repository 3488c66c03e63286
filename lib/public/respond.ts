import { config } from "@/lib/config";
import { isDatabaseUnreachable, OUTAGE_RETRY_AFTER_SECONDS } from "@/lib/database-outage";
import { etagMatches } from "@/lib/http/etag";
import { PROBLEM_TYPE } from "@/lib/http/problem";
import { frontGate } from "@/lib/http/request";
import { NON_PAGE_CSP } from "@/lib/http/security-headers";
import { logError } from "@/lib/log";
import { publicAddress, type BuiltAddress, type PublicAddress } from "./addresses";
import { unavailablePage } from "./pages";
import { viewOf } from "./view";
import {
  currentSnapshot,
  notFoundProblem,
  publicSnapshot,
  rendered,
  type Rendered,
} from "./snapshot";

const CONTENT_TYPE: Record<Rendered["kind"], string> = {
  html: "text/html; charset=utf-8",
  json: "application/json",
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  problem: PROBLEM_TYPE,
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  svg: "image/svg+xml",
  text: "text/plain; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  // An image names its own type.
  image: "application/octet-stream",
};

// Public pages run no inline code: their one script and stylesheets are files of this site. Only
// /embed may be framed by other sites.
// Reads of this site's own files are allowed (a browser's tools fetch robots.txt from the page).
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; base-uri 'none'; form-action 'self'";

/** A CDN may keep an answer a second and serve it stale for a day while the origin is down. */
export const PUBLIC_CACHE_CONTROL =
  "public, max-age=0, s-maxage=1, stale-while-revalidate=5, stale-if-error=86400";

const headersOf = new WeakMap<Rendered, Record<string, string>>();

/** The headers of an answer, worked out once per answer (an answer is served many times). */
export function headersFor(answer: Rendered): Record<string, string> {
  let headers = headersOf.get(answer);
  if (headers) return headers;
  const https = config().baseUrl.startsWith("https://");
  headers = {
    "content-type": CONTENT_TYPE[answer.kind],
    "cache-control": PUBLIC_CACHE_CONTROL,
    etag: answer.etag,
  };
  if (answer.kind === "html") {
    headers["content-security-policy"] =
      PAGE_CSP +
      (answer.frameable ? "; frame-ancestors *" : "; frame-ancestors 'none'") +
      (https ? "; upgrade-insecure-requests" : "");
    if (!answer.frameable) headers["x-frame-options"] = "DENY";
    if (https) headers["strict-transport-security"] = "max-age=63072000; includeSubDomains";
  } else {
    headers["content-security-policy"] = NON_PAGE_CSP;
    headers["access-control-allow-origin"] = "*";
  }
  Object.assign(headers, answer.headers);
  headersOf.set(answer, headers);
  return headers;
}

/** The answer to a GET or HEAD, or 304 when the client already has it. */
export function respond(request: Request, answer: Rendered): Response {
  const headers = new Headers(headersFor(answer));
  if (answer.status === 200 && etagMatches(request.headers.get("if-none-match"), answer.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const body = request.method === "HEAD" ? null : (answer.body as BodyInit);
  return new Response(body, { status: answer.status, headers });
}

const NO_SUCH_FILE = notFoundProblem("There is nothing public at this address.");

const comeBack = {
  "retry-after": String(OUTAGE_RETRY_AFTER_SECONDS),
  "cache-control": "no-store",
};

type Unavailable = Record<"page" | "data", Rendered>;
const store = globalThis as typeof globalThis & { __allclearUnavailable?: Unavailable };

/** What a page and a file answer while there is no copy of the data to build them from. */
function unavailable(kind: "page" | "data"): Rendered {
  store.__allclearUnavailable ??= {
    page: {
      ...rendered("html", unavailablePage(viewOf({ locale: "en", explicit: false })), 503),
      headers: comeBack,
    },
    data: {
      ...rendered(
        "problem",
        JSON.stringify({
          type: "about:blank",
          status: 503,
          code: "service_unavailable",
          title: "Service unavailable",
          detail: `The status data cannot be read right now; try again in ${OUTAGE_RETRY_AFTER_SECONDS} s.`,
        }),
        503,
      ),
      headers: comeBack,
    },
  };
  return store.__allclearUnavailable[kind];
}

/** A visitor is never shown an error page of ours: what could not be built says to come back. */
function failed(address: BuiltAddress, error: unknown): Rendered {
  if (!isDatabaseUnreachable(error)) logError("Building a public answer", error);
  return unavailable(address.kind);
}

/**
 * The answer an address gives now, built from the snapshot. Most reads find the snapshot current
 * and the answer already built, and have it at once, without creating a single promise; the
 * rest wait for the data. Without any copy of the data (the database unreachable since start, or
 * a page the snapshot does not hold), a 503 that says to come back.
 */
export function answerFor(address: PublicAddress): Rendered | Promise<Rendered> {
  if (address.kind === "file") return address.file;
  const snapshot = currentSnapshot();
  if (!snapshot) {
    return publicSnapshot()
      .then(address.answer)
      .catch((error: unknown) => failed(address, error));
  }
  try {
    const answer = address.answer(snapshot);
    return answer instanceof Promise
      ? answer.catch((error: unknown) => failed(address, error))
      : answer;
  } catch (error) {
    return failed(address, error);
  }
}

/** Serves a public address to a route handler: the front gate, then the answer from memory. */
export async function servePublic(request: Request): Promise<Response> {
  const refused = frontGate(request);
  if (refused) return refused;
  const url = new URL(request.url);
  const address = publicAddress(
    url.pathname,
    url.search,
    request.headers.get("accept-language"),
    request.headers.get("host"),
    request.headers.get("cookie"),
  );
  // A route whose segment names nothing public (`/brand/other`).
  if (!address) return respond(request, NO_SUCH_FILE);
  return respond(request, await answerFor(address));
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
  const { etag: _, ...headers } = headersFor(rendered("html", body, status));
  // The language the page was written in, as its root element says.
  const language = /^<!doctype html>\s*<html lang="([^"]+)"/.exec(body)?.[1];
  return new Response(body, {
    status,
    headers: {
      ...headers,
      ...(language ? { "content-language": language } : {}),
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      ...extra,
    },
  });
}
