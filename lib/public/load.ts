import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import type { UpdateComponentChange } from "@/db/schema/incidents";
import type { ComponentStatus } from "@/lib/components/schemas";
import { groupBy } from "@/lib/group-by";
import { workspaceColumns } from "@/lib/workspace/workspace";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { affectedOf } from "@/lib/incidents/incidents";
import { componentIdsOf } from "@/lib/maintenance/maintenance";
import { pageAccessKey, preparePageAccess } from "@/lib/crypto/page-access";
import { lastDays, type DayRange } from "./days";
import { componentUptime, groupUptime, type StatusPoint, type Uptime } from "./uptime";

const {
  workspace,
  workspaceImage,
  component,
  componentGroup,
  componentStatusChange,
  incident,
  incidentUpdate,
  maintenance,
  maintenanceUpdate,
  statusPage,
  pageAudience,
} = schema;

/** Days of uptime history on the page, incidents per day below it, and list sizes of §9. */
export const UPTIME_DAYS = 90;
export const RECENT_DAYS = 14;
export const LIST_LIMIT = 50;

/** One of the page's images, with its bytes (base64): served from memory like the page. */
export type PublicImage = { contentType: string; digest: string; bytes: string };
export type ImageKind = "logo_light" | "logo_dark" | "favicon";

/** How the team dressed its page. */
export type PublicBrand = {
  accentColor: string | null;
  accentColorDark: string | null;
  headerLinks: { label: string; url: string }[];
  supportUrl: string | null;
  /** Markdown. */
  footerText: string;
  showPoweredBy: boolean;
  images: Partial<Record<ImageKind, PublicImage>>;
};

export type PublicWorkspace = {
  id: string;
  name: string;
  timeZone: string;
  createdAt: Date;
  defaultLocale: Locale;
  brand: PublicBrand;
};

/** The page of a deployment without its own data (before setup, or nothing read yet). */
export const PLAIN_BRAND: PublicBrand = {
  accentColor: null,
  accentColorDark: null,
  headerLinks: [],
  supportUrl: null,
  footerText: "",
  showPoweredBy: true,
  images: {},
};

