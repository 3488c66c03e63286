import { pageShows } from "@/lib/outbox/page-readers";
import { pageUrl } from "@/lib/pages/url";
import type { PublicData, PublicPage } from "./load";
import { groupUptime, type Uptime } from "./uptime";
import type { Site } from "./view";

/** Which page a request names: by `/p/{slug}`, else by the host it was sent to. */
export type PageRef = { slug: string | null; host: string | null };

/**
 * The page a request names and where its links start, or null when it names none: `/p/{slug}`
 * names a page by its slug; any other path is the page of the host asked (the first page's
 * when no page has that host).
 */
export function pageAt(data: PublicData, ref: PageRef): { page: PublicPage; site: Site } | null {
  const pages = data.pages;
  if (ref.slug !== null) {
    const page = pages.find((p) => p.slug === ref.slug);
    if (!page) return null;
    return { page, site: siteOf(page, `/p/${page.slug}`) };
  }
  const host = ref.host?.toLowerCase();
  const page = (host && pages.find((p) => p.host === host)) || pages.find((p) => p.isDefault);
  return page ? { page, site: siteOf(page, "") } : null;
}

function siteOf(page: PublicPage, base: string): Site {
  return { base, canonical: pageUrl(page) };
}

/** Whether an incident or window touching these components is on the page. */
export function onPage(page: PublicPage, shown: Set<string>, componentIds: string[]): boolean {
  // One that names no component concerns the whole service: the first page shows it.
  if (!componentIds.length) return page.isDefault;
  return componentIds.some((id) => shown.has(id));
}

/** The components a page shows: those it lists and every member of the groups it lists. */
export function shownComponents(data: PublicData, page: PublicPage): Set<string> {
  return new Set(data.components.filter(pageShows(page)).map((c) => c.id));
}

/**
 * The data as one page shows it: its components (in the workspace's order), groups with only
 * their shown members, the incidents and windows that touch them, the bars in the page's zone,
 * and the page's name, language and dress.
 */
export function pageData(data: PublicData, page: PublicPage): PublicData {
  const shown = shownComponents(data, page);
  const zone =
    page.timeZone === data.workspace.timeZone
      ? { days: data.days, uptime: data.uptime }
      : (data.zones[page.timeZone] ?? { days: data.days, uptime: data.uptime });
  const components = data.components.filter((c) => shown.has(c.id));
  const groups = data.groups
    .map((g) => ({ ...g, componentIds: g.componentIds.filter((id) => shown.has(id)) }))
    .filter((g) => g.componentIds.length);
  const uptime = new Map<string, Uptime>();
  for (const c of components) uptime.set(c.id, zone.uptime.get(c.id)!);
  for (const g of groups) {
    uptime.set(
      g.id,
      groupUptime(
        g.componentIds.map((id) => uptime.get(id)!),
        zone.days,
      ),
    );
  }
  return {
    ...data,
    workspace: {
      ...data.workspace,
      name: page.name,
      timeZone: page.timeZone,
      defaultLocale: page.defaultLocale,
      brand: { ...page.brand, images: data.workspace.brand.images },
    },
    components,
    groups,
    days: zone.days,
    uptime,
    incidents: data.incidents.filter((i) =>
      onPage(
        page,
        shown,
        i.components.map((c) => c.componentId),
      ),
    ),
    maintenances: data.maintenances.filter((m) => onPage(page, shown, m.componentIds)),
    page: { id: page.isDefault ? data.workspace.id : page.id, url: pageUrl(page) },
  };
}
