import { and, asc, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import { logError } from "@/lib/log";
import { SYSTEM_ACTOR, type Actor, type AuditActor } from "@/lib/contract/actor";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { assertComponentsExist } from "@/lib/components/exist";
import { transactionChangingData } from "@/lib/changes/changes";
import { assertPublishableText } from "@/lib/content/rules";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/errors";
import { afterCursor, encodeCursor, page } from "@/lib/contract/paging";
import { announceWindowCancelled, announceWindowRun, type WindowRun } from "@/lib/jobs/engine";
import { cancelJobs, scheduleJob } from "@/lib/jobs/jobs";
import {
  emitMaintenanceEvent,
  scheduleRun,
  setComponents,
  type MaintenanceRow,
} from "./maintenance";
import { wallAt } from "@/lib/time/zones";
import { workspaceTimeZone } from "@/lib/workspace/workspace";
import { occurrenceStarts, shortestGap, type Recurring } from "./recurrence";
import type { MaintenanceSeries, MaintenanceSeriesInput } from "./schemas";

const { maintenance, maintenanceSeries, component } = schema;

/** The job that creates a series' occurrences as they come within the horizon. */
export const MAINTENANCE_SERIES = "maintenance.series";

/** How far ahead a series' occurrences exist as windows. */
export const SERIES_HORIZON_DAYS = 30;
const DAY = 86_400_000;
const horizonFrom = (now: number) => new Date(now + SERIES_HORIZON_DAYS * DAY);
/** How far ahead a rule is looked at for its next starts. */
const TEN_YEARS = 3660 * DAY;

type SeriesRow = typeof maintenanceSeries.$inferSelect;

const AUDITED_FIELDS = [
  "title",
  "body",
  "startsAt",
  "endsAt",
  "recurrence",
  "timeZone",
  "componentIds",
  "remindBeforeMinutes",
];

/** What a series' changes to the windows call for once committed. */
type Effects = { runs: WindowRun[]; cancelled: { id: string; revision: number }[] };

/** The rule's next five starts from now; none when they cannot be found in time. */
function nextStarts(row: SeriesRow, now: number): Date[] {
  try {
    return occurrenceStarts(row, new Date(now), new Date(now + TEN_YEARS), 5);
  } catch (error) {
    if (error instanceof ValidationError) return [];
    throw error;
  }
}

function present(row: SeriesRow, now = Date.now()): MaintenanceSeries {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    recurrence: row.recurrence,
    timeZone: row.timeZone,
    componentIds: row.componentIds,
    remindBeforeMinutes: row.remindBeforeMinutes,
    endedAt: row.endedAt,
    nextStarts: row.endedAt ? [] : nextStarts(row, now),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function lockSeries(tx: Executor, workspaceId: string, id: string) {
  const [row] = await tx
    .select()
    .from(maintenanceSeries)
    .where(and(eq(maintenanceSeries.workspaceId, workspaceId), eq(maintenanceSeries.id, id)))
    .for("update");
  if (!row) throw new NotFoundError("maintenance series");
  return row;
}

/**
 * The input checked against the rule on the workspace's clock: occurrences that do not overlap,
 * and at least one that has not ended.
 */
function assertRunnable(series: Recurring & { endsAt: Date }, now: number) {
  const length = series.endsAt.getTime() - series.startsAt.getTime();
  const gap = shortestGap(series);
  if (gap !== null && length > gap) {
    throw ValidationError.field(
      "endsAt",
      "The window is longer than the time between two occurrences; they would overlap.",
    );
  }
  if (!occurrenceStarts(series, new Date(now - length), new Date(now + TEN_YEARS), 1).length) {
    throw ValidationError.field(
      "recurrence",
      "The rule gives no window that ends in the future (within ten years).",
    );
  }
}

/** The workspace's components among `ids`: a component deleted since the series was written is left out. */
async function existingComponents(tx: Executor, workspaceId: string, ids: string[]) {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: component.id })
    .from(component)
    .where(and(eq(component.workspaceId, workspaceId), inArray(component.id, ids)));
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => found.has(id));
}

