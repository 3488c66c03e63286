import { and, asc, eq } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { transactionChangingData } from "@/lib/changes/changes";
import type { Actor } from "@/lib/contract/actor";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { assertAllExist, orders } from "./pages";
import type { Audience, CreateAudienceInput, PatchAudienceInput } from "./schemas";

const { statusPage, pageAudience, component } = schema;

type AudienceRow = typeof pageAudience.$inferSelect;

const unique = <T>(values: T[] | undefined) => (values ? [...new Set(values)] : undefined);

function audienceOf(row: AudienceRow, order: string[]): Audience {
  const wanted = new Set(row.componentIds);
  return {
    id: row.id,
    pageId: row.pageId,
    name: row.name,
    componentIds: order.filter((id) => wanted.has(id)),
    emailDomains: row.emailDomains,
    members: row.members,
    createdAt: row.createdAt,
  };
}

/** The page audiences belong to; the first page is for everyone and takes none. */
async function audiencePage(tx: Executor, workspaceId: string, pageId: string, lock = false) {
  const query = tx
    .select({ id: statusPage.id, isDefault: statusPage.isDefault })
    .from(statusPage)
    .where(and(eq(statusPage.workspaceId, workspaceId), eq(statusPage.id, pageId)));
  const [page] = await (lock ? query.for("update") : query);
  if (!page) throw new NotFoundError("page");
  return page;
}

async function audienceRow(tx: Executor, workspaceId: string, pageId: string, id: string) {
  const [row] = await tx
    .select()
    .from(pageAudience)
    .where(
      and(
        eq(pageAudience.workspaceId, workspaceId),
        eq(pageAudience.pageId, pageId),
        eq(pageAudience.id, id),
      ),
    );
  if (!row) throw new NotFoundError("audience");
  return row;
}

const audited = (audience: Audience) => ({
  name: audience.name,
  componentIds: audience.componentIds,
  emailDomains: audience.emailDomains,
  members: audience.members,
});

export async function listAudiences({
  ctx,
  pageId,
}: {
  ctx: Pick<Actor, "workspaceId">;
  pageId: string;
}) {
  const db = await getDb();
  await audiencePage(db, ctx.workspaceId, pageId);
  const [rows, order] = await Promise.all([
    db
      .select()
      .from(pageAudience)
      .where(and(eq(pageAudience.workspaceId, ctx.workspaceId), eq(pageAudience.pageId, pageId)))
      .orderBy(asc(pageAudience.createdAt), asc(pageAudience.id)),
    orders(db, ctx.workspaceId),
  ]);
  return { data: rows.map((row) => audienceOf(row, order.components)) };
}

export async function getAudience({
  ctx,
  pageId,
  id,
}: {
  ctx: Pick<Actor, "workspaceId">;
  pageId: string;
  id: string;
}) {
  const db = await getDb();
  const [row, order] = await Promise.all([
    audienceRow(db, ctx.workspaceId, pageId, id),
    orders(db, ctx.workspaceId),
  ]);
  return audienceOf(row, order.components);
}

/**
 * A group of a page's readers: its members (and every address in its domains) see its
 * components, of those the page shows.
 */
export async function createAudience({
  ctx,
  pageId,
  input,
}: {
  ctx: Actor;
  pageId: string;
  input: CreateAudienceInput;
}) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    const page = await audiencePage(tx, ctx.workspaceId, pageId, true);
    if (page.isDefault) {
      throw new ConflictError(
        "default_page",
        "The first page is public and has no audiences; give them to an audience page.",
      );
    }
    const componentIds = unique(input.componentIds)!;
    await assertAllExist(tx, ctx.workspaceId, component, componentIds, "componentIds");
    const [row] = await tx
      .insert(pageAudience)
      .values({
        workspaceId: ctx.workspaceId,
        pageId,
        name: input.name,
        componentIds,
        emailDomains: unique(input.emailDomains) ?? [],
        members: unique(input.members) ?? [],
      })
      .returning();
    const audience = audienceOf(row!, (await orders(tx, ctx.workspaceId)).components);
    await recordAudit(
      tx,
      ctx,
      "audience.create",
      { type: "audience", id: audience.id, name: audience.name },
      changesBetween(null, audited(audience)),
    );
    return audience;
  });
}

export async function updateAudience({
  ctx,
  pageId,
  id,
  input,
}: {
  ctx: Actor;
  pageId: string;
  id: string;
  input: PatchAudienceInput;
}) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    await audiencePage(tx, ctx.workspaceId, pageId, true);
    const row = await audienceRow(tx, ctx.workspaceId, pageId, id);
    const componentIds = unique(input.componentIds);
    if (componentIds) {
      await assertAllExist(tx, ctx.workspaceId, component, componentIds, "componentIds");
    }
    const [updated] = await tx
      .update(pageAudience)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(componentIds ? { componentIds } : {}),
        ...(input.emailDomains ? { emailDomains: unique(input.emailDomains) } : {}),
        ...(input.members ? { members: unique(input.members) } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(pageAudience.workspaceId, ctx.workspaceId), eq(pageAudience.id, id)))
      .returning();
    const order = (await orders(tx, ctx.workspaceId)).components;
    const [before, audience] = [audienceOf(row, order), audienceOf(updated!, order)];
    await recordAudit(
      tx,
      ctx,
      "audience.update",
      { type: "audience", id, name: audience.name },
      changesBetween(audited(before), audited(audience)),
    );
    return audience;
  });
}

/** Its members who are in no other audience of the page can no longer read it, at once. */
export async function deleteAudience({
  ctx,
  pageId,
  id,
}: {
  ctx: Actor;
  pageId: string;
  id: string;
}) {
  await transactionChangingData(ctx.workspaceId, async (tx) => {
    await audiencePage(tx, ctx.workspaceId, pageId, true);
    const row = await audienceRow(tx, ctx.workspaceId, pageId, id);
    await tx
      .delete(pageAudience)
      .where(and(eq(pageAudience.workspaceId, ctx.workspaceId), eq(pageAudience.id, id)));
    await recordAudit(tx, ctx, "audience.delete", { type: "audience", id, name: row.name });
  });
}
