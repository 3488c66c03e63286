import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/errors";
import { transactionChangingData } from "@/lib/changes/changes";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { addToDefaultPage } from "@/lib/pages/pages";
import { cachedPage } from "./page-cache";
import type { CreateComponentInput, UpdateComponentInput } from "./schemas";
import { setComponentStatus } from "./status";

const { component, componentGroup, componentStatusChange, workspace } = schema;

const componentColumns = {
  id: component.id,
  groupId: component.groupId,
  name: component.name,
  description: component.description,
  position: component.position,
  status: component.status,
};

const groupColumns = {
  id: componentGroup.id,
  name: componentGroup.name,
  position: componentGroup.position,
};

/**
 * Serializes the writes that change a workspace's orders (creates, deletes, order PUTs), so
 * positions stay 0..n-1 without gaps or duplicates under any interleaving.
 */
async function lockOrder(tx: Executor, workspaceId: string) {
  await tx
    .select({ id: workspace.id })
    .from(workspace)
    .where(eq(workspace.id, workspaceId))
    .for("no key update");
}

async function assertGroupExists(
  tx: Executor,
  workspaceId: string,
  groupId: string | null | undefined,
) {
  if (!groupId) return;
  const [found] = await tx
    .select({ id: componentGroup.id })
    .from(componentGroup)
    .where(and(eq(componentGroup.workspaceId, workspaceId), eq(componentGroup.id, groupId)));
  if (!found)
    throw ValidationError.field("groupId", "No component group with that id in this workspace.");
}

/** Components in page order: ungrouped first, then each group in group order; by position inside. */
export function listComponents({ ctx }: { ctx: Pick<Actor, "workspaceId" | "dataVersion"> }) {
  return cachedPage(ctx.workspaceId, ctx.dataVersion, () => readPage(ctx.workspaceId));
}

async function readPage(workspaceId: string) {
  const db = await getDb();
  const [groups, components] = await Promise.all([
    db
      .select(groupColumns)
      .from(componentGroup)
      .where(eq(componentGroup.workspaceId, workspaceId))
      .orderBy(asc(componentGroup.position)),
    db
      .select(componentColumns)
      .from(component)
      .leftJoin(componentGroup, eq(componentGroup.id, component.groupId))
      .where(eq(component.workspaceId, workspaceId))
      .orderBy(sql`${componentGroup.position} asc nulls first`, asc(component.position)),
  ]);
  return { groups, components };
}

export async function getComponent(tx: Executor, workspaceId: string, id: string) {
  const [found] = await tx
    .select(componentColumns)
    .from(component)
    .where(and(eq(component.workspaceId, workspaceId), eq(component.id, id)));
  if (!found) throw new NotFoundError("component");
  return found;
}

export async function createComponent({ ctx, input }: { ctx: Actor; input: CreateComponentInput }) {
  return transactionChangingData(ctx.workspaceId, (tx) => insertComponent(tx, ctx, input));
}

/** Adds a component at the end of the page order, in the caller's transaction. */
export async function insertComponent(
  tx: Executor,
  ctx: Pick<Actor, "workspaceId" | "userId" | "by">,
  input: CreateComponentInput,
) {
  await lockOrder(tx, ctx.workspaceId);
  await assertGroupExists(tx, ctx.workspaceId, input.groupId);
  const [{ total }] = (await tx
    .select({ total: count() })
    .from(component)
    .where(eq(component.workspaceId, ctx.workspaceId))) as [{ total: number }];
  const [created] = await tx
    .insert(component)
    .values({
      workspaceId: ctx.workspaceId,
      name: input.name,
      description: input.description ?? "",
      groupId: input.groupId ?? null,
      status: input.status ?? "operational",
      position: total,
    })
    .returning(componentColumns);
  await addToDefaultPage(tx, ctx.workspaceId, { componentId: created!.id });
  // The history starts with the first status, so every day of the component's life is covered.
  await tx.insert(componentStatusChange).values({
    workspaceId: ctx.workspaceId,
    componentId: created!.id,
    fromStatus: null,
    toStatus: created!.status,
    cause: "manual",
    changedBy: ctx.userId,
  });
  await recordAudit(
    tx,
    ctx,
    "component.create",
    { type: "component", id: created!.id, name: created!.name },
    changesBetween(null, created!, { fields: ["name", "description", "groupId", "status"] }),
  );
  return created!;
}

