// 1,000 monitors checked every 10 s against loopback targets for BENCH_SECONDS (60) on one
// server (embedded database; BENCH_DATABASE_URL for PostgreSQL), mixed as teams use them: 70 %
// http (half of them asserting on a JSON body), 15 % tcp, 10 % dns (against a DNS server of the
// bench's own), 5 % heartbeats pinged by the bench 10,000 times a minute in all. BENCH_MIX=http
// makes every monitor a plain http one. Reports missed checks (a gap over 15 s seen at the
// target; a heartbeat that went down), interval jitter at the targets, scheduling lag
// (startedAt − scheduledAt, from telemetry polled every 2 s), the pings' answer time, the
// server's CPU, telemetry's answer time, and GET /v1/components throughput while the checks run
// against the same server idle.
// Targets: zero missed, jitter p99 < 500 ms, lag p99 < 500 ms, API during checks >= 0.8x idle,
// telemetry < 100 ms, pings p99 < 50 ms.
// BENCH_CHECKERS=<n> (PostgreSQL only): the server does not check (MONITOR_CHECKER=false) and n
// `npm run checker` processes of one region do, as a scaled-out deployment runs; it also reports
// slots asked twice at the target (target 0), each checker's CPU and share of the checks, and
// what the checks cost the database: rows written, WAL and result storage per check, and the
// connections open. BENCH_MONITORS sets the number of monitors.
import { createServer } from "node:http";
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
} from "node:net";
import dns2 from "dns2";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import postgres from "postgres";
import { phaseOf } from "@/lib/monitors/detection";
import { creator, load, signedInOwner, startServer, treeCpuSeconds } from "./server";

const MONITORS = Number(process.env.BENCH_MONITORS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 15);
const INTERVAL_MS = 10_000;
const CONNECTIONS = 50;
const CHECKERS = Number(process.env.BENCH_CHECKERS ?? 0);
if (CHECKERS && !process.env.BENCH_DATABASE_URL) {
  throw new Error("BENCH_CHECKERS needs BENCH_DATABASE_URL: checker processes share PostgreSQL.");
}

const MIXED = (process.env.BENCH_MIX ?? "mixed") !== "http";
const share = (fraction: number) => (MIXED ? Math.round(MONITORS * fraction) : 0);
const TCP = share(0.15);
const DNS = share(0.1);
const HEARTBEATS = share(0.05);
const HTTP = MONITORS - TCP - DNS - HEARTBEATS;
const PINGS_PER_MINUTE = 10_000;

const arrivals = new Map<string, number[]>();
const arrived = (key: string) => {
  const list = arrivals.get(key) ?? [];
  list.push(Date.now());
  arrivals.set(key, list);
};
const HEALTH = JSON.stringify({ status: "ok", checks: [{ name: "database", ok: true }] });
const target = createServer((request, response) => {
  arrived(request.url ?? "/");
  response.setHeader("content-type", "application/json");
  response.end(HEALTH);
});
await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