export type PublicComponent = {
  id: string;
  name: string;
  description: string;
  status: ComponentStatus;
  groupId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type PublicGroup = {
  id: string;
  name: string;
  createdAt: Date;
  componentIds: string[];
};

export type PublicUpdate = {
  id: string;
  status: (typeof incident.$inferSelect)["status"];
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  components: UpdateComponentChange[] | null;
  estimatedResolutionAt: Date | null;
  nextUpdateBy: Date | null;
};

export type PublicIncident = {
  id: string;
  title: string;
  status: (typeof incident.$inferSelect)["status"];
  impact: (typeof incident.$inferSelect)["impact"];
  startedAt: Date;
  resolvedAt: Date | null;
  monitoringAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  components: { componentId: string; status: ComponentStatus }[];
  /** Newest first. */
  updates: PublicUpdate[];
  /** Only a published one. */
  postmortem: { body: string; publishedAt: Date } | null;
};

export type PublicMaintenance = {
  id: string;
  title: string;
  body: string;
  status: "scheduled" | "in_progress" | "completed";
  startsAt: Date;
  endsAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  componentIds: string[];
  /** Progress notes, newest first. */
  updates: {
    id: string;
    status: "scheduled" | "in_progress" | "completed" | "cancelled";
    body: string;
    createdAt: Date;
  }[];
};

/** Everything the public page, its JSON and its feeds show, read at one moment. */
export type PublicData = {
  workspace: PublicWorkspace;
  /** The last change to anything public. */
  updatedAt: Date;
  /** Page order: ungrouped components first, then each group's. */
  components: PublicComponent[];
  groups: PublicGroup[];
  days: DayRange[];
  uptime: Map<string, Uptime>;
  /** Published: every unresolved one, those of the bars' 90 days and the 50 latest; newest first. */
  incidents: PublicIncident[];
  /**
   * Not cancelled: every scheduled or in-progress one, those of the bars' 90 days and the 50
   * latest; latest start first.
   */
  maintenances: PublicMaintenance[];
  /**
   * The id of every published incident and every window not cancelled, older ones too: an
   * address that names none of them is answered 404 from memory, without reading the database.
   */
  shownIds: { incidents: string[]; maintenances: string[] };
  /** The status pages, the first (at `/`) first. */
  pages: PublicPage[];
  /** The bars' days and uptime in each other zone a page speaks in. */
  zones: Record<string, { days: DayRange[]; uptime: Map<string, Uptime> }>;
  /** On the data of one page (not the whole workspace's): the page's id and address. */
  page?: { id: string; url: string };
};

/** A status page: what it shows, where, to whom, and how it is dressed. */
export type PublicPage = {
  id: string;
  isDefault: boolean;
  slug: string;
  host: string | null;
  visibility: "public" | "password" | "audience";
  /**
   * A page's key, when it is not public: a password page's visitors' cookies and its feed token
   * are MACs under it, and so are an audience page's visitors' cookies and sign-in links.
   */
  accessKey: string | null;
  /** An audience page's audiences: who may read it, and what each sees. */
  audiences: PublicAudience[];
  /** An audience page's OpenID provider for its readers (its secret stays in the database). */
  oidc: { issuer: string; clientId: string } | null;
  name: string;
  timeZone: string;
  defaultLocale: Locale;
  /** The page's own dress; images are the workspace's. */
  brand: Omit<PublicBrand, "images">;
  componentIds: string[];
  groupIds: string[];
};

async function loadComponents(tx: Executor, workspaceId: string) {
  const [groups, components] = await Promise.all([
    tx
      .select({
        id: componentGroup.id,
        name: componentGroup.name,
        createdAt: componentGroup.createdAt,
      })
      .from(componentGroup)
      .where(eq(componentGroup.workspaceId, workspaceId))
      .orderBy(asc(componentGroup.position)),
    tx
      .select({
        id: component.id,
        name: component.name,
        description: component.description,
        status: component.status,
        groupId: component.groupId,
        createdAt: component.createdAt,
        updatedAt: component.updatedAt,
      })
      .from(component)
      .leftJoin(componentGroup, eq(componentGroup.id, component.groupId))
      .where(eq(component.workspaceId, workspaceId))
      .orderBy(sql`${componentGroup.position} asc nulls first`, asc(component.position)),
  ]);
  const members = groupBy(
    components.filter((c) => c.groupId),
    (c) => c.groupId!,
    (c) => c.id,
  );
  return {
    components,
    groups: groups.map((group) => ({ ...group, componentIds: members.get(group.id) ?? [] })),
  };
}

/** Each component's statuses since `from`, starting with the one it had at `from`. */
async function loadHistories(tx: Executor, workspaceId: string, from: Date) {
  const [before, within] = await Promise.all([
    tx
      .selectDistinctOn([componentStatusChange.componentId], {
        componentId: componentStatusChange.componentId,
        status: componentStatusChange.toStatus,
        at: componentStatusChange.changedAt,
      })
      .from(componentStatusChange)
      .where(
        and(
          eq(componentStatusChange.workspaceId, workspaceId),
          lt(componentStatusChange.changedAt, from),
        ),
      )
      .orderBy(componentStatusChange.componentId, desc(componentStatusChange.changedAt)),
    tx
      .select({
        componentId: componentStatusChange.componentId,
        status: componentStatusChange.toStatus,
        at: componentStatusChange.changedAt,
      })
      .from(componentStatusChange)
      .where(
        and(
          eq(componentStatusChange.workspaceId, workspaceId),
          gte(componentStatusChange.changedAt, from),
        ),
      )
      .orderBy(asc(componentStatusChange.changedAt), asc(componentStatusChange.id)),
  ]);
  return groupBy(
    [...before, ...within],
    (row) => row.componentId,
    (row): StatusPoint => ({ at: row.at.getTime(), status: row.status }),
  );
}

/** The published incidents with these ids, with their components and updates (newest first). */
export async function loadIncidents(
  tx: Executor,
  workspaceId: string,
  ids: string[],
): Promise<PublicIncident[]> {
  if (!ids.length) return [];
  const [rows, componentsOf, updates] = await Promise.all([
    tx
      .select()
      .from(incident)
      .where(
        and(
          eq(incident.workspaceId, workspaceId),
          inArray(incident.id, ids),
          eq(incident.visibility, "published"),
        ),
      )
      .orderBy(desc(incident.startedAt), desc(incident.id)),
    affectedOf(tx, workspaceId, ids),
    tx
      .select({
        incidentId: incidentUpdate.incidentId,
        id: incidentUpdate.id,
        status: incidentUpdate.status,
        body: incidentUpdate.body,
        createdAt: incidentUpdate.createdAt,
        editedAt: incidentUpdate.editedAt,
        components: incidentUpdate.components,
        estimatedResolutionAt: incidentUpdate.estimatedResolutionAt,
        nextUpdateBy: incidentUpdate.nextUpdateBy,
      })
      .from(incidentUpdate)
      .where(
        and(eq(incidentUpdate.workspaceId, workspaceId), inArray(incidentUpdate.incidentId, ids)),
      )
      .orderBy(desc(incidentUpdate.createdAt), desc(incidentUpdate.id)),
  ]);
  const updatesOf = groupBy(
    updates,
    (row) => row.incidentId,
    ({ incidentId: _incidentId, ...update }): PublicUpdate => update,
  );
  return rows.map((row) => {
    const timeline = updatesOf.get(row.id) ?? [];
    const monitoring = timeline.filter((u) => u.status === "monitoring").at(-1);
    return {
      id: row.id,
      title: row.title,
      status: row.status,
      impact: row.impact,
      startedAt: row.startedAt,
      resolvedAt: row.resolvedAt,
      monitoringAt: monitoring?.createdAt ?? null,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      components: componentsOf.get(row.id) ?? [],
      updates: timeline,
      postmortem:
        row.postmortemPublishedAt && row.postmortemBody !== null
          ? { body: row.postmortemBody, publishedAt: row.postmortemPublishedAt }
          : null,
    };
  });
}

/** The maintenance windows with these ids that are not cancelled, latest start first. */
export async function loadMaintenances(
  tx: Executor,
  workspaceId: string,
  ids: string[],
): Promise<PublicMaintenance[]> {
  if (!ids.length) return [];
  const [rows, componentsOf, notes] = await Promise.all([
    tx
      .select()
      .from(maintenance)
      .where(
        and(
          eq(maintenance.workspaceId, workspaceId),
          inArray(maintenance.id, ids),
          ne(maintenance.status, "cancelled"),
        ),
      )
      .orderBy(desc(maintenance.startsAt), desc(maintenance.id)),
    componentIdsOf(tx, workspaceId, ids),
    tx
      .select({
        maintenanceId: maintenanceUpdate.maintenanceId,
        id: maintenanceUpdate.id,
        status: maintenanceUpdate.status,
        body: maintenanceUpdate.body,
        createdAt: maintenanceUpdate.createdAt,
      })
      .from(maintenanceUpdate)
      .where(
        and(
          eq(maintenanceUpdate.workspaceId, workspaceId),
          inArray(maintenanceUpdate.maintenanceId, ids),
        ),
      )
      .orderBy(desc(maintenanceUpdate.createdAt), desc(maintenanceUpdate.id)),
  ]);
  const notesOf = groupBy(
    notes,
    (row) => row.maintenanceId,
    ({ maintenanceId: _maintenanceId, ...note }) => note,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    body: row.body,
    status: row.status as PublicMaintenance["status"],
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    startedAt: row.startedAt,
    completedAt: row.completedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    componentIds: componentsOf.get(row.id) ?? [],
    updates: notesOf.get(row.id) ?? [],
  }));
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

