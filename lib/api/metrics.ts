import { config } from "@/lib/config";
import { constantTimeEqual } from "@/lib/crypto/compare";
import { errorResponse, problemResponse } from "@/lib/http/problem";
import { frontGate } from "@/lib/http/request";
import { scrapeMetrics } from "@/lib/metrics/scrape";
import type { RouteHandler } from "./api";

/**
 * `/metrics` for Prometheus: off unless METRICS_TOKEN is set, and then only for a scraper that
 * sends it as a bearer token (`authorization: Bearer …`, Prometheus's `authorization` setting).
 */
export const serveMetrics: RouteHandler = async (request) => {
  const refused = frontGate(request);
  if (refused) return refused;
  const token = config().metricsToken;
  if (!token) {
    return problemResponse(404, "not_found", "Not found", "Metrics are off: set METRICS_TOKEN.");
  }
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!given || !constantTimeEqual(given, token)) {
    return problemResponse(
      401,
      "unauthenticated",
      "Not signed in",
      "Send the metrics token as `Authorization: Bearer <METRICS_TOKEN>`.",
      {},
      { "www-authenticate": 'Bearer realm="metrics"' },
    );
  }
  try {
    const { text, contentType } = await scrapeMetrics();
    return new Response(text, {
      headers: { "content-type": contentType, "cache-control": "no-store" },
    });
  } catch (error) {
    return errorResponse(error);
  }
};
