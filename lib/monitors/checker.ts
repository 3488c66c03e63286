import { and, asc, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { getDb, schema, type Transaction } from "@/db/client";
import { config } from "@/lib/config";
import { countHit } from "@/lib/limits/throttle";
import { logError } from "@/lib/log";
import { performCheck, type CheckOutcome, type CheckSpec } from "./check";
import { nextRegionVerdict, nextSlot, phaseOf, type RegionVerdict } from "./detection";
import { evaluateMonitor } from "./effects";
import { bucketOf } from "./histogram";
import type { CheckResult } from "./schemas";

const { monitor, monitorRegion } = schema;

/** How long past a check's deadline its lease lasts before another checker may take the slot. */
const LEASE_MARGIN_MS = 5_000;

/** A due (monitor, region) slot, leased to this checker. */
export type Claim = {
  monitorId: string;
  workspaceId: string;
  region: string;
  lease: string;
  /**
   * When the lease has surely ended, on this process's monotonic clock (`performance.now()`):
   * the database's end, counted from before the claim was made, so never later than it.
   */
  leaseEndsBy: number;
  scheduledAt: Date;
  intervalMs: number;
  spec: CheckSpec;
  thresholds: { failureThreshold: number; recoveryThreshold: number };
  verdict: RegionVerdict;
  monitorState: string;
  effectsHeld: boolean;
};

export type Done =
  { claim: Claim; startedAt: Date; outcome: CheckOutcome } | { claim: Claim; skipped: true };

/**
 * Leases the region's slots due within `horizonMs` (at most `limit`), oldest first. Rows locked
 * by another checker are skipped and a leased slot is not due again until its lease ends, so on
 * PostgreSQL with several checkers of one region each slot is checked once.
 */
export async function claimDueChecks({
  region = config().region,
  horizonMs = 0,
  limit,
}: {
  region?: string;
  horizonMs?: number;
  limit: number;
}): Promise<Claim[]> {
  if (limit <= 0) return [];
  const db = await getDb();
  const claimedAt = performance.now();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ region: monitorRegion, monitor })
      .from(monitorRegion)
      .innerJoin(monitor, eq(monitor.id, monitorRegion.monitorId))
      .where(
        and(
          eq(monitorRegion.region, region),
          lte(monitorRegion.nextDueAt, sql`now() + ${`${horizonMs} milliseconds`}::interval`),
          or(isNull(monitorRegion.leaseUntil), lt(monitorRegion.leaseUntil, sql`now()`)),
          eq(monitor.enabled, true),
        ),
      )
      .orderBy(asc(monitorRegion.nextDueAt))
      .limit(limit)
      .for("update", { of: monitorRegion, skipLocked: true });
    const claims: Claim[] = [];
    for (const { region: slot, monitor: m } of due) {
      claims.push({
        monitorId: m.id,
        workspaceId: m.workspaceId,
        region,
        lease: uuidv7(),
        leaseEndsBy: claimedAt + m.timeoutMs + LEASE_MARGIN_MS,
        scheduledAt: slot.nextDueAt,
        intervalMs: m.intervalSeconds * 1000,
        spec: {
          url: m.url,
          method: m.method,
          expectedStatus: m.expectedStatus,
          keyword: m.keyword,
          timeoutMs: m.timeoutMs,
          followRedirects: m.followRedirects,
        },
        thresholds: {
          failureThreshold: m.failureThreshold,
          recoveryThreshold: m.recoveryThreshold,
        },
        verdict: {
          state: slot.state === "paused" ? "pending" : slot.state,
          since: slot.since,
          streak: slot.streak,
          streakSince: slot.streakSince,
        },
        monitorState: m.state,
        effectsHeld: m.effectsHeld,
      });
    }
    if (claims.length) {
      // The lease ends by the database's clock, which every checker shares, not by this host's.
      const rows = JSON.stringify(
        claims.map((c) => ({
          monitor_id: c.monitorId,
          lease: c.lease,
          hold_ms: c.spec.timeoutMs + LEASE_MARGIN_MS,
        })),
      );
      await tx.execute(sql`
        update monitor_region set lease = c.lease,
          lease_until = greatest(monitor_region.next_due_at, now())
            + c.hold_ms * interval '1 millisecond'
        from json_to_recordset(${rows}::json) as c(monitor_id uuid, lease uuid, hold_ms int)
        where monitor_region.monitor_id = c.monitor_id and monitor_region.region = ${region}`);
    }
    return claims;
  });
}

