// The public page and its JSON against GET /health on the same built server, 50 connections,
// BENCH_SECONDS (20) each, taken in alternating 5 s rounds so the machine's drift hits all three
// alike: summary.json at >= 0.8x and / at >= 0.5x /health's rate, no errors.
// Then, with / and summary.json both under load, how long a newly published incident takes to
// show in each once its POST has answered (target: within 2 s).
import { creator, load, loadInTurns, signedInOwner, startServer, type Figures } from "./server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 50;

const ROUND_SECONDS = 5;

/** Polls a URL until its body contains `text`; answers how long that took. */
async function visibleAfter(url: string, text: string, since: number): Promise<number> {
  for (;;) {
    const body = await (await fetch(url)).text();
    if (body.includes(text)) return Date.now() - since;
    if (Date.now() - since > 30_000) throw new Error(`${url} never showed ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

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
  await post("/v1/incidents", {
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

  // Both under load (half the connections each) while an incident is published.
  const half = { connections: CONNECTIONS / 2 };
  const loads = Promise.all([load(summary, 10, half), load(page, 10, half)]);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const title = `Published under load ${Date.now()}`;
  const sent = Date.now();
  await post("/v1/incidents", {
    title,
    impact: "critical",
    visibility: "published",
    body: "Visible?",
  });
  // Published = committed: the POST has answered.
  const published = Date.now();
  const answered = published - sent;
  const [inSummary, inPage] = await Promise.all([
    visibleAfter(summary, title, published),
    visibleAfter(page, title, published),
  ]);
  const [underSummary, underPage] = await loads;
  console.log(
    `\nUnder load (${underSummary.rps.toFixed(0)} + ${underPage.rps.toFixed(0)} req/s, errors ${underSummary.errors + underPage.errors}), an incident published by a POST (which itself took ${answered} ms) showed in summary.json ${inSummary} ms and on / ${inPage} ms after it was committed (target < 2000 ms): ${Math.max(inSummary, inPage) < 2000 ? "met" : "missed"}`,
  );
} finally {
  await server.stop();
}