export async function updateComponent({
  ctx,
  id,
  input,
}: {
  ctx: Actor;
  id: string;
  input: UpdateComponentInput;
}) {
  return transactionChangingData(ctx.workspaceId, (tx) => changeComponent(tx, ctx, id, input));
}

/** updateComponent in the caller's transaction. */
export async function changeComponent(
  tx: Executor,
  ctx: Pick<Actor, "workspaceId" | "userId" | "by">,
  id: string,
  input: UpdateComponentInput,
) {
  const before = await getComponent(tx, ctx.workspaceId, id);
  await assertGroupExists(tx, ctx.workspaceId, input.groupId);
  const { status, ...fields } = input;
  if (Object.keys(fields).length) {
    await tx
      .update(component)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(component.workspaceId, ctx.workspaceId), eq(component.id, id)));
  }
  if (status) {
    await setComponentStatus(tx, {
      workspaceId: ctx.workspaceId,
      componentId: id,
      status,
      cause: "manual",
      changedBy: ctx.userId,
    });
  }
  const after = await getComponent(tx, ctx.workspaceId, id);
  await recordAudit(
    tx,
    ctx,
    "component.update",
    { type: "component", id, name: after.name },
    changesBetween(before, after, { fields: ["name", "description", "groupId", "status"] }),
  );
  return after;
}

/** Deletes a component and what refers to it, and closes the gap it leaves in the order. */
export async function deleteComponent({ ctx, id }: { ctx: Actor; id: string }) {
  await transactionChangingData(ctx.workspaceId, (tx) => removeComponent(tx, ctx, id));
}

/** deleteComponent in the caller's transaction. */
export async function removeComponent(
  tx: Executor,
  ctx: Pick<Actor, "workspaceId" | "by">,
  id: string,
) {
  await lockOrder(tx, ctx.workspaceId);
  const [deleted] = await tx
    .delete(component)
    .where(and(eq(component.workspaceId, ctx.workspaceId), eq(component.id, id)))
    .returning({ position: component.position, name: component.name });
  if (!deleted) throw new NotFoundError("component");
  await recordAudit(tx, ctx, "component.delete", { type: "component", id, name: deleted.name });
  await tx
    .update(component)
    .set({ position: sql`${component.position} - 1` })
    .where(
      and(eq(component.workspaceId, ctx.workspaceId), gt(component.position, deleted.position)),
    );
}

type Ordered = typeof component | typeof componentGroup;

/**
 * Sets positions to the index of each id in `ids`, which must name every row of the workspace
 * exactly once; anything else is 409 order_mismatch, naming what is missing, extra or repeated.
 */
