import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { groupBy } from "@/lib/group-by";
import { getDb, schema, type Executor } from "@/db/client";
import type { UpdateComponentChange } from "@/db/schema/incidents";
import type { Actor, AuditActor } from "@/lib/contract/actor";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { assertComponentsExist } from "@/lib/components/exist";
import { transactionChangingData } from "@/lib/changes/changes";
import { reconcileComponents } from "@/lib/components/reconcile";
import { assertPublishableText } from "@/lib/content/rules";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { afterCursor, encodeCursor, page } from "@/lib/contract/paging";
import { emitEvent, type EventType } from "@/lib/outbox/outbox";
import {
  claimOverdue,
  isOverdue,
  keepPromise,
  promisesOf,
  watchPromiseOnPublish,
} from "./promises";
import type {
  CreateIncidentInput,
  EditUpdateInput,
  PatchIncidentInput,
  PostUpdateInput,
} from "./schemas";

const { incident, incidentComponent, incidentUpdate } = schema;

type IncidentRow = typeof incident.$inferSelect;
/** A component an incident affects, and the status the incident gives it. */
export type Affected = {
  componentId: string;
  status: (typeof schema.component.$inferSelect)["status"];
};

function summary(row: IncidentRow, components: Affected[]) {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    impact: row.impact,
    visibility: row.visibility,
    source: row.source,
    startedAt: row.startedAt,
    resolvedAt: row.resolvedAt,
    updatedAt: row.updatedAt,
    components,
    nextUpdateBy: row.nextUpdateBy,
    updateOverdue: isOverdue(row),
  };
}

export async function affectedOf(tx: Executor, workspaceId: string, incidentIds: string[]) {
  const rows = incidentIds.length
    ? await tx
        .select({
          incidentId: incidentComponent.incidentId,
          componentId: incidentComponent.componentId,
          status: incidentComponent.status,
        })
        .from(incidentComponent)
        .where(
          and(
            eq(incidentComponent.workspaceId, workspaceId),
            inArray(incidentComponent.incidentId, incidentIds),
          ),
        )
    : [];
  return groupBy(
    rows,
    (row) => row.incidentId,
    ({ componentId, status }): Affected => ({ componentId, status }),
  );
}

/**
 * The incident as the API answers it, updates newest first. `latestOnly` is for event payloads:
 * the latest update alone, and the postmortem only once published (a draft is the team's).
 */
export async function loadIncident(
  tx: Executor,
  workspaceId: string,
  id: string,
  { latestOnly = false } = {},
) {
  const [row] = await tx
    .select()
    .from(incident)
    .where(and(eq(incident.workspaceId, workspaceId), eq(incident.id, id)));
  if (!row) throw new NotFoundError("incident");
  const [components, updates] = await Promise.all([
    affectedOf(tx, workspaceId, [id]),
    tx
      .select({
        id: incidentUpdate.id,
        status: incidentUpdate.status,
        body: incidentUpdate.body,
        estimatedResolutionAt: incidentUpdate.estimatedResolutionAt,
        nextUpdateBy: incidentUpdate.nextUpdateBy,
        createdAt: incidentUpdate.createdAt,
        editedAt: incidentUpdate.editedAt,
        authorId: schema.user.id,
        authorName: schema.user.name,
      })
      .from(incidentUpdate)
      .leftJoin(schema.user, eq(schema.user.id, incidentUpdate.createdBy))
      .where(and(eq(incidentUpdate.workspaceId, workspaceId), eq(incidentUpdate.incidentId, id)))
      .orderBy(desc(incidentUpdate.createdAt), desc(incidentUpdate.id))
      .limit(latestOnly ? 1 : 10_000),
  ]);
  return {
    ...summary(row, components.get(id) ?? []),
    postmortem:
      row.postmortemBody === null || (latestOnly && !row.postmortemPublishedAt)
        ? null
        : {
            body: row.postmortemBody,
            publishedAt: row.postmortemPublishedAt,
            updatedAt: row.postmortemUpdatedAt ?? row.updatedAt,
          },
    updates: updates.map(({ authorId, authorName, ...update }) => ({
      ...update,
      author: authorId ? { userId: authorId, name: authorName ?? "" } : null,
    })),
  };
}

export async function lockIncident(tx: Executor, workspaceId: string, id: string) {
  const [row] = await tx
    .select()
    .from(incident)
    .where(and(eq(incident.workspaceId, workspaceId), eq(incident.id, id)))
    .for("update");
  if (!row) throw new NotFoundError("incident");
  return row;
}