/** Whether a claimed slot is too late to check: it could not start within one interval. */
function tooLate(claim: Claim, now = Date.now()): boolean {
  return now - claim.scheduledAt.getTime() > claim.intervalMs;
}

/**
 * Whether the check could no longer finish within the lease: the checker stalled (paused,
 * starved) between claiming the slot and starting, and another may have claimed it since.
 */
function leaseRunningOut(claim: Claim): boolean {
  return performance.now() + claim.spec.timeoutMs > claim.leaseEndsBy;
}

/** Runs a claimed check at its slot's time (at once if that has passed). */
export async function runClaim(claim: Claim): Promise<Done> {
  if (tooLate(claim)) return { claim, skipped: true };
  const wait = claim.scheduledAt.getTime() - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  if (leaseRunningOut(claim)) return { claim, skipped: true };
  const startedAt = new Date();
  return { claim, startedAt, outcome: await performCheck(claim.spec) };
}

function resultOf(done: Extract<Done, { outcome: CheckOutcome }>): CheckResult {
  const { claim, startedAt, outcome } = done;
  return {
    region: claim.region,
    scheduledAt: claim.scheduledAt.toISOString(),
    startedAt: startedAt.toISOString(),
    status: outcome.status,
    latencyMs: outcome.timings.totalMs,
    statusCode: outcome.statusCode,
    error: outcome.error,
    timings: outcome.timings,
  };
}

type Rollup = {
  workspace_id: string;
  monitor_id: string;
  region: string;
  hour: string;
  checks: number;
  failures: number;
  histogram: Record<string, number>;
};

/** How long a checker gathers rollup counts in memory before adding them to the database. */
export const ROLLUP_FLUSH_MS = 30_000;

const rollupStore = globalThis as typeof globalThis & {
  __allclearRollups?: { pending: Map<string, Rollup>; flushedAt: number };
};
function pendingRollups() {
  rollupStore.__allclearRollups ??= { pending: new Map(), flushedAt: Date.now() };
  return rollupStore.__allclearRollups;
}

function addToRollup(claim: Claim, result: CheckResult) {
  const { pending } = pendingRollups();
  const hour = new Date(Math.floor(Date.parse(result.startedAt) / 3_600_000) * 3_600_000);
  const key = `${claim.monitorId} ${claim.region} ${hour.getTime()}`;
  const rollup = pending.get(key) ?? {
    workspace_id: claim.workspaceId,
    monitor_id: claim.monitorId,
    region: claim.region,
    hour: hour.toISOString(),
    checks: 0,
    failures: 0,
    histogram: {},
  };
  rollup.checks += 1;
  if (result.status === "down") rollup.failures += 1;
  const bucket = String(bucketOf(result.latencyMs));
  rollup.histogram[bucket] = (rollup.histogram[bucket] ?? 0) + 1;
  pending.set(key, rollup);
}

/**
 * Adds the rollup counts gathered since the last flush to the hourly rows, all in one statement.
 * Merging histograms in SQL is the costliest part of recording a check, so a long-running checker
 * does it every ROLLUP_FLUSH_MS (and when it stops) rather than per batch: history may trail the
 * raw results by that much, and a killed checker's unflushed counts are missing from the history.
 */
export async function flushRollups(): Promise<void> {
  const state = pendingRollups();
  state.flushedAt = Date.now();
  if (!state.pending.size) return;
  const rows = JSON.stringify([...state.pending.values()]);
  state.pending = new Map();
  const db = await getDb();
  await db.execute(sql`
    insert into monitor_rollup (workspace_id, monitor_id, region, hour, checks, failures, histogram)
    select r.workspace_id, r.monitor_id, r.region, r.hour, r.checks, r.failures, r.histogram
    from json_to_recordset(${rows}::json) as r(workspace_id uuid,
      monitor_id uuid, region text, hour timestamptz, checks int, failures int, histogram jsonb)
    where exists (select 1 from monitor m where m.id = r.monitor_id)
    on conflict (monitor_id, region, hour) do update set
      checks = monitor_rollup.checks + excluded.checks,
      failures = monitor_rollup.failures + excluded.failures,
      histogram = (
        select coalesce(jsonb_object_agg(key, total), '{}'::jsonb) from (
          select key, sum(value::int) as total
          from (select * from jsonb_each_text(monitor_rollup.histogram)
                union all select * from jsonb_each_text(excluded.histogram)) as both_sides
          group by key) as merged)`);
}