async function applyOrder(table: Ordered, what: string, ctx: Actor, ids: string[]) {
  const { workspaceId } = ctx;
  await transactionChangingData(workspaceId, async (tx) => {
    await lockOrder(tx, workspaceId);
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(eq(table.workspaceId, workspaceId));
    const current = new Set(rows.map((row) => row.id));
    const given = new Set(ids);
    const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
    const unknown = [...given].filter((id) => !current.has(id));
    const missing = [...current].filter((id) => !given.has(id));
    if (duplicates.length || unknown.length || missing.length) {
      const parts = [
        missing.length && `missing ${missing.join(", ")}`,
        unknown.length && `unknown ${unknown.join(", ")}`,
        duplicates.length && `repeated ${[...new Set(duplicates)].join(", ")}`,
      ].filter(Boolean);
      throw new ConflictError(
        "order_mismatch",
        `The order must name every ${what} of the workspace exactly once: ${parts.join("; ")}.`,
      );
    }
    const before = await tx
      .select({ id: table.id })
      .from(table)
      .where(eq(table.workspaceId, workspaceId))
      .orderBy(asc(table.position));
    await recordAudit(
      tx,
      ctx,
      `${table === component ? "component" : "component_group"}.reorder`,
      { type: table === component ? "component" : "component_group", id: null, name: null },
      changesBetween({ order: before.map((row) => row.id) }, { order: ids }),
    );
    if (!ids.length) return;
    const positions = sql.join(
      ids.map((id, index) => sql`(${id}::uuid, ${index}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${table} set position = ordered.position
      from (values ${positions}) as ordered(id, position)
      where ${table.id} = ordered.id and ${table.workspaceId} = ${workspaceId}`);
  });
}

export function reorderComponents({ ctx, ids }: { ctx: Actor; ids: string[] }) {
  return applyOrder(component, "component", ctx, ids);
}

export function reorderGroups({ ctx, ids }: { ctx: Actor; ids: string[] }) {
  return applyOrder(componentGroup, "component group", ctx, ids);
}

async function getGroup(tx: Executor, workspaceId: string, id: string) {
  const [found] = await tx
    .select(groupColumns)
    .from(componentGroup)
    .where(and(eq(componentGroup.workspaceId, workspaceId), eq(componentGroup.id, id)));
  if (!found) throw new NotFoundError("component group");
  return found;
}

export async function createGroup({ ctx, input }: { ctx: Actor; input: { name: string } }) {
  return transactionChangingData(ctx.workspaceId, (tx) => insertGroup(tx, ctx, input));
}

/** createGroup in the caller's transaction. */
export async function insertGroup(
  tx: Executor,
  ctx: Pick<Actor, "workspaceId" | "by">,
  input: { name: string },
) {
  await lockOrder(tx, ctx.workspaceId);
  const [{ total }] = (await tx
    .select({ total: count() })
    .from(componentGroup)
    .where(eq(componentGroup.workspaceId, ctx.workspaceId))) as [{ total: number }];
  const [created] = await tx
    .insert(componentGroup)
    .values({ workspaceId: ctx.workspaceId, name: input.name, position: total })
    .returning(groupColumns);
  await addToDefaultPage(tx, ctx.workspaceId, { groupId: created!.id });
  await recordAudit(
    tx,
    ctx,
    "component_group.create",
    { type: "component_group", id: created!.id, name: created!.name },
    changesBetween(null, { name: created!.name }),
  );
  return created!;
}

export async function updateGroup({
  ctx,
  id,
  input,
}: {
  ctx: Actor;
  id: string;
  input: { name?: string };
}) {
  return transactionChangingData(ctx.workspaceId, (tx) => changeGroup(tx, ctx, id, input));
}

/** updateGroup in the caller's transaction. */
export async function changeGroup(
  tx: Executor,
  ctx: Pick<Actor, "workspaceId" | "by">,
  id: string,
  input: { name?: string },
) {
  const before = await getGroup(tx, ctx.workspaceId, id);
  if (input.name !== undefined) {
    await tx
      .update(componentGroup)
      .set({ name: input.name })
      .where(and(eq(componentGroup.workspaceId, ctx.workspaceId), eq(componentGroup.id, id)));
  }
  const after = await getGroup(tx, ctx.workspaceId, id);
  await recordAudit(
    tx,
    ctx,
    "component_group.update",
    { type: "component_group", id, name: after.name },
    changesBetween(before, after, { fields: ["name"] }),
  );
  return after;
}

/** Deletes a group; its components stay, ungrouped (the foreign key sets their group to null). */
export async function deleteGroup({ ctx, id }: { ctx: Actor; id: string }) {
  await transactionChangingData(ctx.workspaceId, (tx) => removeGroup(tx, ctx, id));
}

/** deleteGroup in the caller's transaction. */
export async function removeGroup(
  tx: Executor,
  ctx: Pick<Actor, "workspaceId" | "by">,
  id: string,
) {
  await lockOrder(tx, ctx.workspaceId);
  const [deleted] = await tx
    .delete(componentGroup)
    .where(and(eq(componentGroup.workspaceId, ctx.workspaceId), eq(componentGroup.id, id)))
    .returning({ position: componentGroup.position, name: componentGroup.name });
  if (!deleted) throw new NotFoundError("component group");
  await recordAudit(tx, ctx, "component_group.delete", {
    type: "component_group",
    id,
    name: deleted.name,
  });
  await tx
    .update(componentGroup)
    .set({ position: sql`${componentGroup.position} - 1` })
    .where(
      and(
        eq(componentGroup.workspaceId, ctx.workspaceId),
        gt(componentGroup.position, deleted.position),
      ),
    );
}
