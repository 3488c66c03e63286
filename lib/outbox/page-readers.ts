import { and, eq, inArray } from "drizzle-orm";
import { schema, type Executor } from "@/db/client";

const { component, pageAudience, statusPage } = schema;

/**
 * Whether a page shows a component: it lists the component, or the component's group (so a
 * component put in a listed group later joins it).
 */
export function pageShows(page: {
  componentIds: readonly string[];
  groupIds: readonly string[];
}): (component: { id: string; groupId: string | null }) => boolean {
  const listed = new Set(page.componentIds);
  const groups = new Set(page.groupIds);
  return (c) => listed.has(c.id) || (c.groupId !== null && groups.has(c.groupId));
}

/** Whether an address belongs to an audience: listed itself, or by its domain. */
export function audienceHas(
  audience: { members: readonly string[]; emailDomains: readonly string[] },
  email: string,
): boolean {
  const address = email.toLowerCase();
  return (
    audience.members.includes(address) ||
    audience.emailDomains.includes(address.slice(address.lastIndexOf("@") + 1))
  );
}

/** The page a subscriber subscribed on, and the components they may hear of there. */
export type Reach = {
  page: {
    id: string;
    workspaceId: string;
    isDefault: boolean;
    name: string | null;
    slug: string;
    host: string | null;
  };
  /**
   * What the page shows them: every component it shows; on an audience page, only those of the
   * audiences their address is in now (none once it is in none).
   */
  visible: Set<string>;
  /** Whether the address may read the page: on an audience page, it is in one of its audiences. */
  reads: boolean;
  /** Whether anyone may read the page (neither a password nor an audience page). */
  open: boolean;
};

/**
 * What each reader (a subscriber, or an address about to subscribe) may hear of, by the page
 * they follow, read now: a component taken off the page, or an address taken out of an
 * audience, is never named to them again.
 */
export async function readersReach(
  tx: Executor,
  readers: readonly { key: string; pageId: string; email: string }[],
): Promise<Map<string, Reach>> {
  const pageIds = [...new Set(readers.map((r) => r.pageId))];
  if (!pageIds.length) return new Map();
  const pages = await tx
    .select({
      id: statusPage.id,
      workspaceId: statusPage.workspaceId,
      isDefault: statusPage.isDefault,
      name: statusPage.name,
      slug: statusPage.slug,
      host: statusPage.host,
      visibility: statusPage.visibility,
      componentIds: statusPage.componentIds,
      groupIds: statusPage.groupIds,
    })
    .from(statusPage)
    .where(inArray(statusPage.id, pageIds));
  const workspaceIds = [...new Set(pages.map((p) => p.workspaceId))];
  const audiencePages = pages.filter((p) => p.visibility === "audience").map((p) => p.id);
  const [components, audiences] = await Promise.all([
    tx
      .select({ id: component.id, workspaceId: component.workspaceId, groupId: component.groupId })
      .from(component)
      .where(inArray(component.workspaceId, workspaceIds)),
    audiencePages.length
      ? tx
          .select({
            pageId: pageAudience.pageId,
            componentIds: pageAudience.componentIds,
            members: pageAudience.members,
            emailDomains: pageAudience.emailDomains,
          })
          .from(pageAudience)
          .where(
            and(
              inArray(pageAudience.workspaceId, workspaceIds),
              inArray(pageAudience.pageId, audiencePages),
            ),
          )
      : [],
  ]);
  const shownOn = new Map(
    pages.map((page) => {
      const shows = pageShows(page);
      const shown = components
        .filter((c) => c.workspaceId === page.workspaceId && shows(c))
        .map((c) => c.id);
      return [page.id, shown] as const;
    }),
  );
  const reach = new Map<string, Reach>();
  for (const reader of readers) {
    const page = pages.find((p) => p.id === reader.pageId);
    if (!page) continue;
    let shown = shownOn.get(page.id)!;
    let reads = true;
    if (page.visibility === "audience") {
      const theirAudiences = audiences.filter(
        (a) => a.pageId === page.id && audienceHas(a, reader.email),
      );
      const theirs = new Set(theirAudiences.flatMap((a) => a.componentIds));
      shown = shown.filter((id) => theirs.has(id));
      reads = theirAudiences.length > 0;
    }
    const { visibility: _v, componentIds: _c, groupIds: _g, ...own } = page;
    reach.set(reader.key, {
      page: own,
      visible: new Set(shown),
      reads,
      open: page.visibility === "public",
    });
  }
  return reach;
}

/** The first page of a workspace, where subscriptions made without naming a page go. */
export async function firstPageId(tx: Executor, workspaceId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: statusPage.id })
    .from(statusPage)
    .where(and(eq(statusPage.workspaceId, workspaceId), eq(statusPage.isDefault, true)));
  return row?.id ?? null;
}
