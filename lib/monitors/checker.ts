import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { getDb, rowsOf, schema, type Transaction } from "@/db/client";
import { config } from "@/lib/config";
import { logError } from "@/lib/log";
import { observeCheck } from "@/lib/metrics/registry";
import type { CheckOutcome } from "./check";
import { nextRegionVerdict, nextSlot, phaseOf, type RegionVerdict } from "./detection";
import { evaluateMonitors, warnOfCertificates, type CertificateSeen } from "./effects";
import { bucketOf } from "./histogram";
import { checkOnce, type CheckSpec } from "./probes";
import type { CheckResult } from "./schemas";
import { checkSpecOf, expiryWarningDaysOf, HEARTBEAT_LANE, intervalMsOf } from "./settings";

const { monitor, monitorRegion } = schema;

/** How long past a check's deadline its lease lasts before another checker may take the slot. */
const LEASE_MARGIN_MS = 5_000;

/** How long a claim holds a monitor's slot: its check's deadline and the margin. */
const holdMs = (timeoutMs: number) => timeoutMs + LEASE_MARGIN_MS;

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
  /**
   * Whether the slot was held by an earlier claim that never recorded it (its checker stopped or
   * stalled past the lease). That checker may have checked the target already, so this claim
   * does not: the slot is counted as skipped and the next one scheduled. So is a slot whose
   * monitor's secrets cannot be read.
   */
  abandoned: boolean;
  intervalMs: number;
  /** The check's own deadline; the lease holds it and a margin. */
  timeoutMs: number;
  spec: CheckSpec;
  thresholds: { failureThreshold: number; recoveryThreshold: number };
  verdict: RegionVerdict;
  monitorState: string;
  effectsHeld: boolean;
  /** How many days before a certificate expires a warning goes out; null without TLS. */
  expiryWarningDays: number | null;
  certificateWarnedFor: Date | null;
};

export type Done =
  | { claim: Claim; startedAt: Date; outcome: CheckOutcome }
  | { claim: Claim; skipped: true }
  /** A heartbeat whose first ping is not due yet: no verdict, nothing missed. */
  | { claim: Claim; waiting: true };

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
  const leasedRows = await db.transaction(async (tx) => {
    const due = await tx
      .select({ region: monitorRegion, monitor })
      .from(monitorRegion)
      .innerJoin(monitor, eq(monitor.id, monitorRegion.monitorId))
      .where(
        and(
          inArray(monitorRegion.region, [region, HEARTBEAT_LANE]),
          lte(monitorRegion.nextDueAt, sql`now() + ${`${horizonMs} milliseconds`}::interval`),
          or(isNull(monitorRegion.leaseUntil), lt(monitorRegion.leaseUntil, sql`now()`)),
          eq(monitor.enabled, true),
        ),
      )
      .orderBy(asc(monitorRegion.nextDueAt))
      .limit(limit)
      .for("update", { of: monitorRegion, skipLocked: true });
    const leased = due.map((row) => ({ ...row, lease: uuidv7() }));
    if (leased.length) {
      // The lease ends by the database's clock, which every checker shares, not by this host's.
      const rows = JSON.stringify(
        leased.map(({ monitor: m, region: slot, lease }) => ({
          monitor_id: m.id,
          region: slot.region,
          lease,
          hold_ms: holdMs(m.timeoutMs),
        })),
      );
      await tx.execute(sql`
        update monitor_region set lease = c.lease,
          lease_until = greatest(monitor_region.next_due_at, now())
            + c.hold_ms * interval '1 millisecond'
        from json_to_recordset(${rows}::json)
          as c(monitor_id uuid, region text, lease uuid, hold_ms int)
        where monitor_region.monitor_id = c.monitor_id and monitor_region.region = c.region`);
    }
    return leased;
  });
  // Secrets are decrypted once the claim has committed: reading the key may need the database,
  // which the embedded database's one connection could not give inside the transaction.
  const claims: Claim[] = [];
  for (const { region: slot, monitor: m, lease } of leasedRows) {
    const heartbeat = m.type === "heartbeat";
    let spec: CheckSpec;
    let unreadable = false;
    try {
      spec = await checkSpecOf(m, slot);
    } catch (error) {
      // A secret that cannot be read (another key) cannot be checked: the slot is counted as
      // skipped at its time, never as the target being down, and this is logged once a slot.
      logError(`Monitor ${m.id} cannot be checked:`, error);
      unreadable = true;
      spec = {
        type: "heartbeat",
        windowMs: 0,
        lastPingAt: null,
        pingFailed: false,
        expectedSince: new Date(),
      };
    }
    claims.push({
      monitorId: m.id,
      workspaceId: m.workspaceId,
      region: slot.region,
      lease,
      leaseEndsBy: claimedAt + holdMs(m.timeoutMs),
      scheduledAt: slot.nextDueAt,
      abandoned: slot.lease !== null || unreadable,
      intervalMs: intervalMsOf(m),
      spec,
      // A heartbeat's window already holds its grace: one verdict decides.
      thresholds: heartbeat
        ? { failureThreshold: 1, recoveryThreshold: 1 }
        : { failureThreshold: m.failureThreshold, recoveryThreshold: m.recoveryThreshold },
      verdict: {
        state: slot.state === "paused" ? "pending" : slot.state,
        since: slot.since,
        streak: slot.streak,
        streakSince: slot.streakSince,
      },
      monitorState: m.state,
      effectsHeld: m.effectsHeld,
      expiryWarningDays: expiryWarningDaysOf(m),
      certificateWarnedFor: m.certificateWarnedFor,
      timeoutMs: m.timeoutMs,
    });
  }
  return claims;
}

