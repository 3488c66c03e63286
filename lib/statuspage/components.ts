import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import { transactionChangingData } from "@/lib/changes/changes";
import {
  changeComponent,
  changeGroup,
  insertComponent,
  insertGroup,
  removeComponent,
  removeGroup,
} from "@/lib/components/components";
import type { UpdateComponentInput } from "@/lib/components/schemas";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { pageShows } from "@/lib/outbox/page-readers";
import { addToPage } from "@/lib/pages/pages";
import { worstOf } from "@/lib/status/labels";
import type { SpComponentInput, SpGroupInput, SpManagedComponent, SpManagedGroup } from "./schemas";

const { statusPage, component, componentGroup } = schema;
/** Our ids: anything else a path names is 404 without a query. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Ctx = Pick<Actor, "workspaceId" | "userId" | "by">;
type Paging = { page: number; per_page: number };
/** What every verb here is given: who asks, and the page as the path names it. */
type OnPage = { ctx: Ctx; pageId: string };
type OnComponent = OnPage & { componentId: string };
type OnGroup = OnPage & { groupId: string };

/** A page as a script names it: `key` is the id it was asked by, and answered with. */
export type Page = {
  id: string;
  key: string;
  isDefault: boolean;
  slug: string;
  host: string | null;
  componentIds: string[];
  groupIds: string[];
};

type ComponentRow = typeof component.$inferSelect;
type GroupRow = typeof componentGroup.$inferSelect;
export type View = { page: Page; components: ComponentRow[]; groups: GroupRow[] };

/**
 * The page a path names: a page's id, or the workspace's id for the first page (the id
 * `/api/v2/summary.json` gives it, which scripts read before they write). Anything else is 404.
 */
async function pageFor(tx: Executor, workspaceId: string, asked: string): Promise<Page> {
  if (!UUID.test(asked)) throw new NotFoundError("page");
  const [row] = await tx
    .select({
      id: statusPage.id,
      isDefault: statusPage.isDefault,
      slug: statusPage.slug,
      host: statusPage.host,
      componentIds: statusPage.componentIds,
      groupIds: statusPage.groupIds,
    })
    .from(statusPage)
    .where(
      and(
        eq(statusPage.workspaceId, workspaceId),
        asked.toLowerCase() === workspaceId
          ? eq(statusPage.isDefault, true)
          : eq(statusPage.id, asked),
      ),
    );
  if (!row) throw new NotFoundError("page");
  return { ...row, key: asked };
}

/**
 * What a page shows, in the workspace's order: the components it lists or whose group it lists,
 * and the groups it lists or that hold a component it shows.
 */