async function emitIncidentEvent(tx: Executor, workspaceId: string, id: string, type: EventType) {
  const resource = await loadIncident(tx, workspaceId, id, { latestOnly: true });
  await emitEvent(tx, { workspaceId, type, subject: { kind: "incident", resource } });
}

async function replaceAffected(
  tx: Executor,
  workspaceId: string,
  incidentId: string,
  affected: Affected[],
) {
  await tx
    .delete(incidentComponent)
    .where(
      and(
        eq(incidentComponent.workspaceId, workspaceId),
        eq(incidentComponent.incidentId, incidentId),
      ),
    );
  if (affected.length) {
    await tx
      .insert(incidentComponent)
      .values(affected.map((a) => ({ ...a, workspaceId, incidentId })));
  }
}

/**
 * What an update changed in the statuses the incident gives its components, for the public
 * record: the components it sent (a component left out returns to operational), or, when it
 * resolves without sending any, every affected component returning to operational.
 */
function componentChanges(
  before: Affected[],
  sent: Affected[] | undefined,
  status: IncidentRow["status"],
): UpdateComponentChange[] | null {
  const after = sent ?? (status === "resolved" ? [] : undefined);
  if (!after) return null;
  const changes: UpdateComponentChange[] = after.map(({ componentId, status: newStatus }) => ({
    componentId,
    oldStatus: before.find((b) => b.componentId === componentId)?.status ?? "operational",
    newStatus,
  }));
  for (const { componentId, status: oldStatus } of before) {
    if (!after.some((a) => a.componentId === componentId)) {
      changes.push({ componentId, oldStatus, newStatus: "operational" });
    }
  }
  return changes.length ? changes : null;
}

/** Who writes: a member (or their API token), or a monitor, which has no user. */
export type Author = { workspaceId: string; userId: string | null; by: AuditActor };

/** What the audit log keeps of an incident's state. */
const audited = (
  row: { title: string; status: string; impact: string; visibility?: string },
  components?: Affected[],
) => ({
  title: row.title,
  status: row.status,
  impact: row.impact,
  visibility: row.visibility,
  components: components?.map((a) => `${a.componentId}: ${a.status}`),
});

/** Declares an incident. Its body is the first update; a published one takes effect at once. */
export async function createIncident({ ctx, input }: { ctx: Actor; input: CreateIncidentInput }) {
  return transactionChangingData(ctx.workspaceId, (tx) => declareIncident(tx, ctx, input));
}

