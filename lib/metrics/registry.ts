import { collectDefaultMetrics, Histogram, Registry } from "prom-client";

type Instruments = {
  registry: Registry;
  requests: Histogram<"method" | "route" | "status">;
  checks: Histogram<"monitor_id" | "region" | "status">;
};

// One registry per process, whichever route bundle asks first: Next.js may load this module more
// than once.
const store = globalThis as typeof globalThis & { __allclearMetrics?: Instruments };

function create(): Instruments {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Histogram({
      name: "allclear_http_request_duration_seconds",
      help: "Time to answer a /v1 request, by operation path, method and status.",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    checks: new Histogram({
      name: "allclear_monitor_check_duration_seconds",
      help: "Duration of the monitor checks this process ran, by monitor, region and result.",
      labelNames: ["monitor_id", "region", "status"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
  };
}

/** This process's metrics. */
export function instruments(): Instruments {
  store.__allclearMetrics ??= create();
  return store.__allclearMetrics;
}

/** Counts one answered /v1 request. */
export function observeRequest(method: string, route: string, status: number, seconds: number) {
  instruments().requests.observe({ method, route, status: String(status) }, seconds);
}

/** Counts one monitor check this process ran. */
export function observeCheck(monitorId: string, region: string, status: string, seconds: number) {
  instruments().checks.observe({ monitor_id: monitorId, region, status }, seconds);
}
