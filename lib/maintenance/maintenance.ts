import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { groupBy } from "@/lib/group-by";
import { getDb, schema, type Executor } from "@/db/client";
import { SYSTEM_ACTOR, type Actor, type AuditActor } from "@/lib/contract/actor";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { assertComponentsExist } from "@/lib/components/exist";
import { transactionChangingData } from "@/lib/changes/changes";
import { reconcileComponents } from "@/lib/components/reconcile";
import { assertPublishableText } from "@/lib/content/rules";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { afterCursor, encodeCursor, page } from "@/lib/contract/paging";
import { announceWindowCancelled, announceWindowRun, type WindowRun } from "@/lib/jobs/engine";
import { cancelJobs, scheduleJob } from "@/lib/jobs/jobs";
import { emitEvent, type EventType } from "@/lib/outbox/outbox";
import type { MaintenanceInput, MaintenanceNoteInput } from "./schemas";

const { maintenance, maintenanceComponent, maintenanceUpdate } = schema;

export const MAINTENANCE_START = "maintenance.start";
export const MAINTENANCE_COMPLETE = "maintenance.complete";
export const MAINTENANCE_REMINDER = "maintenance.remind";

export type MaintenanceRow = typeof maintenance.$inferSelect;

/** What the audit log keeps of a window. */
const AUDITED_FIELDS = [
  "title",
  "body",
  "startsAt",
  "endsAt",
  "componentIds",
  "status",
  "remindBeforeMinutes",
];

export async function componentIdsOf(tx: Executor, workspaceId: string, ids: string[]) {
  const rows = ids.length
    ? await tx
        .select({
          maintenanceId: maintenanceComponent.maintenanceId,
          componentId: maintenanceComponent.componentId,
        })
        .from(maintenanceComponent)
        .where(
          and(
            eq(maintenanceComponent.workspaceId, workspaceId),
            inArray(maintenanceComponent.maintenanceId, ids),
          ),
        )
    : [];
  return groupBy(
    rows,
    (row) => row.maintenanceId,
    (row) => row.componentId,
  );
}

type Note = {
  id: string;
  status: MaintenanceRow["status"];
  body: string;
  createdAt: Date;
  author: { userId: string; name: string } | null;
};

/** The windows' progress notes, newest first. */
async function notesOf(tx: Executor, workspaceId: string, ids: string[]) {
  const rows = ids.length
    ? await tx
        .select({
          maintenanceId: maintenanceUpdate.maintenanceId,
          id: maintenanceUpdate.id,
          status: maintenanceUpdate.status,
          body: maintenanceUpdate.body,
          createdAt: maintenanceUpdate.createdAt,
          authorId: schema.user.id,
          authorName: schema.user.name,
        })
        .from(maintenanceUpdate)
        .leftJoin(schema.user, eq(schema.user.id, maintenanceUpdate.createdBy))
        .where(
          and(
            eq(maintenanceUpdate.workspaceId, workspaceId),
            inArray(maintenanceUpdate.maintenanceId, ids),
          ),
        )
        .orderBy(desc(maintenanceUpdate.createdAt), desc(maintenanceUpdate.id))
    : [];
  return groupBy(
    rows,
    (row) => row.maintenanceId,
    ({ id, status, body, createdAt, authorId, authorName }): Note => ({
      id,
      status,
      body,
      createdAt,
      author: authorId ? { userId: authorId, name: authorName ?? "" } : null,
    }),
  );
}

function present(row: MaintenanceRow, componentIds: string[], updates: Note[] = []) {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    status: row.status,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    cancelledAt: row.cancelledAt,
    componentIds,
    remindBeforeMinutes: row.remindBeforeMinutes,
    seriesId: row.seriesId,
    updates,
  };
}

export async function loadMaintenance(tx: Executor, workspaceId: string, id: string) {
  const [row] = await tx
    .select()
    .from(maintenance)
    .where(and(eq(maintenance.workspaceId, workspaceId), eq(maintenance.id, id)));
  if (!row) throw new NotFoundError("maintenance");
  const [components, notes] = await Promise.all([
    componentIdsOf(tx, workspaceId, [id]),
    notesOf(tx, workspaceId, [id]),
  ]);
  return present(row, components.get(id) ?? [], notes.get(id) ?? []);
}

/** The window, locked; null when there is none (a job about a window since withdrawn). */
async function lockedWindow(tx: Executor, workspaceId: string, id: string) {
  const [row] = await tx
    .select()
    .from(maintenance)
    .where(and(eq(maintenance.workspaceId, workspaceId), eq(maintenance.id, id)))
    .for("update");
  return row ?? null;
}