/** Whether the rollups gathered in memory are due to be flushed. */
export function rollupsDue(now = Date.now()): boolean {
  return now - pendingRollups().flushedAt >= ROLLUP_FLUSH_MS;
}

/**
 * Inserts finished checks' results, answering the ids of those inserted. Only the lease holder
 * records: a check finished after its lease ran out (a stalled or paused checker) was or will
 * be checked again by the newer claim, which alone counts. A slot is recorded once whatever
 * happens (the unique key), and the results of a monitor deleted meanwhile have nothing to
 * belong to: they are dropped.
 */
async function insertResults(tx: Transaction, rows: object[]): Promise<Set<string>> {
  const inserted = await tx.execute(sql`
    insert into monitor_result (id, workspace_id, monitor_id, region, scheduled_at, started_at,
      status, latency_ms, status_code, error_class, error_message, timings)
    select r.id, r.workspace_id, r.monitor_id, r.region, r.scheduled_at, r.started_at,
      r.status, r.latency_ms, r.status_code, r.error_class, r.error_message, r.timings
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(id uuid, workspace_id uuid,
      monitor_id uuid, region text, lease uuid, scheduled_at timestamptz, started_at timestamptz,
      status check_status, latency_ms int, status_code int, error_class text,
      error_message text, timings jsonb)
    where exists (select 1 from monitor_region s where s.monitor_id = r.monitor_id
      and s.region = r.region and s.lease = r.lease)
    on conflict (monitor_id, region, scheduled_at) do nothing
    returning monitor_result.id`);
  // postgres.js answers the rows as an array; PGlite inside `rows`.
  const answer = inserted as unknown as { id: string }[] & { rows?: { id: string }[] };
  return new Set((answer.rows ?? answer).map((row) => row.id));
}

/**
 * Records finished checks in one transaction: the results, each slot's verdict and next slot
 * (only while this checker still holds its lease); rollup counts of what was recorded are gathered
 * for flushRollups. Then evaluates the
 * monitors whose regions disagree with them (a change of state, or effects held back).
 */
