import { z } from "zod";
import type { ComponentStatus } from "@/lib/components/schemas";
import { COMPONENT_STATUSES } from "@/lib/status/labels";
import { config } from "@/lib/config";
import { dateIn, isoInZone } from "./days";
import type { PublicData, PublicIncident, PublicMaintenance } from "./load";
import { worse } from "@/lib/status/labels";
import { overallOf } from "./overall";

/**
 * Statuspage's public API shapes (`/api/v2/*`), exactly: every key present, nulls as null, no
 * other keys, so tools written for Statuspage read Allclear unchanged. The schemas describe the
 * files in /openapi.json and check them in tests.
 */

const time = () =>
  z.string().describe("ISO 8601 with milliseconds, in the page's time zone with its offset");
const status = z.enum(COMPONENT_STATUSES);

export const SpPage = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    time_zone: z.string(),
    updated_at: time(),
  })
  .meta({ id: "StatuspagePage" });

export const SpComponent = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    status,
    created_at: time(),
    updated_at: time(),
    position: z.number().int().min(1),
    description: z.string().nullable(),
    showcase: z.boolean(),
    start_date: z.string().nullable().describe("YYYY-MM-DD"),
    group_id: z.string().nullable(),
    page_id: z.string(),
    group: z.boolean(),
    only_show_if_degraded: z.boolean(),
    components: z
      .array(z.string())
      .optional()
      .describe("Groups only: the ids of the components in the group"),
  })
  .meta({ id: "StatuspageComponent" });

const SpAffectedComponent = z
  .strictObject({ code: z.string(), name: z.string(), old_status: status, new_status: status })
  .meta({ id: "StatuspageAffectedComponent" });

function updateSchema<S extends z.ZodType>(statuses: S, id: string) {
  return z
    .strictObject({
      id: z.string(),
      status: statuses,
      body: z.string(),
      incident_id: z.string(),
      created_at: time(),
      updated_at: time(),
      display_at: time(),
      affected_components: z.array(SpAffectedComponent).nullable(),
      deliver_notifications: z.boolean(),
      custom_tweet: z.null(),
      tweet_id: z.null(),
    })
    .meta({ id });
}

const incidentShape = {
  id: z.string(),
  name: z.string(),
  created_at: time(),
  updated_at: time(),
  monitoring_at: time().nullable(),
  resolved_at: time().nullable(),
  shortlink: z.string(),
  started_at: time(),
  page_id: z.string(),
  components: z.array(SpComponent),
};

export const SpIncident = z
  .strictObject({
    ...incidentShape,
    status: z.enum(["investigating", "identified", "monitoring", "resolved", "postmortem"]),
    impact: z.enum(["none", "minor", "major", "critical"]),
    incident_updates: z.array(
      updateSchema(
        z.enum(["investigating", "identified", "monitoring", "resolved", "postmortem"]),
        "StatuspageIncidentUpdate",
      ).extend({
        estimated_resolution_at: time()
          .nullable()
          .describe("Allclear's extension: when this update expects the incident resolved"),
        next_update_by: time()
          .nullable()
          .describe("Allclear's extension: when this update promises the next one"),
      }),
    ),
  })
  .meta({ id: "StatuspageIncident" });

const maintenanceStatus = z.enum(["scheduled", "in_progress", "verifying", "completed"]);

export const SpMaintenance = z
  .strictObject({
    ...incidentShape,
    status: maintenanceStatus,
    impact: z.literal("maintenance"),
    incident_updates: z.array(updateSchema(maintenanceStatus, "StatuspageMaintenanceUpdate")),
    scheduled_for: time(),
    scheduled_until: time(),
  })
  .meta({ id: "StatuspageScheduledMaintenance" });

export const SpStatus = z
  .strictObject({
    indicator: z.enum(["none", "minor", "major", "critical", "maintenance"]),
    description: z.string(),
  })
  .meta({ id: "StatuspageStatus" });

export const SUMMARY = z
  .strictObject({
    page: SpPage,
    components: z.array(SpComponent),
    incidents: z.array(SpIncident),
    scheduled_maintenances: z.array(SpMaintenance),
    status: SpStatus,
  })
  .meta({ id: "StatuspageSummary" });
export const STATUS = z.strictObject({ page: SpPage, status: SpStatus }).meta({
  id: "StatuspageStatusFile",
});
export const COMPONENTS = z
  .strictObject({ page: SpPage, components: z.array(SpComponent) })
  .meta({ id: "StatuspageComponents" });
export const INCIDENTS = z
  .strictObject({ page: SpPage, incidents: z.array(SpIncident) })
  .meta({ id: "StatuspageIncidents" });
export const MAINTENANCES = z
  .strictObject({ page: SpPage, scheduled_maintenances: z.array(SpMaintenance) })
  .meta({ id: "StatuspageScheduledMaintenances" });

