// 1,000 monitors checked every 10 s against a loopback target for BENCH_SECONDS (60) on one
// server (embedded database; BENCH_DATABASE_URL for PostgreSQL). Reports missed checks (a gap
// over 15 s seen at the target), interval jitter at the target, scheduling lag (startedAt −
// scheduledAt, from telemetry polled every 2 s), the server's CPU, telemetry's answer time, and
// GET /v1/components throughput while the checks run against the same server idle.
// Targets: zero missed, jitter p99 < 500 ms, lag p99 < 500 ms, API during checks >= 0.8x idle,
// telemetry < 100 ms.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { creator, load, signedInOwner, startServer } from "./server";

const MONITORS = Number(process.env.BENCH_MONITORS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 15);
const INTERVAL_MS = 10_000;
const CONNECTIONS = 50;

const arrivals = new Map<string, number[]>();
const target = createServer((request, response) => {
  const path = request.url ?? "/";
  const list = arrivals.get(path) ?? [];
  list.push(Date.now());
  arrivals.set(path, list);
  response.end("ok");
});
await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

const quantile = (values: number[], q: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms = (value: number) => `${Math.round(value)} ms`;

const server = await startServer({ ALLOW_PRIVATE_TARGETS: "true" });
try {
  const cookie = await signedInOwner(server.baseUrl);
  const post = creator(server.baseUrl, cookie);
  const components = `${server.baseUrl}/v1/components`;
  const component = await post("/v1/components", { name: "Bench target" });

  await load(components, 3, { headers: { cookie } });
  const idle = await load(components, LOAD_SECONDS, { headers: { cookie } });

  const created = Date.now();
  for (let i = 0; i < MONITORS; i++) {
    await post("/v1/monitors", {
      name: `Monitor ${i + 1}`,
      componentId: component.id,
      http: { url: `${targetUrl}/m/${i}`, timeoutMs: 5000 },
      detection: { intervalSeconds: INTERVAL_MS / 1000, failureThreshold: 2, recoveryThreshold: 2 },
    });
  }
  console.log(`Created ${MONITORS} monitors in ${((Date.now() - created) / 1000).toFixed(1)} s.`);
  // Let every monitor reach its slot rhythm before measuring.
  await new Promise((resolve) => setTimeout(resolve, 2 * INTERVAL_MS));

  const from = Date.now();
  const cpuBefore = server.cpuSeconds();
  const lags = new Map<string, number>();
  const telemetryTimes: { at: number; ms: number }[] = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/v1/monitors/telemetry`, {
        headers: { cookie },
      });
      const body = (await response.json()) as {
        monitors: { id: string; results: { scheduledAt: string; startedAt: string }[] }[];
      };
      telemetryTimes.push({ at: Date.now(), ms: performance.now() - started });
      for (const monitor of body.monitors) {
        for (const r of monitor.results) {
          lags.set(
            `${monitor.id} ${r.scheduledAt}`,
            Date.parse(r.startedAt) - Date.parse(r.scheduledAt),
          );
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  })();
  // The API under the checks, in the middle of the window.
  const middle = Math.max(0, (SECONDS - LOAD_SECONDS) / 2);
  await new Promise((resolve) => setTimeout(resolve, middle * 1000));
  const loadFrom = Date.now();
  const during = await load(components, LOAD_SECONDS, { headers: { cookie } });
  const loadTo = Date.now();
  await new Promise((resolve) => setTimeout(resolve, (SECONDS - middle - LOAD_SECONDS) * 1000));
  const to = Date.now();
  const cpu = server.cpuSeconds() - cpuBefore;
  polling = false;
  await poll;

  let missed = 0;
  const jitter: number[] = [];
  for (let i = 0; i < MONITORS; i++) {
    const seen = (arrivals.get(`/m/${i}`) ?? []).filter((t) => t >= from - INTERVAL_MS && t <= to);
    const times = [from, ...seen.filter((t) => t >= from), to];
    for (let k = 1; k < times.length; k++) {
      if (times[k]! - times[k - 1]! > 15_000) missed += 1;
    }
    for (let k = 1; k < seen.length; k++)
      jitter.push(Math.abs(seen[k]! - seen[k - 1]! - INTERVAL_MS));
  }
  const checks = [...arrivals.values()].flat().filter((t) => t >= from && t <= to).length;
  const lag = [...lags.values()];

  const where = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded database";
  console.log(
    `\n${MONITORS} monitors every ${INTERVAL_MS / 1000} s, ${SECONDS} s measured, ${where}:`,
  );
  console.log(
    `checks seen at the target: ${checks} (${(checks / ((to - from) / 1000)).toFixed(1)}/s)`,
  );
  console.log(`missed (gap over 15 s): ${missed} (target 0): ${missed === 0 ? "met" : "missed"}`);
  console.log(
    `interval jitter at the target: p50 ${ms(quantile(jitter, 0.5))}, p99 ${ms(quantile(jitter, 0.99))} (target p99 < 500 ms): ${quantile(jitter, 0.99) < 500 ? "met" : "missed"}`,
  );
  console.log(
    `scheduling lag (startedAt − scheduledAt, ${lag.length} results): p50 ${ms(quantile(lag, 0.5))}, p99 ${ms(quantile(lag, 0.99))}, max ${ms(Math.max(...lag))} (target p99 < 500 ms): ${quantile(lag, 0.99) < 500 ? "met" : "missed"}`,
  );
  console.log(
    `server CPU: ${((cpu / ((to - from) / 1000)) * 100).toFixed(0)}% of one core (${cpu.toFixed(1)} s over ${((to - from) / 1000).toFixed(0)} s)`,
  );
  // Telemetry beside the checks alone, and while 50 connections also saturate the API.
  const beside = telemetryTimes
    .filter((t) => t.at < loadFrom || t.at > loadTo + 1000)
    .map((t) => t.ms);
  const loaded = telemetryTimes.filter((t) => t.at >= loadFrom && t.at <= loadTo).map((t) => t.ms);
  console.log(
    `telemetry (${MONITORS} monitors) while checks run: p50 ${ms(quantile(beside, 0.5))}, p99 ${ms(quantile(beside, 0.99))}, max ${ms(Math.max(...beside))} (target < 100 ms): ${quantile(beside, 0.99) < 100 ? "met" : "missed"}; during the API load: p50 ${ms(quantile(loaded, 0.5))}`,
  );
  const ratio = during.rps / idle.rps;
  console.log(
    `GET /v1/components, ${CONNECTIONS} connections, ${LOAD_SECONDS} s: idle ${idle.rps.toFixed(0)} req/s (p99 ${idle.p99} ms), during checks ${during.rps.toFixed(0)} req/s (p99 ${during.p99} ms)`,
  );
  console.log(
    `ratio: ${ratio.toFixed(2)}x idle (target >= 0.8x): ${ratio >= 0.8 ? "met" : "missed"}`,
  );
} finally {
  await server.stop();
  target.close();
}