// Image bytes by digest: a reload reads the bytes of an image only when it changed.
const imageBytes = new Map<string, string>();

async function loadImages(tx: Executor, workspaceId: string): Promise<PublicBrand["images"]> {
  const kept = await tx
    .select({
      kind: workspaceImage.kind,
      contentType: workspaceImage.contentType,
      digest: workspaceImage.digest,
    })
    .from(workspaceImage)
    .where(eq(workspaceImage.workspaceId, workspaceId));
  const missing = kept.filter((image) => !imageBytes.has(image.digest)).map((i) => i.kind);
  if (missing.length) {
    const rows = await tx
      .select({ digest: workspaceImage.digest, data: workspaceImage.data })
      .from(workspaceImage)
      .where(
        and(eq(workspaceImage.workspaceId, workspaceId), inArray(workspaceImage.kind, missing)),
      );
    for (const row of rows) imageBytes.set(row.digest, row.data);
  }
  const wanted = new Set(kept.map((image) => image.digest));
  for (const digest of imageBytes.keys()) if (!wanted.has(digest)) imageBytes.delete(digest);
  const images: PublicBrand["images"] = {};
  for (const image of kept) {
    const bytes = imageBytes.get(image.digest);
    if (bytes !== undefined) {
      images[image.kind] = { contentType: image.contentType, digest: image.digest, bytes };
    }
  }
  return images;
}

