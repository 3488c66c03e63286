import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompress, constants, gzip } from "node:zlib";
import { config } from "@/lib/config";
import { etagMatches } from "@/lib/http/etag";
import { ORIGIN_VERIFY_HEADER, passedFrontGate } from "@/lib/http/request";
import { COMMON_SECURITY_HEADERS } from "@/lib/http/security-headers";
import { logError } from "@/lib/log";
import { publicAddress } from "./addresses";
import type { PublicPage } from "./load";
import { answerFor, headersFor } from "./respond";
import { currentSnapshot, type Rendered } from "./snapshot";

/** Smaller answers are sent as they are: compressing them saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

type Encoding = "br" | "gzip";
type Variant = { body: Buffer; headers: Record<string, string> };
type Prepared = {
  identity: Variant;
  encoded: Partial<Record<Encoding, Variant>>;
  notModified: Record<string, string>;
};

const preparedOf = new WeakMap<Rendered, Prepared>();

// Next.js adds these to every answer it sends (next.config.ts); answers sent here carry them too.
const COMMON = Object.fromEntries(
  COMMON_SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value]),
);

/**
 * An answer as bytes with every header, once per answer: serving it again costs a lookup and a
 * write. Its brotli and gzip variants are compressed once, in the thread pool rather than on the
 * event loop; until one is ready, the answer goes out uncompressed.
 */
function prepared(answer: Rendered): Prepared {
  let ready = preparedOf.get(answer);
  if (ready) return ready;
  const base = { ...COMMON, vary: "Accept-Encoding", ...headersFor(answer) };
  const body = Buffer.from(answer.body);
  ready = {
    identity: { body, headers: { ...base, "content-length": String(body.length) } },
    encoded: {},
    notModified: base,
  };
  preparedOf.set(answer, ready);
  // Images come compressed in their own format.
  if (body.length >= COMPRESS_FROM_BYTES && answer.kind !== "image") {
    compressInBackground(ready, base);
  }
  return ready;
}

function compressInBackground(ready: Prepared, base: Record<string, string>): void {
  // A compressed body is another representation: its validator is weak (as RFC 9110 allows),
  // and If-None-Match compares weakly, so a client revalidates whichever one it holds.
  const keep = (encoding: Encoding) => (error: Error | null, body: Buffer) => {
    if (error) return logError(`Compressing a public answer (${encoding})`, error);
    ready.encoded[encoding] = {
      body,
      headers: {
        ...base,
        etag: `W/${base.etag}`,
        "content-encoding": encoding,
        "content-length": String(body.length),
      },
    };
  };
  const size = ready.identity.body.length;
  brotliCompress(
    ready.identity.body,
    {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    },
    keep("br"),
  );
  gzip(ready.identity.body, { level: constants.Z_BEST_COMPRESSION }, keep("gzip"));
}

/** Whether an Accept-Encoding header accepts `coding` (listed, and not with q=0). */
export function accepts(header: string | undefined, coding: Encoding): boolean {
  if (!header) return false;
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.split(";");
    if (name.trim().toLowerCase() !== coding) continue;
    const quality = parameters.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0;
  }
  return false;
}

function send(request: IncomingMessage, response: ServerResponse, answer: Rendered): void {
  const ready = prepared(answer);
  if (answer.status === 200 && etagMatches(request.headers["if-none-match"] ?? null, answer.etag)) {
    response.writeHead(304, ready.notModified).end();
    return;
  }
  const accepted = request.headers["accept-encoding"];
  const variant =
    (accepts(accepted, "br") && ready.encoded.br) ||
    (accepts(accepted, "gzip") && ready.encoded.gzip) ||
    ready.identity;
  response.writeHead(answer.status, variant.headers);
  response.end(request.method === "HEAD" ? undefined : variant.body);
}

/**
 * Paths that answer on a status page's own host (STATUS_PAGE_HOST or a page's `host`) besides
 * those `publicAddress` knows: a page's subscription pages and sign-in steps, at the root or
 * below `/p/{slug}`, heartbeats and health.
 */
const ALSO_ON_PAGE_HOST =
  /^\/(?:(?:p\/[a-z0-9-]{1,48}\/)?(?:public\/subscriptions(?:\/[a-z]+)?|access(?:\/oidc|\/callback)?)|heartbeat\/.+|favicon\.ico|health(?:\/ready)?)$/;

/** The hosts pages answer on, from the data in memory (none before it was first read). */
function pageHosts(): Set<string> {
  const snapshot = currentSnapshot();
  let hosts = hostsOf.get(snapshot?.data?.pages ?? NO_PAGES);
  if (!hosts) {
    const pages = snapshot?.data?.pages ?? NO_PAGES;
    hosts = new Set(pages.flatMap((page) => (page.host ? [page.host] : [])));
    hostsOf.set(pages, hosts);
  }
  return hosts;
}
const NO_PAGES: PublicPage[] = [];
const hostsOf = new WeakMap<PublicPage[], Set<string>>();

/**
 * On a status page's own host (STATUS_PAGE_HOST, or a page's `host`), only the page answers: a
 * request for anything else (the dashboard, sign-in, the API) is sent, with a permanent redirect
 * that keeps its method, to the same path on BASE_URL, where its cookies live. Answers whether
 * it did.
 */
export function sendOffStatusHost(request: IncomingMessage, response: ServerResponse): boolean {
  const { statusPageHost, baseUrl } = config();
  const host = request.headers.host?.toLowerCase();
  if (!host || new URL(baseUrl).host === host) return false;
  if (host !== statusPageHost && !pageHosts().has(host)) return false;
  const target = request.url ?? "/";
  const query = target.indexOf("?");
  const pathname = query < 0 ? target : target.slice(0, query);
  if (publicAddress(pathname, "")) return false;
  if (ALSO_ON_PAGE_HOST.test(pathname)) return false;
  response.writeHead(308, {
    location: `${baseUrl}${target.startsWith("/") ? target : "/"}`,
    "cache-control": "no-store",
  });
  response.end();
  return true;
}

/**
 * Answers a GET or HEAD of a public address straight from the HTTP server, before Next.js sees
 * the request: while the data has not changed, that is a lookup and one write of bytes built
 * once, so a crowd of visitors costs the event loop little and an editor's requests are not
 * kept waiting behind them. Answers whether it took the request; any other request (and one
 * the front gate would refuse, which Next.js's route refuses in its usual words) is left alone.
 */
export function servePublicFromMemory(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const target = request.url ?? "";
  const query = target.indexOf("?");
  const pathname = query < 0 ? target : target.slice(0, query);
  const address = publicAddress(
    pathname,
    query < 0 ? "" : target.slice(query),
    request.headers["accept-language"],
    request.headers.host,
    request.headers.cookie,
  );
  if (!address) return false;
  if (!passedFrontGate(pathname, request.headers[ORIGIN_VERIFY_HEADER] as string | undefined)) {
    return false;
  }
  const answer = answerFor(address);
  if (!(answer instanceof Promise)) send(request, response, answer);
  else {
    answer
      .then((ready) => send(request, response, ready))
      .catch((error: unknown) => {
        logError(`Answering ${pathname}`, error);
        response.destroy();
      });
  }
  return true;
}
