import { Gauge, Registry } from "prom-client";
import { getDb, rowsOf } from "@/db/client";
import { sql } from "drizzle-orm";
import { COMPONENT_STATUSES } from "@/lib/status/labels";
import { instruments } from "./registry";

/**
 * The deployment's state as gauges, read from the database at each scrape into a registry of its
 * own (a removed component leaves no stale series), then joined to this process's counters.
 * Components and monitors are named; nothing else of the workspace appears.
 */
async function stateRegistry(): Promise<Registry> {
  const registry = new Registry();
  const gauge = <L extends string>(name: string, help: string, labelNames: L[]) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });
  const componentInfo = gauge("allclear_component_info", "A component's name, by id.", [
    "component_id",
    "component",
  ]);
  const componentStatus = gauge(
    "allclear_component_status",
    "1 for the status each component has now, 0 for the others.",
    ["component_id", "status"],
  );
  const monitorInfo = gauge("allclear_monitor_info", "A monitor's name, by id.", [
    "monitor_id",
    "monitor",
  ]);
  const monitorUp = gauge(
    "allclear_monitor_up",
    "1 while a monitor's region judges it up or degraded, 0 while down; absent while pending or paused.",
    ["monitor_id", "region"],
  );
  const checkLag = gauge(
    "allclear_check_lag_seconds",
    "How long the oldest check that is due and unclaimed has waited, by region.",
    ["region"],
  );
  const deliveries = gauge(
    "allclear_deliveries",
    "Webhook and chat deliveries waiting to be sent (pending) or given up (failed).",
    ["state"],
  );
  const emails = gauge(
    "allclear_emails",
    "Mails waiting to be sent (pending) or given up (failed).",
    ["state"],
  );

  const db = await getDb();
  const [components, monitors, lags, deliveryCounts, emailCounts] = await Promise.all([
    db.execute(sql`select id, name, status from component order by position`),
    db.execute(sql`
      select m.id, m.name, r.region, r.state from monitor m
      join monitor_region r on r.monitor_id = m.id where m.enabled`),
    db.execute(sql`
      select r.region, greatest(0, extract(epoch from now() - min(r.next_due_at)
        filter (where r.next_due_at <= now() and (r.lease_until is null or r.lease_until < now()))))::float8 as lag
      from monitor_region r join monitor m on m.id = r.monitor_id where m.enabled
      group by r.region`),
    db.execute(sql`
      select state, count(*)::int as n from delivery where state in ('pending', 'failed')
      group by state`),
    db.execute(sql`
      select state, count(*)::int as n from email_message where state in ('pending', 'failed')
      group by state`),
  ]);
  // By id, joined to names through the info series: two components may share a name.
  for (const c of rowsOf<{ id: string; name: string; status: string }>(components)) {
    componentInfo.set({ component_id: c.id, component: c.name }, 1);
    for (const status of COMPONENT_STATUSES) {
      componentStatus.set({ component_id: c.id, status }, c.status === status ? 1 : 0);
    }
  }
  const named = new Set<string>();
  for (const m of rowsOf<{ id: string; name: string; region: string; state: string }>(monitors)) {
    if (!named.has(m.id)) monitorInfo.set({ monitor_id: m.id, monitor: m.name }, 1);
    named.add(m.id);
    if (m.state === "pending" || m.state === "paused") continue;
    monitorUp.set({ monitor_id: m.id, region: m.region }, m.state === "down" ? 0 : 1);
  }
  for (const row of rowsOf<{ region: string; lag: number | null }>(lags)) {
    checkLag.set({ region: row.region }, Number(row.lag ?? 0));
  }
  for (const [counts, target] of [
    [deliveryCounts, deliveries],
    [emailCounts, emails],
  ] as const) {
    const found = new Map(rowsOf<{ state: string; n: number }>(counts).map((r) => [r.state, r.n]));
    for (const state of ["pending", "failed"]) target.set({ state }, found.get(state) ?? 0);
  }
  return registry;
}

/** Everything `/metrics` answers, in Prometheus's text format, and its content type. */
export async function scrapeMetrics(): Promise<{ text: string; contentType: string }> {
  const { registry } = instruments();
  const merged = Registry.merge([registry, await stateRegistry()]);
  return { text: await merged.metrics(), contentType: merged.contentType };
}
