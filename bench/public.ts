// The public page and its JSON against GET /health on the same built server, 50 connections,
// BENCH_SECONDS (20) each, taken in alternating 5 s rounds so the machine's drift hits all three
// alike: summary.json at >= 0.8x and / at >= 0.5x /health's rate, no errors.
// Then the spike: while 100 connections read / and summary.json for 30 s, an editor makes 20
// writes 1 s apart (create an incident, post an update, change a component, in turn), each timed
// from send to answer (target p99 <= 1 s) and from send to visible on both (target <= 2 s); the
// same 20 writes with no load first, for comparison.
import {
  creator,
  editor,
  load,
  loadInTurns,
  signedInOwner,
  startServer,
  type Figures,
  type WriteTiming,
} from "./server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 50;
const SPIKE_SECONDS = Number(process.env.BENCH_SPIKE_SECONDS ?? 30);
const SPIKE_CONNECTIONS = 100;
const WRITES = 20;

const ROUND_SECONDS = 5;

const server = await startServer();
try {
  const cookie = await signedInOwner(server.baseUrl);
  const post = creator(server.baseUrl, cookie);
  // A page of a realistic size: 20 components, most in 4 groups, two weeks of incidents, one
  // active incident and one upcoming window.
  const groups = [];
  for (const name of ["Payments", "API", "Dashboard", "Infrastructure"])
    groups.push(await post("/v1/component-groups", { name }));
  const components = [];
  for (let i = 0; i < 20; i++) {
    components.push(
      await post("/v1/components", {
        name: `Component ${i + 1}`,
        description: `Service number ${i + 1}`,
        groupId: i < 16 ? groups[i % 4]!.id : null,
      }),
    );
  }
  for (let i = 0; i < 10; i++) {
    await post("/v1/incidents", {
      title: `Resolved incident ${i + 1}`,
      impact: "minor",
      status: "resolved",
      visibility: "published",
      body: "Requests were **slow** for a while; a cache node was restarted.",
      startedAt: new Date(Date.now() - (i + 1) * 30 * 3_600_000).toISOString(),
    });
  }
  const active = await post("/v1/incidents", {
    title: "Elevated error rates",
    impact: "major",
    visibility: "published",
    body: "We are investigating elevated error rates.",
    components: [{ componentId: components[0]!.id, status: "partial_outage" }],
  });
  await post("/v1/maintenances", {
    title: "Database upgrade",
    body: "Read-only for ten minutes.",
    startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 90_000_000).toISOString(),
    componentIds: [components[1]!.id],
  });
  const health = `${server.baseUrl}/health`;
  const summary = `${server.baseUrl}/api/v2/summary.json`;
  const page = `${server.baseUrl}/`;
  const bytes = (await (await fetch(page)).text()).length;
  console.log(
    `Data: 20 components in 4 groups, 11 incidents; / is ${(bytes / 1024).toFixed(0)} KiB.`,
  );

  // Warm every path up (JIT, route compilation, the snapshot) before measuring.
  for (const url of [health, summary, page]) await load(url, 3);
  const figures = await loadInTurns(
    { health: { url: health }, summary: { url: summary }, page: { url: page } },
    SECONDS,
    ROUND_SECONDS,
  );

  const row = (name: string, f: Figures) =>
    `${name.padEnd(26)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   errors ${f.errors}, non-2xx ${f.non2xx}`;
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each in ${ROUND_SECONDS} s rounds taken in turn, same server, same run (p50 and p99: the median round's):`,
  );
  console.log(row("GET /health", figures.health));
  console.log(row("GET /api/v2/summary.json", figures.summary));
  console.log(row("GET /", figures.page));
  const ratio = (f: Figures) => f.rps / figures.health.rps;
  const verdict = (f: Figures, target: number) =>
    ratio(f) >= target && f.errors === 0 && f.non2xx === 0 ? "met" : "missed";
  console.log(
    `\nsummary.json: ${(ratio(figures.summary) * 100).toFixed(1)}% of /health's rate (target >= 80%, no errors): ${verdict(figures.summary, 0.8)}`,
  );
  console.log(
    `/:            ${(ratio(figures.page) * 100).toFixed(1)}% of /health's rate (target >= 50%, no errors): ${verdict(figures.page, 0.5)}`,
  );

  // The spike: 100 connections (half on /, half on summary.json) for SPIKE_SECONDS while an
  // editor makes WRITES writes 1 s apart; the same writes once more with no load, first.
  const writer = editor(server.baseUrl, cookie, { summary, page });
  const subjects = { incidentId: active.id, componentIds: components.map((c) => c.id) };
  const quiet = await writer.series(subjects, WRITES, "quiet");
  const spikeLoads = Promise.all([
    load(summary, SPIKE_SECONDS, { connections: SPIKE_CONNECTIONS / 2 }),
    load(page, SPIKE_SECONDS, { connections: SPIKE_CONNECTIONS / 2 }),
  ]);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const spiked = await writer.series(subjects, WRITES, "spike");
  const [spikeSummary, spikePage] = await spikeLoads;

  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  };
  const spread = (values: number[]) =>
    `p50 ${String(quantile(values, 0.5)).padStart(5)}   p99 ${String(quantile(values, 0.99)).padStart(5)}   max ${String(Math.max(...values)).padStart(5)} ms`;
  const report = (name: string, timings: WriteTiming[]) => {
    console.log(`  ${name}`);
    console.log(`    ${"send → answer:".padEnd(32)} ${spread(timings.map((t) => t.answered))}`);
    console.log(
      `    ${"send → visible on / and JSON:".padEnd(32)} ${spread(timings.map((t) => t.visible))}`,
    );
    console.log(
      `    ${"dashboard page + its list:".padEnd(32)} ${spread(timings.map((t) => t.dashboard))}`,
    );
    for (const kind of new Set(timings.map((t) => t.kind))) {
      const ofKind = timings.filter((t) => t.kind === kind);
      console.log(
        `    ${kind.padEnd(18)} answered in ${ofKind.map((t) => t.answered).join(", ")} ms; visible in ${ofKind.map((t) => t.visible).join(", ")} ms`,
      );
    }
  };
  console.log(
    `\n${WRITES} writes by an editor, 1 s apart (incident created, update posted, component changed, in turn):`,
  );
  report("no load", quiet);
  report(
    `while ${SPIKE_CONNECTIONS} connections read / and summary.json (${spikePage.rps.toFixed(0)} + ${spikeSummary.rps.toFixed(0)} req/s, p99 ${spikePage.p99} / ${spikeSummary.p99} ms, errors ${spikePage.errors + spikeSummary.errors}, non-2xx ${spikePage.non2xx + spikeSummary.non2xx})`,
    spiked,
  );
  const answeredP99 = quantile(
    spiked.map((t) => t.answered),
    0.99,
  );
  const visibleMax = Math.max(...spiked.map((t) => t.visible));
  console.log(
    `\nUnder the spike: writes answered with p99 ${answeredP99} ms (target <= 1000 ms): ${answeredP99 <= 1000 ? "met" : "missed"}; every change visible within ${visibleMax} ms of being sent (target <= 2000 ms): ${visibleMax <= 2000 ? "met" : "missed"}`,
  );
} finally {
  await server.stop();
}
