// Deleting a monitor with BENCH_RESULTS (500,000) stored results, on PostgreSQL
// (BENCH_DATABASE_URL), while 100 other monitors are checked every 10 s. Reports the time
// DELETE /v1/monitors/{id} takes to answer beside the statement a cascading delete ran (deleting
// another monitor's as many results at once, the baseline), how long the batched removal after it
// takes, and the checks recorded each second before and during that removal.
// Target: the delete answers in < 100 ms, and recording keeps its pace.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { creator, signedInOwner, startServer } from "./server";

const RESULTS = Number(process.env.BENCH_RESULTS ?? 500_000);
const CHECKED = 100;
if (!process.env.BENCH_DATABASE_URL) {
  throw new Error("The delete benchmark runs on PostgreSQL: set BENCH_DATABASE_URL.");
}

const target = createServer((_request, response) => response.end("ok"));
await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

const server = await startServer({ ALLOW_PRIVATE_TARGETS: "true" });
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
try {
  const cookie = await signedInOwner(server.baseUrl);
  const post = creator(server.baseUrl, cookie);
  const monitor = (name: string) =>
    post("/v1/monitors", {
      name,
      http: { url: `${targetUrl}/${encodeURIComponent(name)}` },
      detection: { intervalSeconds: 10, failureThreshold: 2, recoveryThreshold: 2 },
    });
  for (let i = 0; i < CHECKED; i++) await monitor(`Checked ${i}`);
  const deleted = await monitor("Deleted through the API");
  const baseline = await monitor("Deleted by one statement");
  for (const { id } of [deleted, baseline]) {
    await sql`
      insert into monitor_result (id, workspace_id, monitor_id, region, scheduled_at, started_at,
        status, latency_ms, timings)
      select gen_random_uuid(), m.workspace_id, m.id, 'stored', t, t, 'up', 10, '{}'
      from monitor m, (select now() - g * interval '1 second' as t
        from generate_series(1, ${RESULTS}) g) s
      where m.id = ${id}`;
  }
  await sql`analyze monitor_result`;
  const recorded = async () =>
    (
      await sql<
        { n: number }[]
      >`select count(*)::int as n from monitor_result where region = 'local'`
    )[0]!.n;
  await sleep(15_000);
  const paceFrom = await recorded();
  await sleep(10_000);
  const before = ((await recorded()) - paceFrom) / 10;

  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/v1/monitors/${deleted.id}`, {
    method: "DELETE",
    headers: { cookie, origin: server.baseUrl },
  });
  const answered = performance.now() - started;
  if (response.status !== 204) throw new Error(`DELETE answered ${response.status}`);

  const removalFrom = Date.now();
  const duringFrom = await recorded();
  for (;;) {
    const [left] = await sql<{ n: number }[]>`
      select count(*)::int as n from monitor_result where monitor_id = ${deleted.id}`;
    if (left!.n === 0) break;
    await sleep(500);
  }
  const removal = (Date.now() - removalFrom) / 1000;
  const during = ((await recorded()) - duringFrom) / removal;

  const statementFrom = performance.now();
  await sql`delete from monitor_result where monitor_id = ${baseline.id}`;
  const statement = performance.now() - statementFrom;

  console.log(`\nDeleting a monitor with ${RESULTS.toLocaleString("en")} results, PostgreSQL:`);
  console.log(
    `DELETE /v1/monitors/{id} answered in ${answered.toFixed(0)} ms (target < 100 ms): ${answered < 100 ? "met" : "missed"}; the one statement a cascade ran took ${statement.toFixed(0)} ms (${(answered / statement).toFixed(3)}x)`,
  );
  console.log(
    `its results were removed in batches within ${removal.toFixed(1)} s; checks recorded: ${before.toFixed(1)}/s before, ${during.toFixed(1)}/s during (${(during / before).toFixed(2)}x)`,
  );
} finally {
  await sql.end();
  await server.stop();
  target.close();
}
