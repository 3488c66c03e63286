import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import { NotFoundError } from "@/lib/errors";
import { merge, percentile, type Histogram } from "./histogram";
import type { Bucket, CheckResult, ErrorClass, Timings } from "./schemas";

const { monitor, monitorOutage, monitorResult, monitorRollup } = schema;

const HOUR = 3_600_000;
/** Each range's length and bucket size: 24 and 28 buckets of hours, 30 and 90 of days. */
const RANGES = {
  "24h": { length: 24 * HOUR, bucket: HOUR },
  "7d": { length: 7 * 24 * HOUR, bucket: 6 * HOUR },
  "30d": { length: 30 * 24 * HOUR, bucket: 24 * HOUR },
  "90d": { length: 90 * 24 * HOUR, bucket: 24 * HOUR },
} as const;
export type HistoryRange = keyof typeof RANGES;

/** 404 unless the monitor is the workspace's. */
async function assertMonitorExists(workspaceId: string, id: string): Promise<void> {
  const db = await getDb();
  const [found] = await db
    .select({ id: monitor.id })
    .from(monitor)
    .where(and(eq(monitor.workspaceId, workspaceId), eq(monitor.id, id)));
  if (!found) throw new NotFoundError("monitor");
}

type Acc = { checks: number; failures: number; histogram: Histogram };

function bucketOut(from: number, acc: Acc | undefined): Bucket {
  const checks = acc?.checks ?? 0;
  const failures = acc?.failures ?? 0;
  const histogram = acc?.histogram ?? {};
  return {
    from: new Date(from),
    checks,
    failures,
    uptime: checks ? Math.floor(((checks - failures) / checks) * 10_000) / 100 : null,
    latencyP50: percentile(histogram, 50),
    latencyP95: percentile(histogram, 95),
    latencyP99: percentile(histogram, 99),
  };
}

/**
 * A monitor's history over a range, from its hourly rollups: buckets per region and across all
 * regions (latency percentiles from merged histograms), and the uptime of the whole range:
 * passing checks over all checks, rounded down so any failure keeps it below 100.
 */
export async function monitorHistory({
  ctx,
  id,
  range,
}: {
  ctx: Pick<Actor, "workspaceId">;
  id: string;
  range: HistoryRange;
}) {
  const db = await getDb();
  await assertMonitorExists(ctx.workspaceId, id);
  const { length, bucket } = RANGES[range];
  const end = Math.floor(Date.now() / bucket) * bucket + bucket;
  const start = end - Math.ceil(length / bucket) * bucket;
  const rows = await db
    .select()
    .from(monitorRollup)
    .where(
      and(
        eq(monitorRollup.workspaceId, ctx.workspaceId),
        eq(monitorRollup.monitorId, id),
        gte(monitorRollup.hour, new Date(start)),
      ),
    )
    .orderBy(asc(monitorRollup.hour));
  const overall = new Map<number, Acc>();
  const byRegion = new Map<string, Map<number, Acc>>();
  const total: Acc = { checks: 0, failures: 0, histogram: {} };
  const add = (into: Map<number, Acc>, at: number, row: (typeof rows)[number]) => {
    const acc = into.get(at) ?? { checks: 0, failures: 0, histogram: {} };
    acc.checks += row.checks;
    acc.failures += row.failures;
    merge(acc.histogram, row.histogram as Histogram);
    into.set(at, acc);
  };
  for (const row of rows) {
    const at = Math.floor(row.hour.getTime() / bucket) * bucket;
    add(overall, at, row);
    if (!byRegion.has(row.region)) byRegion.set(row.region, new Map());
    add(byRegion.get(row.region)!, at, row);
    total.checks += row.checks;
    total.failures += row.failures;
  }
  const starts = Array.from({ length: (end - start) / bucket }, (_, i) => start + i * bucket);
  return {
    range,
    bucketSeconds: bucket / 1000,
    uptime: bucketOut(start, total).uptime,
    overall: starts.map((at) => bucketOut(at, overall.get(at))),
    regions: Object.fromEntries(
      [...byRegion].map(([region, buckets]) => [
        region,
        starts.map((at) => bucketOut(at, buckets.get(at))),
      ]),
    ),
  };
}

type ResultRow = typeof monitorResult.$inferSelect;