async function lockMaintenance(tx: Executor, workspaceId: string, id: string) {
  const row = await lockedWindow(tx, workspaceId, id);
  if (!row) throw new NotFoundError("maintenance");
  return row;
}

export async function emitMaintenanceEvent(
  tx: Executor,
  workspaceId: string,
  id: string,
  type: EventType,
) {
  const resource = await loadMaintenance(tx, workspaceId, id);
  await emitEvent(tx, { workspaceId, type, subject: { kind: "maintenance", resource } });
  await tx
    .update(maintenance)
    .set({ announcedAt: sql`coalesce(${maintenance.announcedAt}, now())` })
    .where(and(eq(maintenance.workspaceId, workspaceId), eq(maintenance.id, id)));
}

/** When a scheduled window's reminder goes out; null when it has none, or its moment has passed. */
export function reminderAt(row: MaintenanceRow, now = Date.now()): Date | null {
  if (row.remindBeforeMinutes === null || row.status !== "scheduled" || row.remindedAt) return null;
  const at = row.startsAt.getTime() - row.remindBeforeMinutes * 60_000;
  return at > now ? new Date(at) : null;
}

/**
 * The window's run: a start at startsAt (while still scheduled) and a completion at endsAt, and
 * its reminder before the start.
 */
export async function scheduleRun(tx: Executor, row: MaintenanceRow): Promise<WindowRun> {
  const base = { workspaceId: row.workspaceId, subjectId: row.id, revision: row.revision };
  const remindAt = reminderAt(row);
  if (remindAt) await scheduleJob(tx, { ...base, kind: MAINTENANCE_REMINDER, runAt: remindAt });
  return {
    maintenanceId: row.id,
    revision: row.revision,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    startJobId:
      row.status === "scheduled"
        ? await scheduleJob(tx, { ...base, kind: MAINTENANCE_START, runAt: row.startsAt })
        : null,
    completeJobId: await scheduleJob(tx, {
      ...base,
      kind: MAINTENANCE_COMPLETE,
      runAt: row.endsAt,
    }),
  };
}

export async function setComponents(
  tx: Executor,
  workspaceId: string,
  maintenanceId: string,
  componentIds: string[],
) {
  await tx
    .delete(maintenanceComponent)
    .where(
      and(
        eq(maintenanceComponent.workspaceId, workspaceId),
        eq(maintenanceComponent.maintenanceId, maintenanceId),
      ),
    );
  if (componentIds.length) {
    await tx
      .insert(maintenanceComponent)
      .values(componentIds.map((componentId) => ({ workspaceId, maintenanceId, componentId })));
  }
}

export async function createMaintenance({ ctx, input }: { ctx: Actor; input: MaintenanceInput }) {
  let run: WindowRun | undefined;
  const created = await transactionChangingData(ctx.workspaceId, async (tx) => {
    const scheduled = await scheduleWindow(tx, ctx, input);
    run = scheduled.run;
    return loadMaintenance(tx, ctx.workspaceId, scheduled.id);
  });
  announceWindowRun(run);
  return created;
}