/**
 * The rule's starts for the daily run; none, said in the log, when they cannot be found in time
 * (the rule was checked when written, so only a rule that stopped matching gets here).
 */
function startsOrNone(series: SeriesRow, from: Date, to: Date): Date[] {
  try {
    return occurrenceStarts(series, from, to);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    logError(`Maintenance series ${series.id}: its rule found no windows in time.`, error);
    return [];
  }
}

/**
 * The local day (on the series' clock) a start falls on. The rule gives at most one start a day
 * (nothing finer than DAILY), so a day names an occurrence.
 */
function dayOf(ms: number, zone: string): string {
  const { year, month, day } = wallAt(ms, zone);
  return `${year}-${month}-${day}`;
}

/**
 * Creates the series' windows whose starts the rule gives up to the horizon, skipping any day that
 * already has one: an occurrence edited or cancelled on its own, started or ended keeps its day. A
 * window that becomes the series' next one with nothing else scheduled is announced as scheduled;
 * the rest are quiet until their reminder.
 */
async function createOccurrences(
  tx: Executor,
  series: SeriesRow,
  now: number,
  effects: Effects,
  by: AuditActor,
): Promise<void> {
  const length = series.endsAt.getTime() - series.startsAt.getTime();
  const until = horizonFrom(now);
  const starts = startsOrNone(series, new Date(now - length), until);
  const taken = await tx
    .select({ occurrenceAt: maintenance.occurrenceAt, status: maintenance.status })
    .from(maintenance)
    .where(
      and(eq(maintenance.workspaceId, series.workspaceId), eq(maintenance.seriesId, series.id)),
    );
  const days = new Set(taken.map((row) => dayOf(row.occurrenceAt!.getTime(), series.timeZone)));
  let upcoming = taken.some((row) => row.status === "scheduled" || row.status === "in_progress");
  const componentIds = await existingComponents(tx, series.workspaceId, series.componentIds);
  for (const start of starts) {
    if (days.has(dayOf(start.getTime(), series.timeZone))) continue;
    const [created] = await tx
      .insert(maintenance)
      .values({
        workspaceId: series.workspaceId,
        title: series.title,
        body: series.body,
        startsAt: start,
        endsAt: new Date(start.getTime() + length),
        remindBeforeMinutes: series.remindBeforeMinutes,
        seriesId: series.id,
        occurrenceAt: start,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning();
    await setComponents(tx, series.workspaceId, created!.id, componentIds);
    effects.runs.push(await scheduleRun(tx, created!));
    await recordAudit(
      tx,
      { workspaceId: series.workspaceId, by },
      "maintenance.create",
      { type: "maintenance", id: created!.id, name: created!.title },
      changesBetween(
        null,
        { ...created!, componentIds },
        {
          fields: ["startsAt", "endsAt", "seriesId"],
        },
      ),
    );
    if (!upcoming) {
      await emitMaintenanceEvent(tx, series.workspaceId, created!.id, "maintenance.scheduled");
      upcoming = true;
    }
  }
  await tx
    .update(maintenanceSeries)
    .set({ createdUntil: until })
    .where(
      and(
        eq(maintenanceSeries.workspaceId, series.workspaceId),
        eq(maintenanceSeries.id, series.id),
      ),
    );
}

/** The rule's starts that windows of the series hold, whatever became of them. */
async function startsTaken(tx: Executor, series: SeriesRow): Promise<number[]> {
  const rows = await tx
    .select({ occurrenceAt: maintenance.occurrenceAt })
    .from(maintenance)
    .where(
      and(eq(maintenance.workspaceId, series.workspaceId), eq(maintenance.seriesId, series.id)),
    );
  return rows.map((row) => row.occurrenceAt!.getTime());
}

/** The series' windows still to come that follow it: scheduled, not started, not edited alone. */
async function followingWindows(tx: Executor, series: SeriesRow, now: number) {
  return tx
    .select()
    .from(maintenance)
    .where(
      and(
        eq(maintenance.workspaceId, series.workspaceId),
        eq(maintenance.seriesId, series.id),
        eq(maintenance.status, "scheduled"),
        eq(maintenance.detached, false),
        gt(maintenance.startsAt, new Date(now)),
      ),
    )
    .orderBy(asc(maintenance.startsAt))
    .for("update");
}

/**
 * Takes a window off the series: one never announced is deleted; one announced (scheduled,
 * reminded of, or with a note) is cancelled, so its readers hear that it is off. Its pending jobs
 * find it gone or of a newer revision and do nothing: cancelling them here, under the window's
 * lock, could deadlock with a runner that holds a job and waits for the window.
 */
async function withdraw(tx: Executor, row: MaintenanceRow, by: AuditActor, effects: Effects) {
  if (!row.announcedAt) {
    await tx
      .delete(maintenance)
      .where(and(eq(maintenance.workspaceId, row.workspaceId), eq(maintenance.id, row.id)));
    return;
  }
  const revision = row.revision + 1;
  await tx
    .update(maintenance)
    .set({ status: "cancelled", cancelledAt: new Date(), revision, updatedAt: new Date() })
    .where(and(eq(maintenance.workspaceId, row.workspaceId), eq(maintenance.id, row.id)));
  await recordAudit(
    tx,
    { workspaceId: row.workspaceId, by },
    "maintenance.cancel",
    { type: "maintenance", id: row.id, name: row.title },
    changesBetween(row, { ...row, status: "cancelled" }, { fields: ["status"] }),
  );
  await emitMaintenanceEvent(tx, row.workspaceId, row.id, "maintenance.cancelled");
  effects.cancelled.push({ id: row.id, revision });
}

/**
 * Calls off a series' pending daily run. Done before the series is locked: a runner holding the
 * job waits for the series lock, so taking the job after the series could deadlock.
 */
async function cancelExtension(tx: Executor, workspaceId: string, seriesId: string) {
  await cancelJobs(tx, { workspaceId, subjectId: seriesId, kind: MAINTENANCE_SERIES });
}

async function scheduleExtension(tx: Executor, series: SeriesRow, now: number) {
  if (series.endedAt) return;
  await scheduleJob(tx, {
    workspaceId: series.workspaceId,
    kind: MAINTENANCE_SERIES,
    subjectId: series.id,
    revision: series.revision,
    runAt: new Date(now + DAY),
  });
}

function announce(effects: Effects) {
  for (const run of effects.runs) announceWindowRun(run);
  for (const { id, revision } of effects.cancelled) announceWindowCancelled(id, revision);
}

const toSecond = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000);

async function prepare(tx: Executor, ctx: Actor, input: MaintenanceSeriesInput, now: number) {
  await assertComponentsExist(
    tx,
    ctx.workspaceId,
    input.componentIds,
    (index) => `componentIds.${index}`,
  );
  assertPublishableText({ title: input.title, body: input.body });
  const fields = {
    title: input.title,
    body: input.body,
    recurrence: input.recurrence,
    timeZone: await workspaceTimeZone(tx, ctx.workspaceId),
    // To the second, as the rule's clock reads them.
    startsAt: toSecond(input.startsAt),
    endsAt: toSecond(input.endsAt),
    componentIds: input.componentIds,
    remindBeforeMinutes: input.remindBeforeMinutes,
  };
  assertRunnable(fields, now);
  return fields;
}

export async function createMaintenanceSeries({
  ctx,
  input,
}: {
  ctx: Actor;
  input: MaintenanceSeriesInput;
}) {
  const effects: Effects = { runs: [], cancelled: [] };
  const created = await transactionChangingData(ctx.workspaceId, async (tx) => {
    const now = Date.now();
    const fields = await prepare(tx, ctx, input, now);
    const [series] = await tx
      .insert(maintenanceSeries)
      .values({
        ...fields,
        workspaceId: ctx.workspaceId,
        createdUntil: new Date(now),
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning();
    await recordAudit(
      tx,
      ctx,
      "maintenance_series.create",
      { type: "maintenance_series", id: series!.id, name: series!.title },
      changesBetween(null, series!, { fields: AUDITED_FIELDS }),
    );
    await createOccurrences(tx, series!, now, effects, ctx.by);
    await scheduleExtension(tx, series!, now);
    return present(series!, now);
  });
  announce(effects);
  return created;
}

/**
 * Rewrites a series from now on. Its windows still to come that follow it take the new title,
 * text, components, times and reminder where the new rule still has a start on their day, and are
 * withdrawn where it has none; days the new rule adds get windows. Windows started, ended, or
 * edited or cancelled on their own stay as they are, and keep their day. A window whose readers
 * were reminded of it and that moves is announced as scheduled again, and reminded again.
 */
export async function replaceMaintenanceSeries({
  ctx,
  id,
  input,
}: {
  ctx: Actor;
  id: string;
  input: MaintenanceSeriesInput;
}) {
  const effects: Effects = { runs: [], cancelled: [] };
  const replaced = await transactionChangingData(ctx.workspaceId, async (tx) => {
    const now = Date.now();
    await cancelExtension(tx, ctx.workspaceId, id);
    const current = await lockSeries(tx, ctx.workspaceId, id);
    if (current.endedAt) {
      throw new ConflictError(
        "illegal_transition",
        "This series has ended; it can no longer change.",
      );
    }
    const fields = await prepare(tx, ctx, input, now);
    const [series] = await tx
      .update(maintenanceSeries)
      .set({ ...fields, revision: current.revision + 1, updatedAt: new Date(now) })
      .where(and(eq(maintenanceSeries.workspaceId, ctx.workspaceId), eq(maintenanceSeries.id, id)))
      .returning();
    const zone = fields.timeZone;
    const length = fields.endsAt.getTime() - fields.startsAt.getTime();
    // The starts the series' windows are made from (one still running counts), and a day past
    // the horizon, so a window near its edge whose start moves a little later is kept.
    const startOn = new Map(
      occurrenceStarts(series!, new Date(now - length), horizonFrom(now + DAY)).map((start) => [
        dayOf(start.getTime(), zone),
        start,
      ]),
    );
    const componentIds = await existingComponents(tx, ctx.workspaceId, fields.componentIds);
    const following = await followingWindows(tx, current, now);
    const followingKeys = new Set(following.map((row) => row.occurrenceAt!.getTime()));
    const others = new Set(
      (await startsTaken(tx, current)).filter((key) => !followingKeys.has(key)),
    );
    for (const row of following) {
      const day = dayOf(row.occurrenceAt!.getTime(), zone);
      const start = startOn.get(day);
      // Each start goes to one window; after a change of zone two may share a day.
      startOn.delete(day);
      if (!start || others.has(start.getTime())) {
        await withdraw(tx, row, ctx.by, effects);
        continue;
      }
      const endsAt = new Date(start.getTime() + length);
      const moved = row.startsAt.getTime() !== start.getTime();
      const runChanged =
        moved ||
        row.endsAt.getTime() !== endsAt.getTime() ||
        row.remindBeforeMinutes !== fields.remindBeforeMinutes;
      const [updated] = await tx
        .update(maintenance)
        .set({
          title: fields.title,
          body: fields.body,
          startsAt: start,
          endsAt,
          occurrenceAt: start,
          remindBeforeMinutes: fields.remindBeforeMinutes,
          remindedAt: moved ? null : row.remindedAt,
          revision: runChanged ? row.revision + 1 : row.revision,
          updatedAt: new Date(now),
        })
        .where(and(eq(maintenance.workspaceId, ctx.workspaceId), eq(maintenance.id, row.id)))
        .returning();
      await setComponents(tx, ctx.workspaceId, row.id, componentIds);
      // Its older jobs find a newer revision and do nothing.
      if (runChanged) effects.runs.push(await scheduleRun(tx, updated!));
      if (moved && row.announcedAt) {
        await emitMaintenanceEvent(tx, ctx.workspaceId, row.id, "maintenance.scheduled");
      }
    }
    await createOccurrences(tx, series!, now, effects, ctx.by);
    await scheduleExtension(tx, series!, now);
    await recordAudit(
      tx,
      ctx,
      "maintenance_series.update",
      { type: "maintenance_series", id, name: series!.title },
      changesBetween(current, series!, { fields: AUDITED_FIELDS }),
    );
    return present(series!, now);
  });
  announce(effects);
  return replaced;
}

/**
 * Ends a series: no more windows come of it, and its windows still to come that follow it are
 * withdrawn. A window in progress runs to its end; past windows stay in the history.
 */
export async function endMaintenanceSeries({ ctx, id }: { ctx: Actor; id: string }) {
  const effects: Effects = { runs: [], cancelled: [] };
  await transactionChangingData(ctx.workspaceId, async (tx) => {
    const now = Date.now();
    await cancelExtension(tx, ctx.workspaceId, id);
    const current = await lockSeries(tx, ctx.workspaceId, id);
    if (current.endedAt) {
      throw new ConflictError("illegal_transition", "This series has already ended.");
    }
    const [ended] = await tx
      .update(maintenanceSeries)
      .set({ endedAt: new Date(now), revision: current.revision + 1, updatedAt: new Date(now) })
      .where(and(eq(maintenanceSeries.workspaceId, ctx.workspaceId), eq(maintenanceSeries.id, id)))
      .returning();
    for (const row of await followingWindows(tx, current, now)) {
      await withdraw(tx, row, ctx.by, effects);
    }
    await recordAudit(
      tx,
      ctx,
      "maintenance_series.end",
      { type: "maintenance_series", id, name: current.title },
      changesBetween(current, ended!, { fields: ["endedAt"] }),
    );
  });
  announce(effects);
}

export async function getMaintenanceSeries({ ctx, id }: { ctx: Actor; id: string }) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(maintenanceSeries)
    .where(and(eq(maintenanceSeries.workspaceId, ctx.workspaceId), eq(maintenanceSeries.id, id)));
  if (!row) throw new NotFoundError("maintenance series");
  return present(row);
}

/** Newest first, paged by cursor. */
export async function listMaintenanceSeries({
  ctx,
  query,
}: {
  ctx: Actor;
  query: { limit: number; cursor?: string };
}) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(maintenanceSeries)
    .where(
      and(
        eq(maintenanceSeries.workspaceId, ctx.workspaceId),
        afterCursor(maintenanceSeries.createdAt, maintenanceSeries.id, query.cursor),
      ),
    )
    .orderBy(desc(maintenanceSeries.createdAt), desc(maintenanceSeries.id))
    .limit(query.limit + 1);
  const { items, nextCursor } = page(rows, query.limit, (row) =>
    encodeCursor(row.createdAt, row.id),
  );
  const now = Date.now();
  return { series: items.map((row) => present(row, now)), nextCursor };
}

/**
 * The daily run of a series: its windows that came within the horizon are created, and the next
 * run is set. A run from an older revision, or for an ended series, does nothing.
 */
export async function extendMaintenanceSeries(
  tx: Executor,
  { workspaceId, seriesId, revision }: { workspaceId: string; seriesId: string; revision: number },
): Promise<WindowRun[]> {
  const [series] = await tx
    .select()
    .from(maintenanceSeries)
    .where(
      and(
        eq(maintenanceSeries.workspaceId, workspaceId),
        eq(maintenanceSeries.id, seriesId),
        isNull(maintenanceSeries.endedAt),
      ),
    )
    .for("update");
  if (!series || series.revision !== revision) return [];
  const now = Date.now();
  const effects: Effects = { runs: [], cancelled: [] };
  await createOccurrences(tx, series, now, effects, SYSTEM_ACTOR);
  await scheduleExtension(tx, series, now);
  return effects.runs;
}
