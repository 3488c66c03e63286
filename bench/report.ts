// An availability report over 400 days for 200 components, on PostgreSQL (BENCH_DATABASE_URL):
// each component changed status six times a day (a short major outage, a partial outage easing
// to degraded, back to operational), with a weekly two-hour maintenance window on every
// component and two incidents a day. Reports how long GET /v1/reports/availability takes to
// answer in JSON and in CSV, beside GET /v1/components on the same server.
// Target: < 1 s.
import postgres from "postgres";
import { creator, signedInOwner, startServer } from "./server";

const COMPONENTS = Number(process.env.BENCH_COMPONENTS ?? 200);
const DAYS = 400;
const ROUNDS = 5;
if (!process.env.BENCH_DATABASE_URL) {
  throw new Error("The report benchmark runs on PostgreSQL: set BENCH_DATABASE_URL.");
}

const server = await startServer();
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} });
try {
  const cookie = await signedInOwner(server.baseUrl);
  const post = creator(server.baseUrl, cookie);
  for (let i = 0; i < COMPONENTS; i++) await post("/v1/components", { name: `Component ${i}` });
  const to = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
  const from = new Date(to.getTime() - DAYS * 86_400_000);
  const started = performance.now();
  // A status at the start, then the day's six changes, for every component and day.
  await sql`
    insert into component_status_change (id, workspace_id, component_id, to_status, cause, changed_at)
    select gen_random_uuid(), c.workspace_id, c.id, 'operational', 'manual', ${from} - interval '1 day'
    from component c`;
  await sql`
    insert into component_status_change (id, workspace_id, component_id, to_status, cause, changed_at)
    select gen_random_uuid(), c.workspace_id, c.id, s.status::component_status, 'monitor',
      ${from}::timestamptz + d * interval '1 day' + s.at
    from component c, generate_series(0, ${DAYS - 1}) d,
      (values ('major_outage', interval '3 hours'), ('operational', interval '3 hours 20 minutes'),
        ('partial_outage', interval '9 hours'), ('degraded_performance', interval '9 hours 45 minutes'),
        ('operational', interval '10 hours 30 minutes'), ('operational', interval '15 hours')) s(status, at)`;
  await sql`
    with windows as (
      insert into maintenance (id, workspace_id, title, body, status, starts_at, ends_at, started_at, completed_at)
      select gen_random_uuid(), w.id, 'Weekly upkeep ' || d, '', 'completed', t, t + interval '2 hours',
        t, t + interval '2 hours'
      from workspace w, generate_series(0, ${DAYS - 1}, 7) d,
        lateral (select ${from}::timestamptz + d * interval '1 day' + interval '1 hour' as t) x
      returning id, workspace_id)
    insert into maintenance_component (workspace_id, maintenance_id, component_id)
    select w.workspace_id, w.id, c.id from windows w join component c on c.workspace_id = w.workspace_id`;
  await sql`
    with made as (
      insert into incident (id, workspace_id, title, status, impact, visibility, started_at, resolved_at)
      select gen_random_uuid(), w.id, 'Incident ' || d || '-' || n, 'resolved', 'major', 'published',
        ${from}::timestamptz + d * interval '1 day' + n * interval '6 hours',
        ${from}::timestamptz + d * interval '1 day' + n * interval '6 hours' + interval '40 minutes'
      from workspace w, generate_series(0, ${DAYS - 1}) d, generate_series(0, 1) n
      returning id, workspace_id)
    insert into incident_component (workspace_id, incident_id, component_id, status)
    select m.workspace_id, m.id, c.id, 'major_outage'
    from made m join lateral (select id from component order by random() limit 3) c on true`;
  // As autovacuum leaves a history that has stopped changing: visible to index-only scans.
  await sql`vacuum analyze`;
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from component_status_change`;
  const n = row!.n;
  console.log(
    `Stored ${n.toLocaleString("en")} status changes in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );

  const time = async (path: string) => {
    const times: number[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const begun = performance.now();
      const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
      const text = await response.text();
      times.push(performance.now() - begun);
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
      bytes = text.length;
    }
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(ROUNDS / 2)]!, best: times[0]!, bytes };
  };
  const period = `from=${from.toISOString()}&to=${to.toISOString()}`;
  const json = await time(`/v1/reports/availability?${period}`);
  const csv = await time(`/v1/reports/availability?${period}&format=csv`);
  const kept = await time(`/v1/reports/availability?${period}&excludeMaintenance=false`);
  const components = await time("/v1/components");
  console.log(`\nAvailability report, ${DAYS} days × ${COMPONENTS} components, PostgreSQL:`);
  for (const [label, figures] of [
    ["JSON", json],
    ["CSV", csv],
    ["JSON, maintenance counted", kept],
  ] as const) {
    console.log(
      `${label}: median ${figures.median.toFixed(0)} ms, best ${figures.best.toFixed(0)} ms (${(figures.bytes / 1024).toFixed(0)} KiB); ${(figures.median / 1000).toFixed(2)}x the 1 s target: ${figures.median < 1000 ? "met" : "missed"}`,
    );
  }
  console.log(
    `GET /v1/components on the same server: median ${components.median.toFixed(0)} ms (the report takes ${(json.median / components.median).toFixed(1)}x)`,
  );
} finally {
  await sql.end();
  await server.stop();
}