export async function recordChecks(batch: Done[]): Promise<void> {
  if (!batch.length) return;
  const db = await getDb();
  const now = Date.now();
  const slots = batch.map((done) => {
    const { claim } = done;
    const next = new Date(
      nextSlot(now, claim.intervalMs, phaseOf(claim.monitorId, claim.intervalMs)),
    );
    if ("skipped" in done) {
      return { done, verdict: claim.verdict, next, result: null };
    }
    if (done.outcome.error?.class === "checker_error") {
      // A fault of ours says nothing about the target: logged and counted as a skipped check.
      logError(
        `The check of monitor ${claim.monitorId} failed on our side:`,
        done.outcome.error.message,
      );
      return { done, verdict: claim.verdict, next, result: null };
    }
    const result = resultOf(done);
    const verdict = nextRegionVerdict(
      claim.verdict,
      { status: result.status, at: done.startedAt },
      claim.thresholds,
    );
    return { done, verdict, next, result };
  });
  const checked = slots.filter((s) => s.result);
  const resultRows = checked.map(({ done, result }) => ({
    id: uuidv7(),
    workspace_id: done.claim.workspaceId,
    monitor_id: done.claim.monitorId,
    region: done.claim.region,
    lease: done.claim.lease,
    scheduled_at: result!.scheduledAt,
    started_at: result!.startedAt,
    status: result!.status,
    latency_ms: result!.latencyMs,
    status_code: result!.statusCode,
    error_class: result!.error?.class ?? null,
    error_message: result!.error?.message ?? null,
    timings: result!.timings,
  }));
  const updates = JSON.stringify(
    slots.map(({ done, verdict, next, result }) => ({
      monitor_id: done.claim.monitorId,
      region: done.claim.region,
      lease: done.claim.lease,
      next_due_at: next.toISOString(),
      state: verdict.state,
      since: verdict.since.toISOString(),
      streak: verdict.streak,
      streak_since: verdict.streakSince?.toISOString() ?? null,
      reported_at: result?.startedAt ?? null,
      last_result: result,
      skipped: result ? 0 : 1,
    })),
  );
  const recorded = await db.transaction(async (tx) => {
    const inserted = resultRows.length ? await insertResults(tx, resultRows) : new Set<string>();
    // A checker whose lease ran out (another took the slot) leaves the slot to the newer claim.
    await tx.execute(sql`
      update monitor_region set
        next_due_at = u.next_due_at, lease = null, lease_until = null,
        state = u.state, since = u.since, streak = u.streak, streak_since = u.streak_since,
        last_reported_at = coalesce(u.reported_at, monitor_region.last_reported_at),
        last_result = coalesce(u.last_result, monitor_region.last_result),
        skipped = monitor_region.skipped + u.skipped
      from json_to_recordset(${updates}::json) as u(monitor_id uuid, region text, lease uuid,
        next_due_at timestamptz, state monitor_state, since timestamptz, streak int,
        streak_since timestamptz, reported_at timestamptz, last_result jsonb, skipped int)
      where monitor_region.monitor_id = u.monitor_id and monitor_region.region = u.region
        and monitor_region.lease = u.lease`);
    return inserted;
  });
  // Rollups count what was recorded, once it is committed.
  checked.forEach(({ done, result }, n) => {
    if (recorded.has(resultRows[n]!.id)) addToRollup(done.claim, result!);
  });
  const toEvaluate = new Map<string, string>();
  for (const { done, verdict } of slots) {
    const { claim } = done;
    const disagrees = verdict.state !== "pending" && verdict.state !== claim.monitorState;
    if (disagrees || claim.effectsHeld) toEvaluate.set(claim.monitorId, claim.workspaceId);
  }
  for (const [monitorId, workspaceId] of toEvaluate) await evaluateMonitor(workspaceId, monitorId);
}

/** Due checks of the region run now, once (the Inngest path's cron step and tests). */
export async function runDueChecks({
  region = config().region,
  limit = 1000,
}: { region?: string; limit?: number } = {}): Promise<number> {
  const claims = await claimDueChecks({ region, limit });
  const done = await Promise.all(claims.map(runClaim));
  await recordChecks(done);
  await flushRollups();
  return done.length;
}

/**
 * A checker of `region` reports in: the region is active (new monitors get a slot in it), and
 * every enabled monitor without a slot there gets one, due now (a checker of a new region, or
 * monitors made while it was away).
 */
export async function ensureRegionSlots(region = config().region): Promise<void> {
  const db = await getDb();
  await db
    .insert(schema.checkerRegion)
    .values({ region, lastSeenAt: sql`now()` })
    .onConflictDoUpdate({ target: schema.checkerRegion.region, set: { lastSeenAt: sql`now()` } });
  await db.execute(sql`
    insert into monitor_region (monitor_id, region, workspace_id, next_due_at)
    select m.id, ${region}, m.workspace_id, now() from monitor m
    where m.enabled and not exists (
      select 1 from monitor_region r where r.monitor_id = m.id and r.region = ${region})
    on conflict do nothing`);
}

/** How often the deployment prunes results, whichever of its checkers gets to it first. */
export const PRUNE_EVERY_SECONDS = 600;

/**
 * Deletes raw results past their retention (48 h on PGlite, 7 days on PostgreSQL) and rollups
 * past 400 days, once per PRUNE_EVERY_SECONDS for the whole deployment: every checker (and the
 * Inngest cron) asks, the first in each window prunes, the others answer false at once.
 */
export async function pruneResults(): Promise<boolean> {
  const turn = await countHit("monitors:prune-results", {
    limit: 1,
    seconds: PRUNE_EVERY_SECONDS,
  });
  if (turn.over) return false;
  const db = await getDb();
  const rawHours = config().databaseUrl ? 7 * 24 : 48;
  await db.execute(
    sql`delete from monitor_result where started_at < now() - ${`${rawHours} hours`}::interval`,
  );
  await db.execute(sql`delete from monitor_rollup where hour < now() - interval '400 days'`);
  return true;
}