/** createIncident in the caller's transaction; `source` says who noticed (a person or a monitor). */
export async function declareIncident(
  tx: Executor,
  ctx: Author,
  input: CreateIncidentInput,
  source: IncidentRow["source"] = "manual",
) {
  await assertComponentsExist(
    tx,
    ctx.workspaceId,
    (input.components ?? []).map((a) => a.componentId),
    (index) => `components.${index}.componentId`,
  );
  assertPublishableText({ title: input.title, body: input.body });
  const status = input.status ?? "investigating";
  const now = new Date();
  const promised = await promisesOf(tx, ctx.workspaceId, input, status, now);
  const [created] = await tx
    .insert(incident)
    .values({
      workspaceId: ctx.workspaceId,
      title: input.title,
      status,
      impact: input.impact,
      visibility: input.visibility ?? "draft",
      source,
      startedAt: input.startedAt ? new Date(input.startedAt) : now,
      resolvedAt: status === "resolved" ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await replaceAffected(tx, ctx.workspaceId, created!.id, input.components ?? []);
  await tx.insert(incidentUpdate).values({
    workspaceId: ctx.workspaceId,
    incidentId: created!.id,
    status,
    body: input.body,
    components: componentChanges([], input.components, status),
    ...promised,
    createdBy: ctx.userId,
  });
  await keepPromise(tx, {
    workspaceId: ctx.workspaceId,
    incidentId: created!.id,
    nextUpdateBy: promised.nextUpdateBy,
  });
  if (created!.visibility === "published") await publish(tx, ctx.workspaceId, created!.id);
  await recordAudit(
    tx,
    ctx,
    "incident.create",
    { type: "incident", id: created!.id, name: created!.title },
    changesBetween(null, audited(created!, input.components ?? [])),
  );
  return loadIncident(tx, ctx.workspaceId, created!.id);
}

/** Going public: the affected components take the incident's statuses, and subscribers hear of it. */
async function publish(tx: Executor, workspaceId: string, id: string) {
  const affected = (await affectedOf(tx, workspaceId, [id])).get(id) ?? [];
  await reconcileComponents(tx, {
    workspaceId,
    componentIds: affected.map((a) => a.componentId),
    cause: "incident",
    causeId: id,
  });
  await emitIncidentEvent(tx, workspaceId, id, "incident.created");
}

export async function getIncident({ ctx, id }: { ctx: Actor; id: string }) {
  const db = await getDb();
  return loadIncident(db, ctx.workspaceId, id);
}

/** Open or resolved incidents, newest start first, paged by cursor. */
export async function listIncidents({
  ctx,
  query,
}: {
  ctx: Actor;
  query: { state: "open" | "resolved"; limit: number; cursor?: string };
}) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(incident)
    .where(
      and(
        eq(incident.workspaceId, ctx.workspaceId),
        query.state === "open" ? ne(incident.status, "resolved") : eq(incident.status, "resolved"),
        afterCursor(incident.startedAt, incident.id, query.cursor),
      ),
    )
    .orderBy(desc(incident.startedAt), desc(incident.id))
    .limit(query.limit + 1);
  const { items, nextCursor } = page(rows, query.limit, (row) =>
    encodeCursor(row.startedAt, row.id),
  );
  const affected = await affectedOf(
    db,
    ctx.workspaceId,
    items.map((row) => row.id),
  );
  return { incidents: items.map((row) => summary(row, affected.get(row.id) ?? [])), nextCursor };
}

/**
 * Posts an update. Impact and components change only when sent; sent components replace the
 * affected set. A resolved incident is closed. Published incidents move their components.
 */
export async function postIncidentUpdate({
  ctx,
  id,
  input,
}: {
  ctx: Actor;
  id: string;
  input: PostUpdateInput;
}) {
  return transactionChangingData(ctx.workspaceId, (tx) => postUpdate(tx, ctx, id, input));
}

/** postIncidentUpdate in the caller's transaction. */
export async function postUpdate(tx: Executor, ctx: Author, id: string, input: PostUpdateInput) {
  await assertComponentsExist(
    tx,
    ctx.workspaceId,
    (input.components ?? []).map((a) => a.componentId),
    (index) => `components.${index}.componentId`,
  );
  const current = await lockIncident(tx, ctx.workspaceId, id);
  if (current.status === "resolved") {
    throw new ConflictError(
      "illegal_transition",
      "This incident is resolved and closed; declare a new one.",
    );
  }
  assertPublishableText({ body: input.body });
  const now = new Date();
  const promised = await promisesOf(tx, ctx.workspaceId, input, input.status, now);
  const before = (await affectedOf(tx, ctx.workspaceId, [id])).get(id) ?? [];
  if (input.components) await replaceAffected(tx, ctx.workspaceId, id, input.components);
  await tx
    .update(incident)
    .set({
      status: input.status,
      ...(input.impact ? { impact: input.impact } : {}),
      resolvedAt: input.status === "resolved" ? now : null,
      updatedAt: now,
    })
    .where(and(eq(incident.workspaceId, ctx.workspaceId), eq(incident.id, id)));
  await tx.insert(incidentUpdate).values({
    workspaceId: ctx.workspaceId,
    incidentId: id,
    status: input.status,
    body: input.body,
    components: componentChanges(before, input.components, input.status),
    ...promised,
    createdBy: ctx.userId,
  });
  await keepPromise(tx, {
    workspaceId: ctx.workspaceId,
    incidentId: id,
    nextUpdateBy: promised.nextUpdateBy,
  });
  if (current.visibility === "published") {
    const touched = [...before, ...(input.components ?? [])].map((a) => a.componentId);
    await reconcileComponents(tx, {
      workspaceId: ctx.workspaceId,
      componentIds: touched,
      cause: "incident",
      causeId: id,
    });
    await emitIncidentEvent(
      tx,
      ctx.workspaceId,
      id,
      input.status === "resolved" ? "incident.resolved" : "incident.updated",
    );
  }
  await recordAudit(
    tx,
    ctx,
    "incident_update.create",
    { type: "incident", id, name: current.title },
    changesBetween(
      audited(current, before),
      audited(
        { ...current, status: input.status, impact: input.impact ?? current.impact },
        input.components ?? before,
      ),
    ),
  );
  return loadIncident(tx, ctx.workspaceId, id);
}

/** Renames, or publishes a draft (`draft → published` only). */
export async function patchIncident({
  ctx,
  id,
  input,
}: {
  ctx: Actor;
  id: string;
  input: PatchIncidentInput;
}) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    await changeIncident(tx, ctx, id, input);
    return loadIncident(tx, ctx.workspaceId, id);
  });
}