/**
 * When the region's next slot falls due (epoch milliseconds), or null with none ahead: an idle
 * checker sleeps until then. Read by index; slots due already are held by a claim, or paused.
 */
export async function nextSlotDueAt(region = config().region): Promise<number | null> {
  const db = await getDb();
  const [row] = rowsOf<{ due: number }>(
    await db.execute(sql`
      select (extract(epoch from next_due_at) * 1000)::float8 as due from monitor_region
      where region in (${region}, ${HEARTBEAT_LANE}) and next_due_at > now()
      order by next_due_at limit 1`),
  );
  return row?.due ?? null;
}

/**
 * A heartbeat's pings as they are at its slot's time: the claim was made up to a second ahead,
 * and a ping in between must count.
 */
async function pingsOf(claim: Claim): Promise<{ lastPingAt: Date | null; pingFailed: boolean }> {
  const db = await getDb();
  const [row] = await db
    .select({ lastPingAt: monitorRegion.lastPingAt, pingFailed: monitorRegion.pingFailed })
    .from(monitorRegion)
    .where(
      and(eq(monitorRegion.monitorId, claim.monitorId), eq(monitorRegion.region, claim.region)),
    );
  return row ?? { lastPingAt: null, pingFailed: false };
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
  return performance.now() + claim.timeoutMs > claim.leaseEndsBy;
}

/**
 * Runs a claimed check at its slot's time (at once if that has passed). A slot is asked of the
 * target at most once: one abandoned by an earlier claim, or whose lease ran short while this
 * checker stalled, is skipped instead.
 */
