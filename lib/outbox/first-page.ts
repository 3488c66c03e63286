import { and, eq, inArray } from "drizzle-orm";
import { schema, type Executor } from "@/db/client";

const { component, statusPage } = schema;

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

/**
 * The components each workspace's first page shows (those it lists and the members of the groups
 * it lists): email subscribers subscribe there, so they hear only of these, and a component kept
 * off it (for a private page) is never named to them.
 */
export async function shownOnFirstPage(
  tx: Executor,
  workspaceIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  if (!workspaceIds.length) return new Map();
  const [pages, components] = await Promise.all([
    tx
      .select({
        workspaceId: statusPage.workspaceId,
        componentIds: statusPage.componentIds,
        groupIds: statusPage.groupIds,
      })
      .from(statusPage)
      .where(
        and(inArray(statusPage.workspaceId, [...workspaceIds]), eq(statusPage.isDefault, true)),
      ),
    tx
      .select({ id: component.id, workspaceId: component.workspaceId, groupId: component.groupId })
      .from(component)
      .where(inArray(component.workspaceId, [...workspaceIds])),
  ]);
  const shown = new Map<string, Set<string>>();
  for (const page of pages) {
    const shows = pageShows(page);
    shown.set(
      page.workspaceId,
      new Set(
        components.filter((c) => c.workspaceId === page.workspaceId && shows(c)).map((c) => c.id),
      ),
    );
  }
  return shown;
}