/** The deployment's workspace (there is one) and its dress, or null before setup. */
export async function loadWorkspace(tx: Executor): Promise<PublicWorkspace | null> {
  const [row] = await tx.select(workspaceColumns).from(workspace).limit(1);
  if (!row) return null;
  const { id, name, timeZone, createdAt, defaultLocale, ...brand } = row;
  return {
    id,
    name,
    timeZone,
    createdAt,
    defaultLocale: isLocale(defaultLocale) ? defaultLocale : "en",
    brand: { ...brand, images: await loadImages(tx, id) },
  };
}

export type PublicAudience = {
  id: string;
  componentIds: string[];
  emailDomains: string[];
  members: string[];
};

/** The key of a page that is not public (null for a password page without a password). */
async function accessKeyOf(row: typeof statusPage.$inferSelect): Promise<string | null> {
  if (row.visibility === "audience") return pageAccessKey(row.id, "audience");
  if (row.visibility === "password" && row.passwordHash) {
    return pageAccessKey(row.id, row.passwordHash);
  }
  return null;
}

async function loadPages(tx: Executor, ws: PublicWorkspace): Promise<PublicPage[]> {
  const [rows, audiences] = await Promise.all([
    tx
      .select()
      .from(statusPage)
      .where(eq(statusPage.workspaceId, ws.id))
      .orderBy(desc(statusPage.isDefault), asc(statusPage.createdAt), asc(statusPage.id)),
    tx
      .select({
        id: pageAudience.id,
        pageId: pageAudience.pageId,
        componentIds: pageAudience.componentIds,
        emailDomains: pageAudience.emailDomains,
        members: pageAudience.members,
      })
      .from(pageAudience)
      .where(eq(pageAudience.workspaceId, ws.id))
      .orderBy(asc(pageAudience.createdAt), asc(pageAudience.id)),
  ]);
  const audiencesOf = groupBy(
    audiences,
    (a) => a.pageId,
    ({ pageId: _page, ...audience }) => audience,
  );
  const { images: _images, ...wsBrand } = ws.brand;
  return Promise.all(
    rows.map(async (row): Promise<PublicPage> => {
      const locale = row.defaultLocale;
      return {
        id: row.id,
        isDefault: row.isDefault,
        slug: row.slug,
        host: row.host,
        visibility: row.visibility,
        accessKey: await accessKeyOf(row),
        oidc:
          row.visibility === "audience" && row.oidcIssuer && row.oidcClientId
            ? { issuer: row.oidcIssuer, clientId: row.oidcClientId }
            : null,
        audiences: row.visibility === "audience" ? (audiencesOf.get(row.id) ?? []) : [],
        componentIds: row.componentIds,
        groupIds: row.groupIds,
        ...(row.isDefault
          ? {
              name: ws.name,
              timeZone: ws.timeZone,
              defaultLocale: ws.defaultLocale,
              brand: wsBrand,
            }
          : {
              name: row.name ?? ws.name,
              timeZone: row.timeZone ?? ws.timeZone,
              defaultLocale: locale && isLocale(locale) ? locale : ws.defaultLocale,
              brand: {
                accentColor: row.accentColor,
                accentColorDark: row.accentColorDark,
                headerLinks: row.headerLinks ?? [],
                supportUrl: row.supportUrl,
                footerText: row.footerText ?? "",
                showPoweredBy: row.showPoweredBy ?? true,
              },
            }),
      };
    }),
  );
}

/** Each component's and group's uptime over `days`, from the components' histories. */
function uptimeOver(
  components: PublicComponent[],
  groups: PublicGroup[],
  histories: Map<string, StatusPoint[]>,
  days: DayRange[],
  now: number,
): Map<string, Uptime> {
  const uptime = new Map<string, Uptime>();
  for (const c of components) {
    const history = histories.get(c.id) ?? [{ at: c.createdAt.getTime(), status: c.status }];
    uptime.set(c.id, componentUptime(history, c.createdAt.getTime(), days, now));
  }
  for (const group of groups) {
    uptime.set(
      group.id,
      groupUptime(
        group.componentIds.map((id) => uptime.get(id)!),
        days,
      ),
    );
  }
  return uptime;
}