export async function viewOf(tx: Executor, workspaceId: string, asked: string): Promise<View> {
  const page = await pageFor(tx, workspaceId, asked);
  const [components, groups] = await Promise.all([
    tx
      .select()
      .from(component)
      .where(eq(component.workspaceId, workspaceId))
      .orderBy(asc(component.position)),
    tx
      .select()
      .from(componentGroup)
      .where(eq(componentGroup.workspaceId, workspaceId))
      .orderBy(asc(componentGroup.position)),
  ]);
  const shown = components.filter(pageShows(page));
  const listed = new Set(page.groupIds);
  return {
    page,
    components: shown,
    groups: groups.filter((g) => listed.has(g.id) || shown.some((c) => c.groupId === g.id)),
  };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

function leaf(view: View, c: ComponentRow, position: number): SpManagedComponent {
  return {
    id: c.id,
    page_id: view.page.key,
    group_id: c.groupId,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    group: false,
    name: c.name,
    description: c.description || null,
    position,
    status: c.status,
    showcase: true,
    only_show_if_degraded: false,
    automation_email: null,
    start_date: day(c.createdAt),
  };
}

const membersOf = (view: View, groupId: string) =>
  view.components.filter((c) => c.groupId === groupId);

/** A group's last change: its own creation or its latest member's. */
const groupUpdated = (g: GroupRow, members: ComponentRow[]) =>
  new Date(Math.max(g.createdAt.getTime(), ...members.map((c) => c.updatedAt.getTime())));

/** Components and groups in one list, as Statuspage gives them: loose ones, then each group. */
export function flatList(view: View): SpManagedComponent[] {
  const list: SpManagedComponent[] = [];
  const grouped = new Set(view.groups.map((g) => g.id));
  let top = 0;
  for (const c of view.components) {
    if (!c.groupId || !grouped.has(c.groupId)) list.push(leaf(view, c, ++top));
  }
  for (const g of view.groups) {
    const members = membersOf(view, g.id);
    list.push({
      id: g.id,
      page_id: view.page.key,
      group_id: null,
      created_at: g.createdAt.toISOString(),
      updated_at: groupUpdated(g, members).toISOString(),
      group: true,
      name: g.name,
      description: null,
      position: ++top,
      status: worstOf(members.map((c) => c.status)),
      showcase: true,
      only_show_if_degraded: false,
      automation_email: null,
      start_date: day(g.createdAt),
      components: members.map((c) => c.id),
    });
    members.forEach((c, index) => list.push(leaf(view, c, index + 1)));
  }
  return list;
}

function groupAnswer(view: View, g: GroupRow): SpManagedGroup {
  const members = membersOf(view, g.id);
  return {
    id: g.id,
    page_id: view.page.key,
    name: g.name,
    description: null,
    components: members.map((c) => c.id),
    position: view.groups.indexOf(g) + 1,
    created_at: g.createdAt.toISOString(),
    updated_at: groupUpdated(g, members).toISOString(),
  };
}

export const pageOfList = <T>(items: T[], { page, per_page }: Paging) =>
  items.slice((page - 1) * per_page, page * per_page);

function componentIn(view: View, id: string): SpManagedComponent {
  const found = flatList(view).find((entry) => entry.id === id);
  if (!found) throw new NotFoundError("component");
  return found;
}

function groupIn(view: View, id: string): GroupRow {
  const found = view.groups.find((g) => g.id === id);
  if (!found) throw new NotFoundError("component group");
  return found;
}

/** A group named by `group_id`: null when none is (null or empty), 422 when it is not one. */
async function groupOf(tx: Executor, workspaceId: string, id: string | null | undefined) {
  if (id === undefined) return undefined;
  if (id === null || id === "") return null;
  const [found] = UUID.test(id)
    ? await tx
        .select({ id: componentGroup.id })
        .from(componentGroup)
        .where(and(eq(componentGroup.workspaceId, workspaceId), eq(componentGroup.id, id)))
    : [];
  if (!found) {
    throw ValidationError.field("component.group_id", "No component group with that id here.");
  }
  return found.id;
}

/** Keeps components on the page after a change that took them out of a group the page lists. */
async function keepOnPage(tx: Executor, ctx: Ctx, asked: Page, ids: string[]) {
  if (!ids.length) return;
  const page = await pageFor(tx, ctx.workspaceId, asked.key);
  const rows = await tx
    .select({ id: component.id, groupId: component.groupId })
    .from(component)
    .where(and(eq(component.workspaceId, ctx.workspaceId), inArray(component.id, ids)));
  const shows = pageShows(page);
  for (const row of rows) {
    if (!shows(row)) await addToPage(tx, ctx.workspaceId, page.id, { componentId: row.id });
  }
}

export async function listSpComponents({ ctx, pageId, query }: OnPage & { query: Paging }) {
  const db = await getDb();
  return pageOfList(flatList(await viewOf(db, ctx.workspaceId, pageId)), query);
}

export async function getSpComponent({ ctx, pageId, componentId }: OnComponent) {
  const db = await getDb();
  return componentIn(await viewOf(db, ctx.workspaceId, pageId), componentId);
}

function changesOf(fields: SpComponentInput["component"]): UpdateComponentInput {
  return {
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.description !== undefined ? { description: fields.description ?? "" } : {}),
    ...(fields.status ? { status: fields.status } : {}),
  };
}

/**
 * Creates a component on the page: it joins the workspace (and the first page, as every new
 * component does) and is listed on this page unless a group the page lists holds it.
 */
export async function createSpComponent({
  ctx,
  pageId,
  input,
}: OnPage & { input: SpComponentInput }) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    const page = await pageFor(tx, ctx.workspaceId, pageId);
    const fields = input.component;
    if (!fields.name) throw ValidationError.field("component.name", "A name is required.");
    const groupId = await groupOf(tx, ctx.workspaceId, fields.group_id);
    const created = await insertComponent(tx, ctx, {
      ...changesOf(fields),
      name: fields.name,
      groupId: groupId ?? null,
    });
    await keepOnPage(tx, ctx, page, [created.id]);
    return componentIn(await viewOf(tx, ctx.workspaceId, pageId), created.id);
  });
}