/** patchIncident in the caller's transaction. */
export async function changeIncident(
  tx: Executor,
  ctx: Author,
  id: string,
  input: PatchIncidentInput,
): Promise<void> {
  const current = await lockIncident(tx, ctx.workspaceId, id);
  if (current.visibility === "published" && input.visibility === "draft") {
    throw new ConflictError("illegal_transition", "A published incident cannot go back to draft.");
  }
  assertPublishableText({ title: input.title });
  const publishing = current.visibility === "draft" && input.visibility === "published";
  const renamed = input.title !== undefined && input.title !== current.title;
  if (publishing || renamed) {
    await tx
      .update(incident)
      .set({
        title: input.title ?? current.title,
        visibility: input.visibility ?? current.visibility,
        updatedAt: new Date(),
      })
      .where(and(eq(incident.workspaceId, ctx.workspaceId), eq(incident.id, id)));
  }
  if (publishing) {
    await publish(tx, ctx.workspaceId, id);
    await watchPromiseOnPublish(tx, { workspaceId: ctx.workspaceId, incidentId: id });
  } else if (renamed && current.visibility === "published") {
    await emitIncidentEvent(tx, ctx.workspaceId, id, "incident.updated");
  }
  const after = {
    title: input.title ?? current.title,
    visibility: input.visibility ?? current.visibility,
  };
  await recordAudit(
    tx,
    ctx,
    "incident.update",
    { type: "incident", id, name: after.title },
    changesBetween(current, after, { fields: ["title", "visibility"] }),
  );
}

/** Deletes a draft; a published incident is part of the public record (409). */
export async function deleteIncident({ ctx, id }: { ctx: Actor; id: string }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const current = await lockIncident(tx, ctx.workspaceId, id);
    if (current.visibility === "published") {
      throw new ConflictError(
        "illegal_transition",
        "A published incident cannot be deleted: visitors have seen it. Resolve it instead.",
      );
    }
    await tx
      .delete(incident)
      .where(and(eq(incident.workspaceId, ctx.workspaceId), eq(incident.id, id)));
    await recordAudit(tx, ctx, "incident.delete", { type: "incident", id, name: current.title });
  });
}

/**
 * Corrects a posted update's body. The update keeps its status, time and components and is
 * marked edited; the public page follows, and nobody is notified again.
 */
export async function editIncidentUpdate({
  ctx,
  id,
  updateId,
  input,
}: {
  ctx: Actor;
  id: string;
  updateId: string;
  input: EditUpdateInput;
}) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    const current = await lockIncident(tx, ctx.workspaceId, id);
    assertPublishableText({ body: input.body });
    const where = and(
      eq(incidentUpdate.workspaceId, ctx.workspaceId),
      eq(incidentUpdate.incidentId, id),
      eq(incidentUpdate.id, updateId),
    );
    const [previous] = await tx
      .select({ body: incidentUpdate.body })
      .from(incidentUpdate)
      .where(where);
    if (!previous) throw new NotFoundError("update");
    await tx.update(incidentUpdate).set({ body: input.body, editedAt: new Date() }).where(where);
    await recordAudit(
      tx,
      ctx,
      "incident_update.update",
      { type: "incident", id, name: current.title },
      changesBetween(previous, { body: input.body }),
    );
    await tx
      .update(incident)
      .set({ updatedAt: new Date() })
      .where(and(eq(incident.workspaceId, ctx.workspaceId), eq(incident.id, id)));
    return loadIncident(tx, ctx.workspaceId, id);
  });
}

/**
 * At a promised moment: tells the team, once per promise, that a published incident's next
 * update has not come (`incident.update_overdue`, to endpoints and to the members who posted).
 */
export async function announceOverdueUpdate(
  tx: Executor,
  { workspaceId, incidentId }: { workspaceId: string; incidentId: string },
): Promise<void> {
  if (!(await claimOverdue(tx, { workspaceId, incidentId }))) return;
  const resource = await loadIncident(tx, workspaceId, incidentId, { latestOnly: true });
  await emitEvent(tx, {
    workspaceId,
    type: "incident.update_overdue",
    subject: { kind: "incident", resource },
  });
}