/** createMaintenance in the caller's transaction: the window, and its run to announce after. */
export async function scheduleWindow(
  tx: Executor,
  ctx: Actor,
  input: MaintenanceInput,
): Promise<{ id: string; run: WindowRun }> {
  await assertComponentsExist(
    tx,
    ctx.workspaceId,
    input.componentIds,
    (index) => `componentIds.${index}`,
  );
  assertPublishableText({ title: input.title, body: input.body });
  const [created] = await tx
    .insert(maintenance)
    .values({
      workspaceId: ctx.workspaceId,
      title: input.title,
      body: input.body,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      remindBeforeMinutes: input.remindBeforeMinutes,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning();
  await setComponents(tx, ctx.workspaceId, created!.id, input.componentIds);
  const run = await scheduleRun(tx, created!);
  await emitMaintenanceEvent(tx, ctx.workspaceId, created!.id, "maintenance.scheduled");
  await recordAudit(
    tx,
    ctx,
    "maintenance.create",
    { type: "maintenance", id: created!.id, name: created!.title },
    changesBetween(
      null,
      { ...created!, componentIds: input.componentIds },
      { fields: AUDITED_FIELDS },
    ),
  );
  return { id: created!.id, run };
}

const closed = (row: MaintenanceRow) =>
  row.status === "completed" || row.status === "cancelled"
    ? new ConflictError(
        "illegal_transition",
        `This maintenance is ${row.status}; it can no longer change.`,
      )
    : null;

/**
 * Replaces a window. New times replace its scheduled run (older runs are cancelled and a newer
 * revision ignores any that still fire) and announce it again; an in-progress window keeps its
 * start. An occurrence of a series changed this way is its own from then on: edits to the series
 * leave it alone.
 */
export async function replaceMaintenance({
  ctx,
  id,
  input,
}: {
  ctx: Actor;
  id: string;
  input: MaintenanceInput;
}) {
  let run: WindowRun | undefined;
  const replaced = await transactionChangingData(ctx.workspaceId, async (tx) => {
    run = await rewriteWindow(tx, ctx, id, input);
    return loadMaintenance(tx, ctx.workspaceId, id);
  });
  announceWindowRun(run);
  return replaced;
}

/** replaceMaintenance in the caller's transaction: the new run to announce once it commits. */
export async function rewriteWindow(
  tx: Executor,
  ctx: Actor,
  id: string,
  input: MaintenanceInput,
): Promise<WindowRun | undefined> {
  let run: WindowRun | undefined;
  await assertComponentsExist(
    tx,
    ctx.workspaceId,
    input.componentIds,
    (index) => `componentIds.${index}`,
  );
  const current = await lockMaintenance(tx, ctx.workspaceId, id);
  const refusal = closed(current);
  if (refusal) throw refusal;
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (current.status === "in_progress" && startsAt.getTime() !== current.startsAt.getTime()) {
    throw new ConflictError(
      "illegal_transition",
      "This maintenance is in progress; its start cannot move. Change its end, or cancel it.",
    );
  }
  assertPublishableText({ title: input.title, body: input.body });
  const windowChanged =
    startsAt.getTime() !== current.startsAt.getTime() ||
    endsAt.getTime() !== current.endsAt.getTime();
  const runChanged = windowChanged || input.remindBeforeMinutes !== current.remindBeforeMinutes;
  const [updated] = await tx
    .update(maintenance)
    .set({
      title: input.title,
      body: input.body,
      startsAt,
      endsAt,
      remindBeforeMinutes: input.remindBeforeMinutes,
      // A window that moves is reminded of again.
      remindedAt: startsAt.getTime() !== current.startsAt.getTime() ? null : current.remindedAt,
      detached: current.seriesId !== null,
      revision: runChanged ? current.revision + 1 : current.revision,
      updatedAt: new Date(),
    })
    .where(and(eq(maintenance.workspaceId, ctx.workspaceId), eq(maintenance.id, id)))
    .returning();
  const before = (await componentIdsOf(tx, ctx.workspaceId, [id])).get(id) ?? [];
  await setComponents(tx, ctx.workspaceId, id, input.componentIds);
  if (current.status === "in_progress") {
    await reconcileComponents(tx, {
      workspaceId: ctx.workspaceId,
      componentIds: [...before, ...input.componentIds],
      cause: "maintenance",
      causeId: id,
    });
  }
  if (runChanged) {
    await cancelJobs(tx, { workspaceId: ctx.workspaceId, subjectId: id });
    run = await scheduleRun(tx, updated!);
  }
  if (windowChanged) {
    await emitMaintenanceEvent(tx, ctx.workspaceId, id, "maintenance.scheduled");
  }
  await recordAudit(
    tx,
    ctx,
    "maintenance.update",
    { type: "maintenance", id, name: updated!.title },
    changesBetween(
      { ...current, componentIds: before },
      { ...updated!, componentIds: input.componentIds },
      { fields: AUDITED_FIELDS },
    ),
  );
  return run;
}

export async function cancelMaintenance({ ctx, id }: { ctx: Actor; id: string }) {
  const cancelled = await transactionChangingData(ctx.workspaceId, async (tx) => ({
    revision: await cancelWindow(tx, ctx, id),
    window: await loadMaintenance(tx, ctx.workspaceId, id),
  }));
  announceWindowCancelled(id, cancelled.revision);
  return cancelled.window;
}

/** cancelMaintenance in the caller's transaction: the revision to announce once it commits. */
export async function cancelWindow(tx: Executor, ctx: Actor, id: string): Promise<number> {
  const current = await lockMaintenance(tx, ctx.workspaceId, id);
  const refusal = closed(current);
  if (refusal) throw refusal;
  await cancelJobs(tx, { workspaceId: ctx.workspaceId, subjectId: id });
  await moveWindow(tx, current, ctx.by, {
    status: "cancelled",
    event: "maintenance.cancelled",
    // A scheduled window never held its components; only an in-progress one returns them.
    reconcile: current.status === "in_progress",
    fields: { cancelledAt: new Date(), revision: current.revision + 1 },
  });
  return current.revision + 1;
}

/**
 * Ends an in-progress window now, as completed: its end becomes now, its scheduled completion is
 * called off (a newer revision), and its components return as at a planned end.
 */
export async function completeMaintenanceNow({ ctx, id }: { ctx: Actor; id: string }) {
  const completed = await transactionChangingData(ctx.workspaceId, async (tx) => ({
    revision: await endWindowNow(tx, ctx, id),
    window: await loadMaintenance(tx, ctx.workspaceId, id),
  }));
  announceWindowCancelled(id, completed.revision);
  return completed.window;
}

/** completeMaintenanceNow in the caller's transaction: the revision to announce once it commits. */
export async function endWindowNow(tx: Executor, ctx: Actor, id: string): Promise<number> {
  const current = await lockMaintenance(tx, ctx.workspaceId, id);
  if (current.status !== "in_progress") {
    throw new ConflictError(
      "illegal_transition",
      `Only a window in progress can be ended now; this one is ${current.status.replace("_", " ")}.`,
    );
  }
  const now = new Date();
  await cancelJobs(tx, { workspaceId: ctx.workspaceId, subjectId: id });
  await moveWindow(tx, current, ctx.by, {
    status: "completed",
    event: "maintenance.completed",
    reconcile: true,
    fields: { completedAt: now, endsAt: now, revision: current.revision + 1 },
  });
  return current.revision + 1;
}

/**
 * Starts a scheduled window now, in the caller's transaction: its start becomes now, its
 * scheduled start and reminder are called off (a newer revision), its components go under
 * maintenance and `maintenance.started` is sent. Answers the run (its completion) to announce.
 */
export async function startWindowNow(tx: Executor, ctx: Actor, id: string): Promise<WindowRun> {
  const current = await lockMaintenance(tx, ctx.workspaceId, id);
  if (current.status !== "scheduled") {
    throw new ConflictError(
      "illegal_transition",
      `Only a scheduled window can start now; this one is ${current.status.replace("_", " ")}.`,
    );
  }
  const now = new Date();
  await cancelJobs(tx, { workspaceId: ctx.workspaceId, subjectId: id });
  await moveWindow(tx, current, ctx.by, {
    status: "in_progress",
    event: "maintenance.started",
    reconcile: true,
    fields: { startsAt: now, startedAt: now, revision: current.revision + 1 },
  });
  const [started] = await tx
    .select()
    .from(maintenance)
    .where(and(eq(maintenance.workspaceId, ctx.workspaceId), eq(maintenance.id, id)));
  return scheduleRun(tx, started!);
}

/** A progress note on a scheduled or in-progress window, public and sent like incident updates. */
export async function postMaintenanceUpdate({
  ctx,
  id,
  input,
}: {
  ctx: Actor;
  id: string;
  input: MaintenanceNoteInput;
}) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    await addMaintenanceNote(tx, ctx, id, input);
    return loadMaintenance(tx, ctx.workspaceId, id);
  });
}