/** Changes a component the page shows (PATCH and PUT alike: what is sent changes). */
export async function updateSpComponent({
  ctx,
  pageId,
  componentId,
  input,
}: OnComponent & { input: SpComponentInput }) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    const view = await viewOf(tx, ctx.workspaceId, pageId);
    if (!view.components.some((c) => c.id === componentId)) throw new NotFoundError("component");
    const groupId = await groupOf(tx, ctx.workspaceId, input.component.group_id);
    await changeComponent(tx, ctx, componentId, {
      ...changesOf(input.component),
      ...(groupId !== undefined ? { groupId } : {}),
    });
    await keepOnPage(tx, ctx, view.page, [componentId]);
    return componentIn(await viewOf(tx, ctx.workspaceId, pageId), componentId);
  });
}

export async function deleteSpComponent({ ctx, pageId, componentId }: OnComponent) {
  await transactionChangingData(ctx.workspaceId, async (tx) => {
    const view = await viewOf(tx, ctx.workspaceId, pageId);
    if (!view.components.some((c) => c.id === componentId)) throw new NotFoundError("component");
    await removeComponent(tx, ctx, componentId);
  });
}

export async function listSpGroups({ ctx, pageId, query }: OnPage & { query: Paging }) {
  const db = await getDb();
  const view = await viewOf(db, ctx.workspaceId, pageId);
  return pageOfList(
    view.groups.map((g) => groupAnswer(view, g)),
    query,
  );
}

export async function getSpGroup({ ctx, pageId, groupId }: OnGroup) {
  const db = await getDb();
  const view = await viewOf(db, ctx.workspaceId, pageId);
  return groupAnswer(view, groupIn(view, groupId));
}

/** The components a group is to hold: at least one, each shown on the page. */
function membersAsked(view: View, ids: string[] | undefined): string[] {
  if (!ids?.length) {
    throw ValidationError.field(
      "component_group.components",
      "A group holds at least one component, as on Statuspage.",
    );
  }
  const shown = new Set(view.components.map((c) => c.id));
  const errors = ids.flatMap((id, index) =>
    shown.has(id)
      ? []
      : [
          {
            field: `component_group.components.${index}`,
            message: "No such component on this page.",
          },
        ],
  );
  if (errors.length) throw new ValidationError(errors);
  return [...new Set(ids)];
}

/** Puts exactly `members` in the group: others leave it, staying on the page. */
async function setMembers(tx: Executor, ctx: Ctx, view: View, groupId: string, members: string[]) {
  const leaving = membersOf(view, groupId)
    .map((c) => c.id)
    .filter((id) => !members.includes(id));
  for (const id of members) {
    if (view.components.find((c) => c.id === id)?.groupId !== groupId) {
      await changeComponent(tx, ctx, id, { groupId });
    }
  }
  for (const id of leaving) await changeComponent(tx, ctx, id, { groupId: null });
  await keepOnPage(tx, ctx, view.page, [...members, ...leaving]);
}

export async function createSpGroup({ ctx, pageId, input }: OnPage & { input: SpGroupInput }) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    const view = await viewOf(tx, ctx.workspaceId, pageId);
    const fields = input.component_group;
    if (!fields.name) throw ValidationError.field("component_group.name", "A name is required.");
    const members = membersAsked(view, fields.components);
    const group = await insertGroup(tx, ctx, { name: fields.name });
    if (!view.page.isDefault) {
      await addToPage(tx, ctx.workspaceId, view.page.id, { groupId: group.id });
    }
    await setMembers(tx, ctx, view, group.id, members);
    const after = await viewOf(tx, ctx.workspaceId, pageId);
    return groupAnswer(after, groupIn(after, group.id));
  });
}

export async function updateSpGroup({
  ctx,
  pageId,
  groupId,
  input,
}: OnGroup & { input: SpGroupInput }) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    const view = await viewOf(tx, ctx.workspaceId, pageId);
    groupIn(view, groupId);
    const fields = input.component_group;
    if (fields.name !== undefined) await changeGroup(tx, ctx, groupId, { name: fields.name });
    if (fields.components !== undefined) {
      await setMembers(tx, ctx, view, groupId, membersAsked(view, fields.components));
    }
    const after = await viewOf(tx, ctx.workspaceId, pageId);
    return groupAnswer(after, groupIn(after, groupId));
  });
}

/** Deletes a group, answering it as it was; its components stay on the page, ungrouped. */
export async function deleteSpGroup({ ctx, pageId, groupId }: OnGroup) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    const view = await viewOf(tx, ctx.workspaceId, pageId);
    const answer = groupAnswer(view, groupIn(view, groupId));
    const members = membersOf(view, groupId).map((c) => c.id);
    await removeGroup(tx, ctx, groupId);
    await keepOnPage(tx, ctx, view.page, members);
    return answer;
  });
}