/**
 * Reads everything public in one read-only transaction, so the parts agree with each other; null
 * before setup. Uptime is computed here, once per change, never per request.
 */
export async function loadPublicData(now = new Date()): Promise<PublicData | null> {
  const db = await getDb();
  await preparePageAccess();
  return db.transaction(
    async (tx) => {
      const ws = await loadWorkspace(tx);
      if (!ws) return null;
      const pages = await loadPages(tx, ws);
      const days = lastDays(now.getTime(), ws.timeZone, UPTIME_DAYS);
      const otherZones = [...new Set(pages.map((p) => p.timeZone))].filter(
        (z) => z !== ws.timeZone,
      );
      const zoneDays = new Map(
        otherZones.map((zone) => [zone, lastDays(now.getTime(), zone, UPTIME_DAYS)]),
      );
      const historyFrom = Math.min(
        days[0]!.start,
        ...[...zoneDays.values()].map((d) => d[0]!.start),
      );
      // The bars' days show the incidents and windows of each of them.
      const barsFrom = new Date(historyFrom);
      const published = and(eq(incident.workspaceId, ws.id), eq(incident.visibility, "published"));
      const shown = and(eq(maintenance.workspaceId, ws.id), ne(maintenance.status, "cancelled"));
      const [
        { components, groups },
        histories,
        openOrRecent,
        latestIncidents,
        currentWindows,
        latestWindows,
        shownIncidents,
        shownWindows,
        [changed],
      ] = await Promise.all([
        loadComponents(tx, ws.id),
        loadHistories(tx, ws.id, new Date(historyFrom)),
        tx
          .select({ id: incident.id })
          .from(incident)
          .where(
            and(
              published,
              or(
                ne(incident.status, "resolved"),
                gte(incident.startedAt, barsFrom),
                gte(incident.resolvedAt, barsFrom),
              ),
            ),
          ),
        tx
          .select({ id: incident.id })
          .from(incident)
          .where(published)
          .orderBy(desc(incident.startedAt), desc(incident.id))
          .limit(LIST_LIMIT),
        tx
          .select({ id: maintenance.id })
          .from(maintenance)
          .where(
            and(
              shown,
              or(
                inArray(maintenance.status, ["scheduled", "in_progress"]),
                gte(maintenance.endsAt, barsFrom),
              ),
            ),
          ),
        tx
          .select({ id: maintenance.id })
          .from(maintenance)
          .where(shown)
          .orderBy(desc(maintenance.startsAt), desc(maintenance.id))
          .limit(LIST_LIMIT),
        tx.select({ id: incident.id }).from(incident).where(published),
        tx.select({ id: maintenance.id }).from(maintenance).where(shown),
        tx
          .select({
            at: sql<string | Date | null>`greatest(
              ${workspace.updatedAt},
              (select max(updated_at) from component where workspace_id = ${ws.id}),
              (select max(created_at) from component_group where workspace_id = ${ws.id}),
              (select max(updated_at) from incident where workspace_id = ${ws.id} and visibility = 'published'),
              (select max(updated_at) from maintenance where workspace_id = ${ws.id}),
              (select max(updated_at) from status_page where workspace_id = ${ws.id})
            )`,
          })
          .from(workspace)
          .where(eq(workspace.id, ws.id)),
      ]);
      const [incidents, maintenances] = await Promise.all([
        loadIncidents(tx, ws.id, [...new Set([...ids(openOrRecent), ...ids(latestIncidents)])]),
        loadMaintenances(tx, ws.id, [...new Set([...ids(currentWindows), ...ids(latestWindows)])]),
      ]);
      const uptime = uptimeOver(components, groups, histories, days, now.getTime());
      const zones: PublicData["zones"] = {};
      for (const [zone, inZone] of zoneDays) {
        zones[zone] = {
          days: inZone,
          uptime: uptimeOver(components, groups, histories, inZone, now.getTime()),
        };
      }
      return {
        workspace: ws,
        updatedAt: changed?.at ? new Date(changed.at) : ws.createdAt,
        components,
        groups,
        days,
        uptime,
        incidents,
        maintenances,
        shownIds: { incidents: ids(shownIncidents), maintenances: ids(shownWindows) },
        pages,
        zones,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