/** postMaintenanceUpdate in the caller's transaction. */
export async function addMaintenanceNote(
  tx: Executor,
  ctx: Actor,
  id: string,
  input: MaintenanceNoteInput,
): Promise<void> {
  const current = await lockMaintenance(tx, ctx.workspaceId, id);
  const refusal = closed(current);
  if (refusal) throw refusal;
  assertPublishableText({ body: input.body });
  await tx.insert(maintenanceUpdate).values({
    workspaceId: ctx.workspaceId,
    maintenanceId: id,
    status: current.status,
    body: input.body,
    createdBy: ctx.userId,
  });
  await recordAudit(
    tx,
    ctx,
    "maintenance_update.create",
    { type: "maintenance", id, name: current.title },
    changesBetween(null, { body: input.body }),
  );
  await tx
    .update(maintenance)
    .set({ updatedAt: new Date() })
    .where(and(eq(maintenance.workspaceId, ctx.workspaceId), eq(maintenance.id, id)));
  await emitMaintenanceEvent(tx, ctx.workspaceId, id, "maintenance.updated");
}

export async function getMaintenance({ ctx, id }: { ctx: Actor; id: string }) {
  const db = await getDb();
  return loadMaintenance(db, ctx.workspaceId, id);
}

/** Newest startsAt first, paged by cursor. */
export async function listMaintenances({
  ctx,
  query,
}: {
  ctx: Actor;
  query: { limit: number; cursor?: string };
}) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(maintenance)
    .where(
      and(
        eq(maintenance.workspaceId, ctx.workspaceId),
        afterCursor(maintenance.startsAt, maintenance.id, query.cursor),
      ),
    )
    .orderBy(desc(maintenance.startsAt), desc(maintenance.id))
    .limit(query.limit + 1);
  const { items, nextCursor } = page(rows, query.limit, (row) =>
    encodeCursor(row.startsAt, row.id),
  );
  const ids = items.map((row) => row.id);
  const [components, notes] = await Promise.all([
    componentIdsOf(db, ctx.workspaceId, ids),
    notesOf(db, ctx.workspaceId, ids),
  ]);
  return {
    maintenances: items.map((row) =>
      present(row, components.get(row.id) ?? [], notes.get(row.id) ?? []),
    ),
    nextCursor,
  };
}

