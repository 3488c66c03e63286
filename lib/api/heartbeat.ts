import type { IncomingMessage, ServerResponse } from "node:http";
import { config } from "@/lib/config";
import { visitorKey } from "@/lib/http/client-address";
import { errorResponse } from "@/lib/http/problem";
import { frontGate, ORIGIN_VERIFY_HEADER, passedFrontGate } from "@/lib/http/request";
import { COMMON_SECURITY_HEADERS, NON_PAGE_CSP } from "@/lib/http/security-headers";
import { recordPing } from "@/lib/monitors/heartbeat";
import type { RouteHandler } from "./api";
import { optionsFor, route } from "./api";

const PING_PATH = /^\/heartbeat\/([^/]+?)(\/fail)?$/;
const PING_METHODS = new Set(["GET", "POST", "HEAD"]);

/** Records a ping; answers as the route and the front door both do. */
async function answerPing(secret: string, failed: boolean, visitor: string): Promise<Response> {
  try {
    const answer = await recordPing({ secret, failed, visitor });
    return Response.json(answer, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}

/**
 * A heartbeat ping: public (the secret in the address is the credential), GET, POST or HEAD,
 * answered `{"ok": true}` once recorded. Limited per secret, not per address: many jobs behind
 * one address each ping their own monitor.
 */
function ping(failed: boolean): RouteHandler {
  return async (request, context) => {
    const refused = frontGate(request);
    if (refused) return refused;
    const { secret } = (await context.params) as { secret: string };
    return answerPing(secret, failed, visitorKey(request.headers));
  };
}

export function pingRoute({ failed }: { failed: boolean }) {
  const handler = ping(failed);
  return {
    ...route({ GET: handler, POST: handler }),
    HEAD: handler,
    OPTIONS: optionsFor(["GET", "POST", "HEAD"]),
  };
}

/**
 * The process's HTTP server answers pings itself, before Next.js routes them (as it does the
 * public page, docs/design.md §11): a ping is one row written, and Next.js's handling of a
 * request would cost several times that on the thread the checks and the API share. Anything
 * else, or a ping the front gate refuses, goes on to Next.js and its route.
 */
export function servePingFromFrontDoor(
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  if (!PING_METHODS.has(request.method ?? "")) return false;
  const target = request.url ?? "";
  const query = target.indexOf("?");
  const pathname = query < 0 ? target : target.slice(0, query);
  const match = PING_PATH.exec(pathname);
  if (!match) return false;
  if (!passedFrontGate(pathname, request.headers[ORIGIN_VERIFY_HEADER] as string | undefined)) {
    return false;
  }
  // A job may send a body (its output); nothing of it is kept.
  request.resume();
  let secret: string;
  try {
    secret = decodeURIComponent(match[1]!);
  } catch {
    secret = "";
  }
  const forwarded = request.headers[config().trustProxyHeader];
  const headers = new Headers();
  if (typeof forwarded === "string") headers.set(config().trustProxyHeader, forwarded);
  void answerPing(secret, Boolean(match[2]), visitorKey(headers)).then(async (answer) => {
    const sent: Record<string, string> = {
      "content-security-policy": NON_PAGE_CSP,
      ...Object.fromEntries(
        COMMON_SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value]),
      ),
    };
    answer.headers.forEach((value, name) => (sent[name] = value));
    const body = request.method === "HEAD" ? "" : await answer.text();
    response.writeHead(answer.status, sent);
    response.end(body);
  });
  return true;
}