export async function runClaim(claim: Claim): Promise<Done> {
  if (claim.abandoned || tooLate(claim)) return { claim, skipped: true };
  const wait = claim.scheduledAt.getTime() - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  if (leaseRunningOut(claim)) return { claim, skipped: true };
  if (claim.spec.type === "heartbeat") claim.spec = { ...claim.spec, ...(await pingsOf(claim)) };
  const startedAt = new Date();
  const outcome = await checkOnce(claim.spec);
  if (!outcome) return { claim, waiting: true };
  return { claim, startedAt, outcome };
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
    assertion: outcome.assertion ?? null,
    certificateExpiresAt: outcome.certificateExpiresAt ?? null,
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

/** The hourly rollup counts of recorded checks, one row per (monitor, region, hour). */
function rollupsOf(recorded: { claim: Claim; result: CheckResult }[]): Rollup[] {
  const rollups = new Map<string, Rollup>();
  for (const { claim, result } of recorded) {
    const hour = new Date(Math.floor(Date.parse(result.startedAt) / 3_600_000) * 3_600_000);
    const key = `${claim.monitorId} ${claim.region} ${hour.getTime()}`;
    const rollup = rollups.get(key) ?? {
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
    rollups.set(key, rollup);
  }
  return [...rollups.values()];
}

/**
 * Adds recorded checks to their hourly rollups, in the transaction that records them, so the
 * history always equals the raw results. A batch holds one or two checks of a monitor, so the
 * histogram merge touches only the buckets the batch adds, not every bucket of the hour.
 */
async function addToRollups(tx: Transaction, rollups: Rollup[]): Promise<void> {
  await tx.execute(sql`
    insert into monitor_rollup (workspace_id, monitor_id, region, hour, checks, failures, histogram)
    select r.workspace_id, r.monitor_id, r.region, r.hour, r.checks, r.failures, r.histogram
    from json_to_recordset(${JSON.stringify(rollups)}::json) as r(workspace_id uuid,
      monitor_id uuid, region text, hour timestamptz, checks int, failures int, histogram jsonb)
    -- Every checker locks rows in one order, so two recording at once never deadlock.
    order by r.monitor_id, r.region, r.hour
    on conflict (monitor_id, region, hour) do update set
      checks = monitor_rollup.checks + excluded.checks,
      failures = monitor_rollup.failures + excluded.failures,
      histogram = monitor_rollup.histogram || (
        select jsonb_object_agg(key, coalesce((monitor_rollup.histogram ->> key)::int, 0) + value::int)
        from jsonb_each_text(excluded.histogram))`);
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
      status, latency_ms, status_code, error_class, error_message, timings, details)
    select r.id, r.workspace_id, r.monitor_id, r.region, r.scheduled_at, r.started_at,
      r.status, r.latency_ms, r.status_code, r.error_class, r.error_message, r.timings, r.details
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(id uuid, workspace_id uuid,
      monitor_id uuid, region text, lease uuid, scheduled_at timestamptz, started_at timestamptz,
      status check_status, latency_ms int, status_code int, error_class text,
      error_message text, timings jsonb, details jsonb)
    where exists (select 1 from monitor_region s where s.monitor_id = r.monitor_id
      and s.region = r.region and s.lease = r.lease)
    on conflict (monitor_id, region, scheduled_at) do nothing
    returning monitor_result.id`);
  return new Set(rowsOf<{ id: string }>(inserted).map((row) => row.id));
}

/**
 * The slots a recording leaves unchecked: the claimed slot when it was not checked, and every
 * slot between it and the next one, which nobody checked (the slot was held by a checker that
 * stopped, or claimed too late to check in time).
 */
export function slotsMissed(
  scheduledAt: number,
  next: number,
  intervalMs: number,
  checked: boolean,
) {
  const between = Math.max(0, Math.ceil((next - scheduledAt) / intervalMs) - 1);
  return between + (checked ? 0 : 1);
}

/** Monitors whose regions now disagree with them (or whose effects are held), by workspace. */
export type ToEvaluate = Map<string, string>;

/**
 * Records finished checks in one transaction: the results, their hourly rollups, and each slot's
 * verdict, next slot and missed slots (only while this checker still holds its lease). Answers
 * the monitors to evaluate (`evaluateMonitors`, apart from recording): a change of state, or
 * effects held back.
 */
export async function recordChecks(batch: Done[]): Promise<ToEvaluate> {
  const toEvaluate: ToEvaluate = new Map();
  if (!batch.length) return toEvaluate;
  const db = await getDb();
  const now = Date.now();
  const slots = batch.map((done) => {
    const { claim } = done;
    const next = new Date(nextDueOf(claim, now));
    if ("skipped" in done || "waiting" in done) {
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
  const checked = slots.flatMap(({ done, result }) =>
    result ? [{ claim: done.claim, result }] : [],
  );
  for (const { claim, result } of checked) {
    if (result.latencyMs !== null) {
      observeCheck(claim.monitorId, claim.region, result.status, result.latencyMs / 1000);
    }
  }
  const resultRows = checked.map(({ claim, result }) => ({
    id: uuidv7(),
    workspace_id: claim.workspaceId,
    monitor_id: claim.monitorId,
    region: claim.region,
    lease: claim.lease,
    scheduled_at: result.scheduledAt,
    started_at: result.startedAt,
    status: result.status,
    latency_ms: result.latencyMs,
    status_code: result.statusCode,
    error_class: result.error?.class ?? null,
    error_message: result.error?.message ?? null,
    timings: result.timings,
    details:
      result.assertion || result.certificateExpiresAt
        ? { assertion: result.assertion, certificateExpiresAt: result.certificateExpiresAt }
        : null,
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
      recent: result ? RECENT_LETTER[result.status] : "",
      seen_ping:
        done.claim.spec.type === "heartbeat"
          ? (done.claim.spec.lastPingAt?.toISOString() ?? null)
          : null,
      seen_failed: done.claim.spec.type === "heartbeat" && done.claim.spec.pingFailed,
      skipped:
        "waiting" in done
          ? 0
          : slotsMissed(
              done.claim.scheduledAt.getTime(),
              next.getTime(),
              done.claim.intervalMs,
              result !== null,
            ),
    })),
  );
  await db.transaction(async (tx) => {
    // The slots this checker still holds are locked first, so no claim can take one between the
    // lease checks below (a claim skips locked rows). Monitors are locked before their slots, in
    // the order a monitor's delete takes them, so a delete meanwhile waits instead of deadlocking.
    await tx.execute(sql`
      select 1 from monitor m where m.id in (
        select u.monitor_id from json_to_recordset(${updates}::json) as u(monitor_id uuid))
      order by m.id for key share`);
    await tx.execute(sql`
      select 1 from monitor_region s
      join json_to_recordset(${updates}::json) as u(monitor_id uuid, region text, lease uuid)
        on s.monitor_id = u.monitor_id and s.region = u.region and s.lease = u.lease
      order by s.monitor_id for no key update of s`);
    const inserted = resultRows.length ? await insertResults(tx, resultRows) : new Set<string>();
    const recorded = checked.filter((_, n) => inserted.has(resultRows[n]!.id));
    if (recorded.length) await addToRollups(tx, rollupsOf(recorded));
    // A checker whose lease ran out (another took the slot) leaves the slot to the newer claim.
    await tx.execute(sql`
      update monitor_region set
        -- A ping while the slot was held that may change the verdict (a failure reported or
        -- cleared, or any ping while not up) makes it due at once.
        next_due_at = case when monitor_region.ping_failed <> u.seen_failed
            or (monitor_region.last_ping_at is distinct from u.seen_ping and u.state <> 'up')
          then now() else u.next_due_at end,
        lease = null, lease_until = null,
        state = u.state, since = u.since, streak = u.streak, streak_since = u.streak_since,
        last_reported_at = coalesce(u.reported_at, monitor_region.last_reported_at),
        last_result = coalesce(u.last_result, monitor_region.last_result),
        recent = right(monitor_region.recent || u.recent, ${RECENT_KEPT}),
        skipped = monitor_region.skipped + u.skipped
      from json_to_recordset(${updates}::json) as u(monitor_id uuid, region text, lease uuid,
        next_due_at timestamptz, state monitor_state, since timestamptz, streak int,
        streak_since timestamptz, reported_at timestamptz, last_result jsonb, recent text,
        seen_ping timestamptz, seen_failed boolean, skipped int)
      where monitor_region.monitor_id = u.monitor_id and monitor_region.region = u.region
        and monitor_region.lease = u.lease`);
  });
  const certificates: CertificateSeen[] = [];
  for (const { done, verdict, result } of slots) {
    const { claim } = done;
    const disagrees = verdict.state !== "pending" && verdict.state !== claim.monitorState;
    if (disagrees || claim.effectsHeld) toEvaluate.set(claim.monitorId, claim.workspaceId);
    const expiresAt = result?.certificateExpiresAt;
    if (expiresAt && claim.expiryWarningDays !== null) {
      const expires = Date.parse(expiresAt);
      // Warned once per certificate: again only for a later one (a renewal that expires soon
      // too) or once the warned one has expired, so regions seeing different certificates
      // (edges of a CDN) do not take turns announcing them.
      const warned = claim.certificateWarnedFor?.getTime();
      const announce = warned === undefined || expires > warned || warned < now;
      if (announce && expires - now <= claim.expiryWarningDays * 86_400_000) {
        certificates.push({
          monitorId: claim.monitorId,
          workspaceId: claim.workspaceId,
          expiresAt: new Date(expires),
        });
      }
    }
  }
  if (certificates.length) await warnOfCertificates(certificates);
  return toEvaluate;
}

/** The statuses `recent` keeps, one letter each. */
const RECENT_LETTER = { up: "u", degraded: "g", down: "d" } as const;
export const RECENT_KEPT = 30;

/**
 * A slot's next time: the next one at its phase; a heartbeat's, also no later than the end of
 * its window (a missed ping is found when it is due, not at the next sample).
 */
function nextDueOf(claim: Claim, now: number): number {
  const regular = nextSlot(now, claim.intervalMs, phaseOf(claim.monitorId, claim.intervalMs));
  if (claim.spec.type !== "heartbeat") return regular;
  const { lastPingAt, expectedSince, windowMs } = claim.spec;
  const from = lastPingAt && lastPingAt > expectedSince ? lastPingAt : expectedSince;
  const windowEnds = from.getTime() + windowMs + 1;
  return windowEnds > now ? Math.min(regular, windowEnds) : regular;
}

/** Due checks of the region run now, once (the Inngest path's cron step and tests). */
export async function runDueChecks({
  region = config().region,
  limit = 1000,
}: { region?: string; limit?: number } = {}): Promise<number> {
  const claims = await claimDueChecks({ region, limit });
  const done = await Promise.all(claims.map(runClaim));
  await evaluateMonitors(await recordChecks(done));
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
    where m.enabled and m.type <> 'heartbeat' and not exists (
      select 1 from monitor_region r where r.monitor_id = m.id and r.region = ${region})
    on conflict do nothing`);
}