// A listening port per tcp monitor, so each monitor's arrivals are told apart.
const tcpServers: { server: TcpServer; port: number }[] = [];
for (let k = 0; k < TCP; k++) {
  const server = createTcpServer((socket) => {
    arrived(`/tcp/${k}`);
    socket.on("error", () => {});
    socket.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  tcpServers.push({ server, port: (server.address() as AddressInfo).port });
}

const dnsServer = dns2.createServer({
  udp: true,
  handle: (request, send) => {
    const response = dns2.Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    arrived(`/dns/${question!.name}`);
    response.answers.push({
      name: question!.name,
      type: dns2.Packet.TYPE.A,
      class: dns2.Packet.CLASS.IN,
      ttl: 60,
      address: "192.0.2.1",
    } as never);
    send(response);
  },
});
await dnsServer.listen({ udp: { port: 0, address: "127.0.0.1" } });
const dnsServers = `127.0.0.1:${dnsServer.addresses().udp!.port}`;

const quantile = (values: number[], q: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms = (value: number) => `${Math.round(value)} ms`;

const server = await startServer({
  ALLOW_PRIVATE_TARGETS: "true",
  MONITOR_DNS_SERVERS: dnsServers,
  HEARTBEAT_RATE_LIMIT: "100000",
  MONITORS_PER_WORKSPACE: String(Math.max(1000, MONITORS)),
  ...(CHECKERS ? { MONITOR_CHECKER: "false" } : {}),
});
const checkers: ChildProcess[] = [];
const sql = server.databaseUrl ? postgres(server.databaseUrl, { max: 1 }) : null;
try {
  for (let n = 0; n < CHECKERS; n++) {
    const checker = spawn(process.execPath, ["--import", "tsx", "lib/cli/checker.ts"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: {
        ...process.env,
        DATABASE_URL: server.databaseUrl,
        REGION: "local",
        ALLOW_PRIVATE_TARGETS: "true",
        MONITOR_DNS_SERVERS: dnsServers,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    checkers.push(checker);
    await new Promise<void>((resolve, reject) => {
      checker.stdout!.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("Checking monitors")) resolve();
      });
      checker.once("exit", (code) => reject(new Error(`a checker exited with ${code}`)));
    });
  }
  const cookie = await signedInOwner(server.baseUrl);
  const post = creator(server.baseUrl, cookie);
  const components = `${server.baseUrl}/v1/components`;
  const component = await post("/v1/components", { name: "Bench target" });

  await load(components, 3, { headers: { cookie } });
  const idle = await load(components, LOAD_SECONDS, { headers: { cookie } });

  const created = Date.now();
  // Each checked monitor's id and the key its arrivals are kept under.
  const checked: { id: string; key: string }[] = [];
  const heartbeats: { id: string; url: string }[] = [];
  const detection = {
    intervalSeconds: INTERVAL_MS / 1000,
    failureThreshold: 2,
    recoveryThreshold: 2,
  };
  for (let i = 0; i < MONITORS; i++) {
    const common = { name: `Monitor ${i + 1}`, componentId: component.id, detection };
    if (i < HTTP) {
      const assertions =
        MIXED && i % 2 === 0
          ? [
              { source: "status", comparison: "equals", target: 200 },
              { source: "json", property: "$.status", comparison: "equals", target: "ok" },
              { source: "json", property: "$.checks[0].ok", comparison: "equals", target: "true" },
            ]
          : [];
      const monitor = await post("/v1/monitors", {
        ...common,
        http: { url: `${targetUrl}/m/${i}`, timeoutMs: 5000, assertions },
      });
      checked.push({ id: monitor.id, key: `/m/${i}` });
    } else if (i < HTTP + TCP) {
      const k = i - HTTP;
      const monitor = await post("/v1/monitors", {
        ...common,
        type: "tcp",
        tcp: { host: "127.0.0.1", port: tcpServers[k]!.port, timeoutMs: 5000 },
      });
      checked.push({ id: monitor.id, key: `/tcp/${k}` });
    } else if (i < HTTP + TCP + DNS) {
      const name = `m${i}.bench.test`;
      const monitor = await post("/v1/monitors", {
        ...common,
        type: "dns",
        dns: { name, recordType: "A", expected: ["192.0.2.1"] },
      });
      checked.push({ id: monitor.id, key: `/dns/${name}` });
    } else {
      const monitor = (await post("/v1/monitors", {
        ...common,
        type: "heartbeat",
        heartbeat: { periodSeconds: INTERVAL_MS / 1000, graceSeconds: 5 },
      })) as { id: string; heartbeat?: { url: string } };
      heartbeats.push({ id: monitor.id, url: monitor.heartbeat!.url });
    }
  }
  console.log(
    `Created ${MONITORS} monitors (${HTTP} http, ${TCP} tcp, ${DNS} dns, ${HEARTBEATS} heartbeats) in ${((Date.now() - created) / 1000).toFixed(1)} s.`,
  );
  // The jobs behind the heartbeats ping all along, 10,000 times a minute in all.
  const pingTimes: { at: number; ms: number }[] = [];
  let pingFailures = 0;
  let pinging = heartbeats.length > 0;
  // Open loop: pings go out on schedule whether or not earlier ones have been answered, as
  // independent jobs would send them, so a slow answer shows as latency, not as fewer pings.
  const pinger = (async () => {
    const perTick = 10;
    const tickMs = (60_000 / PINGS_PER_MINUTE) * perTick;
    const inFlight = new Set<Promise<void>>();
    let next = 0;
    let due = performance.now();
    while (pinging) {
      for (let n = 0; n < perTick; n++) {
        const { url } = heartbeats[next++ % heartbeats.length]!;
        const started = performance.now();
        const sent: Promise<void> = fetch(url, { method: "POST" })
          .then(async (response) => {
            await response.body?.cancel();
            if (response.status === 200) {
              pingTimes.push({ at: Date.now(), ms: performance.now() - started });
            } else pingFailures += 1;
          })
          .catch(() => {
            pingFailures += 1;
          })
          .finally(() => inFlight.delete(sent));
        inFlight.add(sent);
      }
      due += tickMs;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
    await Promise.all(inFlight);
  })();
  // Let every monitor reach its slot rhythm before measuring.
  await new Promise((resolve) => setTimeout(resolve, 2 * INTERVAL_MS));

  const databaseCost = async () =>
    sql
      ? (
          await sql<{ wal: string; rows: string; storage: string; connections: number }[]>`
            select pg_current_wal_lsn()::text as wal,
              (select sum(n_tup_ins + n_tup_upd + n_tup_del) from pg_stat_user_tables)::text as rows,
              pg_total_relation_size('monitor_result')::text as storage,
              (select count(*)::int from pg_stat_activity where datname = current_database())
                as connections`
        )[0]!
      : null;
  const costBefore = await databaseCost();
  const from = Date.now();
  const cpuBefore = server.cpuSeconds();
  const checkerCpuBefore = checkers.map((c) => treeCpuSeconds(c.pid!));
  const lags = new Map<string, number>();
  const heartbeatIds = new Set(heartbeats.map((h) => h.id));
  const heartbeatsDown = new Set<string>();
  const telemetryTimes: { at: number; ms: number }[] = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/v1/monitors/telemetry`, {
        headers: { cookie },
      });
      const body = (await response.json()) as {
        monitors: {
          id: string;
          state: string;
          results: { scheduledAt: string; startedAt: string }[];
        }[];
      };
      for (const monitor of body.monitors) {
        if (monitor.state !== "up" && heartbeatIds.has(monitor.id)) heartbeatsDown.add(monitor.id);
      }
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
  const checkerCpu = checkers.map((c, n) => treeCpuSeconds(c.pid!) - checkerCpuBefore[n]!);
  polling = false;
  await poll;
  pinging = false;
  await pinger;
  const pings = pingTimes.filter((p) => p.at >= from && p.at <= to).map((p) => p.ms);
  // Beside the checks alone, and while 50 connections also saturate the API.
  const pingsBeside = pingTimes
    .filter((p) => p.at >= from && p.at <= to && (p.at < loadFrom || p.at > loadTo + 1000))
    .map((p) => p.ms);
  const pingsLoaded = pingTimes.filter((p) => p.at >= loadFrom && p.at <= loadTo).map((p) => p.ms);
  // Statistics reach pg_stat_user_tables within a second of each transaction.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const costAfter = await databaseCost();

  let missed = heartbeatsDown.size;
  const jitter: number[] = [];
  for (const { key } of checked) {
    const seen = (arrivals.get(key) ?? []).filter((t) => t >= from - INTERVAL_MS && t <= to);
    const times = [from, ...seen.filter((t) => t >= from), to];
    for (let k = 1; k < times.length; k++) {
      if (times[k]! - times[k - 1]! > 15_000) missed += 1;
    }
    for (let k = 1; k < seen.length; k++)
      jitter.push(Math.abs(seen[k]! - seen[k - 1]! - INTERVAL_MS));
  }
  const checks = [...arrivals.values()].flat().filter((t) => t >= from && t <= to).length;
  // A slot asked twice: two arrivals for one monitor in one interval of its phase. A check may
  // reach the target a millisecond before its slot by the wall clock (timers keep the monotonic
  // one), so arrivals count toward the slot they are within a second of.
  let twice = 0;
  const examples: string[] = [];
  checked.forEach(({ id, key }) => {
    const phase = phaseOf(id, INTERVAL_MS);
    const slots = new Map<number, number[]>();
    for (const at of arrivals.get(key) ?? []) {
      if (at < from || at > to) continue;
      const slot = Math.floor((at - phase + 1000) / INTERVAL_MS);
      slots.set(slot, [...(slots.get(slot) ?? []), at]);
    }
    for (const [slot, times] of slots) {
      if (times.length < 2) continue;
      twice += times.length - 1;
      if (examples.length < 5) {
        examples.push(
          `${id}: slot ${new Date(slot * INTERVAL_MS + phase).toISOString()} asked at ${times.map((t) => `${t - (slot * INTERVAL_MS + phase)} ms`).join(", ")}`,
        );
      }
    }
  });
  const lag = [...lags.values()];

  const where = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded database";
  console.log(
    `\n${MONITORS} monitors every ${INTERVAL_MS / 1000} s, ${SECONDS} s measured, ${where}:`,
  );
  console.log(
    `checks seen at the target: ${checks} (${(checks / ((to - from) / 1000)).toFixed(1)}/s)`,
  );
  console.log(
    `missed (gap over 15 s, or a heartbeat not up): ${missed} (target 0): ${missed === 0 ? "met" : "missed"}`,
  );
  if (heartbeats.length) {
    console.log(
      `heartbeat pings: ${pings.length} in ${((to - from) / 60_000).toFixed(1)} min (${Math.round(pings.length / ((to - from) / 60_000))}/min), ${pingFailures} not answered 200; beside the checks p50 ${ms(quantile(pingsBeside, 0.5))}, p99 ${ms(quantile(pingsBeside, 0.99))} (target p99 < 50 ms): ${quantile(pingsBeside, 0.99) < 50 ? "met" : "missed"}; during the API load p50 ${ms(quantile(pingsLoaded, 0.5))}, p99 ${ms(quantile(pingsLoaded, 0.99))}`,
    );
  }
  console.log(`slots asked twice at the target: ${twice} (target 0): ${twice ? "missed" : "met"}`);
  for (const example of examples) console.log(`  ${example}`);
  const window = (to - from) / 1000;
  checkerCpu.forEach((seconds, n) => {
    const share = checks / CHECKERS / window;
    const cores = seconds / window;
    console.log(
      `checker ${n + 1}: ${(cores * 100).toFixed(0)}% of one core for ${share.toFixed(0)} checks/s (an even share): ${(share / cores).toFixed(0)} checks/s per core`,
    );
  });
  if (costBefore && costAfter) {
    const perCheck = (after: string, before: string) => (Number(after) - Number(before)) / checks;
    const [walAfter, walBefore] = await Promise.all(
      [costAfter.wal, costBefore.wal].map(
        async (lsn) =>
          (await sql!<{ n: string }[]>`select (${lsn}::pg_lsn - '0/0'::pg_lsn)::text as n`)[0]!.n,
      ),
    );
    const storagePerCheck = perCheck(costAfter.storage, costBefore.storage);
    console.log(
      `database per check: ${perCheck(costAfter.rows, costBefore.rows).toFixed(2)} rows written, ${(perCheck(walAfter!, walBefore!) / 1024).toFixed(2)} KB of WAL, ${storagePerCheck.toFixed(0)} bytes of raw results (${((storagePerCheck * 7 * 86_400) / 1e6).toFixed(0)} MB a week per check a second); connections open: ${costAfter.connections} (server, ${CHECKERS} checkers, this script)`,
    );
  }
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
  for (const checker of checkers) {
    checker.kill("SIGTERM");
    await new Promise((resolve) => checker.once("exit", resolve));
  }
  await sql?.end();
  await server.stop();
  target.close();
  for (const { server: tcp } of tcpServers) tcp.close();
  await dnsServer.close();
}