function resultOf(row: ResultRow): CheckResult {
  const details = row.details as {
    assertion?: CheckResult["assertion"];
    certificateExpiresAt?: string | null;
  } | null;
  return {
    region: row.region,
    scheduledAt: row.scheduledAt.toISOString(),
    startedAt: row.startedAt.toISOString(),
    status: row.status,
    latencyMs: row.latencyMs,
    statusCode: row.statusCode,
    error: row.errorClass
      ? { class: row.errorClass as ErrorClass, message: row.errorMessage ?? "" }
      : null,
    timings: row.timings as Timings,
    assertion: details?.assertion ?? null,
    certificateExpiresAt: details?.certificateExpiresAt ?? null,
  };
}

/** The monitor's newest failing checks (at most `limit`), with their error text. */
export async function recentFailures({
  ctx,
  id,
  limit = 20,
}: {
  ctx: Pick<Actor, "workspaceId">;
  id: string;
  limit?: number;
}) {
  const db = await getDb();
  await assertMonitorExists(ctx.workspaceId, id);
  const rows = await db
    .select()
    .from(monitorResult)
    .where(
      and(
        eq(monitorResult.workspaceId, ctx.workspaceId),
        eq(monitorResult.monitorId, id),
        eq(monitorResult.status, "down"),
      ),
    )
    .orderBy(desc(monitorResult.startedAt))
    .limit(limit);
  return { failures: rows.map(resultOf) };
}

/** The monitor's newest checks of every region (at most `limit`), newest first. */
export async function recentChecks({
  ctx,
  id,
  limit,
}: {
  ctx: Pick<Actor, "workspaceId">;
  id: string;
  limit: number;
}) {
  const db = await getDb();
  await assertMonitorExists(ctx.workspaceId, id);
  const rows = await db
    .select()
    .from(monitorResult)
    .where(and(eq(monitorResult.workspaceId, ctx.workspaceId), eq(monitorResult.monitorId, id)))
    .orderBy(desc(monitorResult.startedAt))
    .limit(limit);
  return { checks: rows.map(resultOf) };
}

/** The monitor's outages, newest first (at most 50): start, end, cause, and its incident. */
export async function monitorOutages({ ctx, id }: { ctx: Pick<Actor, "workspaceId">; id: string }) {
  const db = await getDb();
  await assertMonitorExists(ctx.workspaceId, id);
  const rows = await db
    .select()
    .from(monitorOutage)
    .where(and(eq(monitorOutage.workspaceId, ctx.workspaceId), eq(monitorOutage.monitorId, id)))
    .orderBy(desc(monitorOutage.startedAt))
    .limit(50);
  const now = Date.now();
  return {
    outages: rows.map((row) => ({
      id: row.id,
      state: row.state,
      startedAt: row.startedAt,
      endedAt: row.endedAt,
      durationSeconds: Math.max(
        0,
        Math.round(((row.endedAt?.getTime() ?? now) - row.startedAt.getTime()) / 1000),
      ),
      cause: row.causeClass ? { class: row.causeClass, message: row.causeMessage ?? "" } : null,
      incidentId: row.incidentId,
    })),
  };
}

const UPTIME_DAYS = 30;

/** Every monitor's uptime over the last 30 days, from the hourly rollups, in one query. */
export async function monitorsUptime({ ctx }: { ctx: Pick<Actor, "workspaceId"> }) {
  const db = await getDb();
  const [monitors, sums] = await Promise.all([
    db
      .select({ id: monitor.id })
      .from(monitor)
      .where(eq(monitor.workspaceId, ctx.workspaceId))
      .orderBy(asc(monitor.createdAt), asc(monitor.id)),
    db
      .select({
        monitorId: monitorRollup.monitorId,
        checks: sql<number>`sum(${monitorRollup.checks})::int`,
        failures: sql<number>`sum(${monitorRollup.failures})::int`,
      })
      .from(monitorRollup)
      .where(
        and(
          eq(monitorRollup.workspaceId, ctx.workspaceId),
          gte(monitorRollup.hour, sql`now() - ${`${UPTIME_DAYS} days`}::interval`),
        ),
      )
      .groupBy(monitorRollup.monitorId),
  ]);
  const byMonitor = new Map(sums.map((row) => [row.monitorId, row]));
  return {
    days: UPTIME_DAYS,
    monitors: monitors.map(({ id }) => {
      const sum = byMonitor.get(id);
      const checks = Number(sum?.checks ?? 0);
      const failures = Number(sum?.failures ?? 0);
      return {
        id,
        uptime: checks ? Math.floor(((checks - failures) / checks) * 10_000) / 100 : null,
      };
    }),
  };
}
