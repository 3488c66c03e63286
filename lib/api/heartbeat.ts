import { frontGate } from "@/lib/http/request";
import { errorResponse } from "@/lib/http/problem";
import { recordPing } from "@/lib/monitors/heartbeat";
import type { RouteHandler } from "./api";
import { optionsFor, route } from "./api";

/**
 * A heartbeat ping: public (the secret in the address is the credential), GET, POST or HEAD,
 * answered `{"ok": true}` once recorded. Limited per secret, not per address: many jobs behind
 * one address each ping their own monitor.
 */
function ping(failed: boolean): RouteHandler {
  return async (request, context) => {
    const refused = frontGate(request);
    if (refused) return refused;
    try {
      const { secret } = (await context.params) as { secret: string };
      const answer = await recordPing({ secret, failed });
      return Response.json(answer, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      return errorResponse(error);
    }
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