/**
 * Moves a window to `status` and reports it; its components follow (`reconcile`) unless the
 * window never held them.
 */
const MOVE_ACTION = {
  in_progress: "maintenance.start",
  completed: "maintenance.complete",
  cancelled: "maintenance.cancel",
} as Record<MaintenanceRow["status"], string>;

async function moveWindow(
  tx: Executor,
  current: MaintenanceRow,
  by: AuditActor,
  change: {
    status: MaintenanceRow["status"];
    event: EventType;
    reconcile: boolean;
    fields?: Partial<MaintenanceRow>;
  },
) {
  const { workspaceId, id: maintenanceId } = current;
  await recordAudit(
    tx,
    { workspaceId, by },
    MOVE_ACTION[change.status]!,
    { type: "maintenance", id: maintenanceId, name: current.title },
    changesBetween(
      current,
      { ...current, status: change.status, ...change.fields },
      {
        fields: ["status", "endsAt"],
      },
    ),
  );
  await tx
    .update(maintenance)
    .set({ status: change.status, updatedAt: new Date(), ...change.fields })
    .where(and(eq(maintenance.workspaceId, workspaceId), eq(maintenance.id, maintenanceId)));
  if (change.reconcile) {
    const componentIds =
      (await componentIdsOf(tx, workspaceId, [maintenanceId])).get(maintenanceId) ?? [];
    await reconcileComponents(tx, {
      workspaceId,
      componentIds,
      cause: "maintenance",
      causeId: maintenanceId,
    });
  }
  await emitMaintenanceEvent(tx, workspaceId, maintenanceId, change.event);
}

/**
 * The window starts: its components go under maintenance. A run from an older revision (the
 * window was rescheduled or cancelled since) or for a window no longer scheduled does nothing.
 */
export async function startMaintenance(
  tx: Executor,
  {
    workspaceId,
    maintenanceId,
    revision,
  }: { workspaceId: string; maintenanceId: string; revision: number },
): Promise<boolean> {
  const current = await lockedWindow(tx, workspaceId, maintenanceId);
  if (current?.revision !== revision || current.status !== "scheduled") return false;
  await moveWindow(tx, current, SYSTEM_ACTOR, {
    status: "in_progress",
    event: "maintenance.started",
    reconcile: true,
    fields: { startedAt: new Date() },
  });
  return true;
}

/**
 * The reminder before a scheduled window: `maintenance.reminder` to endpoints and subscribers,
 * once. A run from an older revision, or for a window no longer scheduled, does nothing.
 */
export async function remindMaintenance(
  tx: Executor,
  {
    workspaceId,
    maintenanceId,
    revision,
  }: { workspaceId: string; maintenanceId: string; revision: number },
): Promise<boolean> {
  const current = await lockedWindow(tx, workspaceId, maintenanceId);
  if (current?.revision !== revision || current.status !== "scheduled" || current.remindedAt) {
    return false;
  }
  await tx
    .update(maintenance)
    .set({ remindedAt: new Date() })
    .where(and(eq(maintenance.workspaceId, workspaceId), eq(maintenance.id, maintenanceId)));
  await emitMaintenanceEvent(tx, workspaceId, maintenanceId, "maintenance.reminder");
  return true;
}

/** The window ends: its components return to what else holds them, or to operational. */
export async function completeMaintenance(
  tx: Executor,
  {
    workspaceId,
    maintenanceId,
    revision,
  }: { workspaceId: string; maintenanceId: string; revision: number },
): Promise<boolean> {
  const current = await lockedWindow(tx, workspaceId, maintenanceId);
  if (current?.revision !== revision) return false;
  // A window that both started and ended while nobody ran it still starts first.
  if (current.status === "scheduled")
    await startMaintenance(tx, { workspaceId, maintenanceId, revision });
  else if (current.status !== "in_progress") return false;
  await moveWindow(tx, { ...current, status: "in_progress" }, SYSTEM_ACTOR, {
    status: "completed",
    event: "maintenance.completed",
    reconcile: true,
    fields: { completedAt: new Date() },
  });
  return true;
}
