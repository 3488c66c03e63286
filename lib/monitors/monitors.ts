import { and, asc, count, eq, gt, isNotNull, sql } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { transactionChangingData } from "@/lib/changes/changes";
import { insertComponent } from "@/lib/components/components";
import { assertComponentsExist } from "@/lib/components/exist";
import { config } from "@/lib/config";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/errors";
import { resolveAllowed, TargetRefused } from "@/lib/net/targets";
import { uncheckableBecause } from "./check";
import type { CheckResult, MonitorInput } from "./schemas";
import { wakeChecker } from "@/lib/jobs/wake";
import { STALLED_AFTER_INTERVALS } from "./watch";

const { checkerRegion, monitor, monitorRegion } = schema;

type MonitorRow = typeof monitor.$inferSelect;

function present(row: MonitorRow) {
  return {
    id: row.id,
    componentId: row.componentId,
    name: row.name,
    type: "http" as const,
    http: {
      url: row.url,
      method: row.method,
      expectedStatus: row.expectedStatus,
      keyword: row.keyword,
      timeoutMs: row.timeoutMs,
      followRedirects: row.followRedirects,
    },
    publishPolicy: row.publishPolicy,
    downStatus: row.downStatus as "degraded_performance" | "partial_outage" | "major_outage",
    detection: {
      intervalSeconds: row.intervalSeconds,
      failureThreshold: row.failureThreshold,
      recoveryThreshold: row.recoveryThreshold,
    },
    enabled: row.enabled,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A monitor's settings as one flat record, for the audit log's before → after. */
function settingsOf(row: MonitorRow) {
  const { http, detection, id: _id, createdAt: _c, updatedAt: _u, ...rest } = present(row);
  return { ...rest, ...http, ...detection };
}

/**
 * The URL must be http(s) without credentials, and a host name must not resolve to an address
 * the SSRF rules refuse. A name that does not resolve now is accepted: the checks report it
 * (`dns_failure`), and every connection is checked again when it is made.
 */
async function assertCheckableUrl(raw: string): Promise<void> {
  const url = new URL(raw);
  const problem = uncheckableBecause(url);
  if (problem) throw ValidationError.field("http.url", problem);
  try {
    await resolveAllowed(url.hostname);
  } catch (error) {
    if (error instanceof TargetRefused && !/does not resolve/.test(error.message)) {
      throw ValidationError.field("http.url", error.message);
    }
  }
}

function columns(input: MonitorInput) {
  return {
    name: input.name,
    url: input.http.url,
    method: input.http.method,
    expectedStatus: [...new Set(input.http.expectedStatus)],
    keyword: input.http.keyword,
    timeoutMs: input.http.timeoutMs,
    followRedirects: input.http.followRedirects,
    publishPolicy: input.publishPolicy,
    downStatus: input.downStatus,
    intervalSeconds: input.detection.intervalSeconds,
    failureThreshold: input.detection.failureThreshold,
    recoveryThreshold: input.detection.recoveryThreshold,
    enabled: input.enabled,
  };
}

/**
 * Gives the monitor a schedule row in every region whose checkers reported within
 * REGION_ACTIVE_WITHIN, and in this process's own when it checks too, each due now: a new,
 * edited or resumed monitor is checked at once. A checker that starts later gives it a slot
 * itself (ensureRegionSlots).
 */
async function scheduleNow(tx: Executor, row: MonitorRow, { reset }: { reset: boolean }) {
  const active = await tx
    .select({ region: checkerRegion.region })
    .from(checkerRegion)
    .where(
      gt(
        checkerRegion.lastSeenAt,
        sql`now() - ${`${config().regionActiveWithinMs} milliseconds`}::interval`,
      ),
    );
  const regions = new Set(active.map((r) => r.region));
  if (config().monitorChecker) regions.add(config().region);
  if (!regions.size) return;
  const now = new Date();
  const fresh = { state: "pending" as const, since: now, streak: 0, streakSince: null };
  await tx
    .insert(monitorRegion)
    .values(
      [...regions].map((region) => ({
        monitorId: row.id,
        region,
        workspaceId: row.workspaceId,
        nextDueAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [monitorRegion.monitorId, monitorRegion.region],
      set: { nextDueAt: now, ...(reset ? fresh : {}) },
    });
}

async function lockMonitor(tx: Executor, workspaceId: string, id: string) {
  const [row] = await tx
    .select()
    .from(monitor)
    .where(and(eq(monitor.workspaceId, workspaceId), eq(monitor.id, id)))
    .for("update");
  if (!row) throw new NotFoundError("monitor");
  return row;
}

export async function listMonitors({ ctx }: { ctx: Pick<Actor, "workspaceId"> }) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(monitor)
    .where(eq(monitor.workspaceId, ctx.workspaceId))
    .orderBy(asc(monitor.createdAt), asc(monitor.id));
  return { monitors: rows.map(present) };
}

export async function getMonitor({ ctx, id }: { ctx: Pick<Actor, "workspaceId">; id: string }) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(monitor)
    .where(and(eq(monitor.workspaceId, ctx.workspaceId), eq(monitor.id, id)));
  if (!row) throw new NotFoundError("monitor");
  return present(row);
}

/**
 * Refuses a monitor past MONITORS_PER_WORKSPACE. The workspace row is locked first, so two
 * creations at once cannot both take the last place.
 */
async function assertRoomForMonitor(tx: Executor, workspaceId: string) {
  await tx
    .select({ id: schema.workspace.id })
    .from(schema.workspace)
    .where(eq(schema.workspace.id, workspaceId))
    .for("update");
  const [{ monitors }] = (await tx
    .select({ monitors: count() })
    .from(monitor)
    .where(eq(monitor.workspaceId, workspaceId))) as [{ monitors: number }];
  const limit = config().monitorsPerWorkspace;
  if (monitors >= limit) {
    throw new ConflictError(
      "monitor_limit_reached",
      `This workspace has ${limit.toLocaleString("en")} monitors, the most it may have (MONITORS_PER_WORKSPACE); delete one before adding another.`,
    );
  }
}

/** Creates a monitor (and, without `componentId`, a component named after it); checks at once. */
export async function createMonitor({ ctx, input }: { ctx: Actor; input: MonitorInput }) {
  await assertCheckableUrl(input.http.url);
  const created = await transactionChangingData(ctx.workspaceId, async (tx) => {
    await assertRoomForMonitor(tx, ctx.workspaceId);
    let componentId = input.componentId;
    if (componentId) {
      await assertComponentsExist(tx, ctx.workspaceId, [componentId], () => "componentId");
    } else {
      componentId = (await insertComponent(tx, ctx, { name: input.name })).id;
    }
    const [row] = await tx
      .insert(monitor)
      .values({
        workspaceId: ctx.workspaceId,
        componentId,
        ...columns(input),
        state: input.enabled ? "pending" : "paused",
      })
      .returning();
    await scheduleNow(tx, row!, { reset: true });
    await recordAudit(
      tx,
      ctx,
      "monitor.create",
      { type: "monitor", id: row!.id, name: row!.name },
      changesBetween(null, settingsOf(row!)),
    );
    return row!;
  });
  wakeChecker();
  return present(created);
}

/**
 * Replaces every field (left-out optional fields take their defaults; a left-out `componentId`
 * keeps the component). Pausing stops the checks; resuming starts over from `pending` and
 * checks at once, as does any edit of an enabled monitor.
 */
export async function replaceMonitor({
  ctx,
  id,
  input,
}: {
  ctx: Actor;
  id: string;
  input: MonitorInput;
}) {
  await assertCheckableUrl(input.http.url);
  const replaced = await transactionChangingData(ctx.workspaceId, async (tx) => {
    const current = await lockMonitor(tx, ctx.workspaceId, id);
    if (input.componentId) {
      await assertComponentsExist(tx, ctx.workspaceId, [input.componentId], () => "componentId");
    }
    const resumed = input.enabled && !current.enabled;
    const now = new Date();
    const [row] = await tx
      .update(monitor)
      .set({
        ...columns(input),
        componentId: input.componentId ?? current.componentId,
        updatedAt: now,
        ...(!input.enabled
          ? { state: "paused" as const, since: current.enabled ? now : current.since }
          : {}),
        ...(resumed ? { state: "pending" as const, since: now } : {}),
      })
      .where(and(eq(monitor.workspaceId, ctx.workspaceId), eq(monitor.id, id)))
      .returning();
    if (input.enabled) await scheduleNow(tx, row!, { reset: resumed });
    await recordAudit(
      tx,
      ctx,
      "monitor.update",
      { type: "monitor", id, name: row!.name },
      changesBetween(settingsOf(current), settingsOf(row!)),
    );
    return row!;
  });
  wakeChecker();
  return present(replaced);
}

/** Deletes a monitor with its results; its component and any incident it opened stay. */
export async function deleteMonitor({ ctx, id }: { ctx: Actor; id: string }) {
  await transactionChangingData(ctx.workspaceId, async (tx) => {
    const [deleted] = await tx
      .delete(monitor)
      .where(and(eq(monitor.workspaceId, ctx.workspaceId), eq(monitor.id, id)))
      .returning({ id: monitor.id, name: monitor.name });
    if (!deleted) throw new NotFoundError("monitor");
    await recordAudit(tx, ctx, "monitor.delete", { type: "monitor", id, name: deleted.name });
  });
}

/**
 * Regions that reported in the last 10 minutes, and each monitor's verdict and latest result per
 * region, newest first. Two flat indexed reads, joined here: it is polled, at any size.
 */
export async function monitorTelemetry({ ctx }: { ctx: Pick<Actor, "workspaceId"> }) {
  const db = await getDb();
  const [monitors, slots] = await Promise.all([
    db
      .select({
        id: monitor.id,
        state: monitor.state,
        since: monitor.since,
        downStatus: monitor.downStatus,
        enabled: monitor.enabled,
        intervalSeconds: monitor.intervalSeconds,
        timeoutMs: monitor.timeoutMs,
        updatedAt: monitor.updatedAt,
      })
      .from(monitor)
      .where(eq(monitor.workspaceId, ctx.workspaceId))
      .orderBy(asc(monitor.createdAt), asc(monitor.id)),
    db
      .select({
        monitorId: monitorRegion.monitorId,
        region: monitorRegion.region,
        lastReportedAt: monitorRegion.lastReportedAt,
        lastResult: monitorRegion.lastResult,
      })
      .from(monitorRegion)
      .where(
        and(
          eq(monitorRegion.workspaceId, ctx.workspaceId),
          isNotNull(monitorRegion.lastReportedAt),
        ),
      ),
  ]);
  const now = Date.now();
  const recent = now - 10 * 60_000;
  const regions = new Set<string>();
  const results = new Map<string, { at: number; result: CheckResult }[]>();
  const lastReported = new Map<string, number>();
  for (const slot of slots) {
    const at = slot.lastReportedAt!.getTime();
    if (at >= recent) regions.add(slot.region);
    lastReported.set(slot.monitorId, Math.max(lastReported.get(slot.monitorId) ?? 0, at));
    if (!slot.lastResult) continue;
    const list = results.get(slot.monitorId) ?? [];
    list.push({ at, result: slot.lastResult as CheckResult });
    results.set(slot.monitorId, list);
  }
  return {
    regions: [...regions].sort(),
    monitors: monitors.map((m) => ({
      id: m.id,
      state: m.state,
      status:
        m.state === "down"
          ? (m.downStatus as "degraded_performance" | "partial_outage" | "major_outage")
          : ("operational" as const),
      since: m.since,
      results: (results.get(m.id) ?? []).sort((a, b) => b.at - a.at).map((r) => r.result),
      checksDelayed:
        m.enabled &&
        now - Math.max(lastReported.get(m.id) ?? 0, m.updatedAt.getTime()) >
          STALLED_AFTER_INTERVALS * m.intervalSeconds * 1000 + m.timeoutMs,
    })),
  };
}