type SpComponent = z.output<typeof SpComponent>;
type SpIncident = z.output<typeof SpIncident>;
type SpMaintenance = z.output<typeof SpMaintenance>;

/** Times in the page's zone, as Statuspage writes them. */
function clock(data: PublicData) {
  const zone = data.workspace.timeZone;
  const iso = (date: Date) => isoInZone(date.getTime(), zone);
  return { iso, isoOrNull: (date: Date | null) => (date ? iso(date) : null) };
}

/** Components and groups as Statuspage lists them: one flat list in page order. */
export function spComponents(data: PublicData): SpComponent[] {
  const { iso } = clock(data);
  const pageId = pageOf(data).id;
  const zone = data.workspace.timeZone;
  const byId = new Map(data.components.map((c) => [c.id, c]));
  const list: SpComponent[] = [];
  let top = 0;
  const leaf = (id: string, position: number): SpComponent => {
    const c = byId.get(id)!;
    return {
      id: c.id,
      name: c.name,
      status: c.status,
      created_at: iso(c.createdAt),
      updated_at: iso(c.updatedAt),
      position,
      description: c.description || null,
      showcase: true,
      start_date: dateIn(c.createdAt.getTime(), zone),
      group_id: c.groupId,
      page_id: pageId,
      group: false,
      only_show_if_degraded: false,
    };
  };
  for (const c of data.components) if (!c.groupId) list.push(leaf(c.id, ++top));
  for (const group of data.groups) {
    const children = group.componentIds.map((id) => byId.get(id)!);
    const updated = Math.max(
      group.createdAt.getTime(),
      ...children.map((c) => c.updatedAt.getTime()),
    );
    list.push({
      id: group.id,
      name: group.name,
      status: children.reduce<ComponentStatus>((w, c) => worse(w, c.status), "operational"),
      created_at: iso(group.createdAt),
      updated_at: iso(new Date(updated)),
      position: ++top,
      description: null,
      showcase: true,
      start_date: dateIn(group.createdAt.getTime(), zone),
      group_id: null,
      page_id: pageId,
      group: true,
      only_show_if_degraded: false,
      components: [...group.componentIds],
    });
    group.componentIds.forEach((id, index) => list.push(leaf(id, index + 1)));
  }
  return list;
}

/**
 * The page a file describes: the first page is known by the workspace's id (as before there were
 * others), every other by its own.
 */
function pageOf(data: PublicData): { id: string; url: string } {
  return data.page ?? { id: data.workspace.id, url: config().statusPageUrl };
}

export function spPage(data: PublicData) {
  const { iso } = clock(data);
  return {
    id: pageOf(data).id,
    name: data.workspace.name,
    url: pageOf(data).url,
    time_zone: data.workspace.timeZone,
    updated_at: iso(data.updatedAt),
  };
}

export function spStatus(data: PublicData) {
  return overallOf(data);
}

function componentsNamed(all: SpComponent[], ids: string[]): SpComponent[] {
  const byId = new Map(all.map((c) => [c.id, c]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function spIncident(data: PublicData, all: SpComponent[], i: PublicIncident): SpIncident {
  const { iso, isoOrNull } = clock(data);
  const names = new Map(data.components.map((c) => [c.id, c.name]));
  return {
    id: i.id,
    name: i.title,
    status: i.status,
    created_at: iso(i.createdAt),
    updated_at: iso(i.updatedAt),
    monitoring_at: isoOrNull(i.monitoringAt),
    resolved_at: isoOrNull(i.resolvedAt),
    impact: i.impact,
    shortlink: `${pageOf(data).url}/incidents/${i.id}`,
    started_at: iso(i.startedAt),
    page_id: pageOf(data).id,
    incident_updates: i.updates.map((u) => ({
      id: u.id,
      status: u.status,
      body: u.body,
      incident_id: i.id,
      created_at: iso(u.createdAt),
      updated_at: iso(u.editedAt ?? u.createdAt),
      display_at: iso(u.createdAt),
      affected_components: u.components
        ? u.components
            .filter((change) => names.has(change.componentId))
            .map((change) => ({
              code: change.componentId,
              name: names.get(change.componentId)!,
              old_status: change.oldStatus,
              new_status: change.newStatus,
            }))
        : null,
      deliver_notifications: true,
      custom_tweet: null,
      tweet_id: null,
      estimated_resolution_at: isoOrNull(u.estimatedResolutionAt),
      next_update_by: isoOrNull(u.nextUpdateBy),
    })),
    components: componentsNamed(
      all,
      i.components.map((c) => c.componentId),
    ),
  };
}

/**
 * A window as a Statuspage scheduled maintenance. Its timeline is its transitions: scheduled
 * (with the announcement's text), then in progress and completed when they happened.
 */
export function spMaintenance(
  data: PublicData,
  all: SpComponent[],
  m: PublicMaintenance,
): SpMaintenance {
  const { iso, isoOrNull } = clock(data);
  const names = new Map(data.components.map((c) => [c.id, c.name]));
  const affected = (from: ComponentStatus, to: ComponentStatus) =>
    m.componentIds
      .filter((id) => names.has(id))
      .map((id) => ({ code: id, name: names.get(id)!, old_status: from, new_status: to }));
  const steps: { status: SpMaintenance["status"]; at: Date; body: string; suffix: string }[] = [
    { status: "scheduled", at: m.createdAt, body: m.body, suffix: "scheduled" },
  ];
  const startedAt = m.startedAt ?? (m.status !== "scheduled" ? m.startsAt : null);
  if (startedAt) {
    steps.push({
      status: "in_progress",
      at: startedAt,
      body: "Scheduled maintenance is currently in progress.",
      suffix: "in_progress",
    });
  }
  const completedAt = m.completedAt ?? (m.status === "completed" ? m.endsAt : null);
  if (completedAt) {
    steps.push({
      status: "completed",
      at: completedAt,
      body: "The scheduled maintenance has been completed.",
      suffix: "completed",
    });
  }
  for (const note of m.updates) {
    steps.push({
      status: note.status === "scheduled" ? "scheduled" : "in_progress",
      at: note.createdAt,
      body: note.body,
      suffix: note.id,
    });
  }
  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    id: m.id,
    name: m.title,
    status: m.status,
    created_at: iso(m.createdAt),
    updated_at: iso(m.updatedAt),
    monitoring_at: null,
    resolved_at: isoOrNull(completedAt),
    impact: "maintenance",
    shortlink: `${pageOf(data).url}/maintenance/${m.id}`,
    started_at: iso(m.startsAt),
    page_id: pageOf(data).id,
    incident_updates: steps.reverse().map((step) => ({
      id: `${m.id}-${step.suffix}`,
      status: step.status,
      body: step.body,
      incident_id: m.id,
      created_at: iso(step.at),
      updated_at: iso(step.at),
      display_at: iso(step.at),
      affected_components:
        step.status === "in_progress"
          ? affected("operational", "under_maintenance")
          : step.status === "completed"
            ? affected("under_maintenance", "operational")
            : null,
      deliver_notifications: true,
      custom_tweet: null,
      tweet_id: null,
    })),
    components: componentsNamed(all, m.componentIds),
    scheduled_for: iso(m.startsAt),
    scheduled_until: iso(m.endsAt),
  };
}

/** The eight files of `/api/v2`, by their path below it. */
export const STATUSPAGE_FILES = {
  "summary.json": SUMMARY,
  "status.json": STATUS,
  "components.json": COMPONENTS,
  "incidents.json": INCIDENTS,
  "incidents/unresolved.json": INCIDENTS,
  "scheduled-maintenances.json": MAINTENANCES,
  "scheduled-maintenances/upcoming.json": MAINTENANCES,
  "scheduled-maintenances/active.json": MAINTENANCES,
} as const;
export type StatuspageFile = keyof typeof STATUSPAGE_FILES;

/** Whether a requested path is one of the files: an own key, never one every object inherits. */
export const isStatuspageFile = (path: string): path is StatuspageFile =>
  Object.hasOwn(STATUSPAGE_FILES, path);

/** One file's content, built from the public data. */
export function statuspageFile(data: PublicData, file: StatuspageFile): unknown {
  const page = spPage(data);
  const components = spComponents(data);
  const incidents = (filter: (i: PublicIncident) => boolean) =>
    data.incidents
      .filter(filter)
      .slice(0, 50)
      .map((i) => spIncident(data, components, i));
  const maintenances = (filter: (m: PublicMaintenance) => boolean, order = -1) =>
    data.maintenances
      .filter(filter)
      .sort((a, b) => order * (a.startsAt.getTime() - b.startsAt.getTime()))
      .slice(0, 50)
      .map((m) => spMaintenance(data, components, m));
  const unresolved = (i: PublicIncident) => i.status !== "resolved";
  const current = (m: PublicMaintenance) => m.status !== "completed";
  switch (file) {
    case "summary.json":
      return {
        page,
        components,
        incidents: incidents(unresolved),
        scheduled_maintenances: maintenances(current, 1),
        status: spStatus(data),
      };
    case "status.json":
      return { page, status: spStatus(data) };
    case "components.json":
      return { page, components };
    case "incidents.json":
      return { page, incidents: incidents(() => true) };
    case "incidents/unresolved.json":
      return { page, incidents: incidents(unresolved) };
    case "scheduled-maintenances.json":
      return { page, scheduled_maintenances: maintenances(() => true) };
    case "scheduled-maintenances/upcoming.json":
      return { page, scheduled_maintenances: maintenances((m) => m.status === "scheduled", 1) };
    case "scheduled-maintenances/active.json":
      return { page, scheduled_maintenances: maintenances((m) => m.status === "in_progress", 1) };
  }
}
