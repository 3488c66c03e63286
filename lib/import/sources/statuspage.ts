import { z } from "zod";
import { COMPONENT_STATUSES, type ComponentStatus, type IncidentStatus } from "@/lib/status/labels";
import {
  emptyBundle,
  type Bundle,
  type ImportedChange,
  type ImportedIncident,
  type ImportedWindow,
} from "../bundle";
import { baseOf, readPages, readSource, textOrEmpty, when } from "./read";

/**
 * Statuspage, read two ways: its manage API with a key (everything: history, templates,
 * subscribers), or a page's public `/api/v2` files without one (components, recent incidents and
 * maintenance). Both use the shapes of Statuspage's documentation; records keep Statuspage's ids.
 */

const status = z.enum(COMPONENT_STATUSES).catch("operational");
const nullableText = textOrEmpty();

const Component = z.object({
  id: z.string(),
  name: z.string(),
  description: nullableText,
  status,
  group: z.boolean().nullish(),
  group_id: z.string().nullish(),
  position: z.number().nullish(),
  created_at: when().nullish(),
  updated_at: when().nullish(),
});

const Update = z.object({
  id: z.string(),
  status: z.string(),
  body: nullableText,
  created_at: when(),
  display_at: when().nullish(),
  affected_components: z
    .array(
      z.object({
        code: z.string(),
        old_status: status,
        new_status: status,
      }),
    )
    .nullish(),
});

const Incident = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  impact: z.string().nullish(),
  created_at: when(),
  updated_at: when().nullish(),
  started_at: when().nullish(),
  resolved_at: when().nullish(),
  monitoring_at: when().nullish(),
  scheduled_for: when().nullish(),
  scheduled_until: when().nullish(),
  postmortem_body: z.string().nullish(),
  postmortem_published_at: z.union([when(), z.boolean()]).nullish(),
  incident_updates: z.array(Update).default([]),
  components: z.array(z.object({ id: z.string() })).default([]),
});
type SpIncident = z.output<typeof Incident>;

const Page = z.object({
  id: z.string(),
  name: z.string(),
  subdomain: z.string().nullish(),
  url: z.string().nullish(),
});

const Template = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  body: nullableText,
  update_status: z.string().nullish(),
  components: z.array(z.object({ id: z.string() })).default([]),
});

const Subscriber = z.object({
  id: z.string(),
  email: z.string().nullish(),
  mode: z.string().nullish(),
  created_at: when().nullish(),
  components: z.union([z.array(z.string()), z.string()]).nullish(),
});

const REALTIME: IncidentStatus[] = ["investigating", "identified", "monitoring", "resolved"];
const realtime = (value: string): IncidentStatus =>
  value === "postmortem"
    ? "resolved"
    : REALTIME.includes(value as IncidentStatus)
      ? (value as IncidentStatus)
      : "investigating";
const IMPACTS = ["none", "minor", "major", "critical"] as const;
const impactOf = (value: string | null | undefined) =>
  IMPACTS.find((impact) => impact === value) ?? "none";

/** The words our own public files give a window's transitions: they are not notes. */
const TRANSITION_WORDS = new Set([
  "Scheduled maintenance is currently in progress.",
  "The scheduled maintenance has been completed.",
]);

/** Components and groups from Statuspage's one flat list (`group: true` rows are groups). */
function componentsOf(bundle: Bundle, list: z.output<typeof Component>[]) {
  const groups = list.filter((c) => c.group);
  const groupIds = new Set(groups.map((g) => g.id));
  bundle.groups = groups.map((g) => ({
    sourceId: g.id,
    name: g.name,
    ...(g.created_at ? { createdAt: g.created_at } : {}),
  }));
  // Loose components first and each group's members in order, as the list gives them.
  bundle.components = list
    .filter((c) => !c.group)
    .map((c) => ({
      sourceId: c.id,
      name: c.name,
      description: c.description,
      status: c.status,
      groupSourceId: c.group_id && groupIds.has(c.group_id) ? c.group_id : null,
      ...(c.created_at ? { createdAt: c.created_at } : {}),
      ...(c.updated_at ? { updatedAt: c.updated_at } : {}),
    }));
}

function incidentOf(i: SpIncident): ImportedIncident {
  const updates = [...i.incident_updates].sort(
    (a, b) => a.created_at.getTime() - b.created_at.getTime(),
  );
  const status = realtime(i.status);
  const changes = (u: (typeof updates)[number]): ImportedChange[] | null =>
    u.affected_components?.length
      ? u.affected_components.map((a) => ({
          componentSourceId: a.code,
          from: a.old_status,
          to: a.new_status,
        }))
      : null;
  // Each affected component's status in the incident: the last an update gave it.
  const given = new Map<string, ComponentStatus>();
  for (const u of updates) {
    for (const c of u.affected_components ?? []) {
      if (c.new_status !== "operational" || !given.has(c.code)) given.set(c.code, c.new_status);
    }
  }
  const resolvedAt =
    status === "resolved" ? (i.resolved_at ?? updates.at(-1)?.created_at ?? i.created_at) : null;
  const published = i.postmortem_published_at instanceof Date ? i.postmortem_published_at : null;
  return {
    sourceId: i.id,
    title: i.name,
    status,
    impact: impactOf(i.impact),
    startedAt: i.started_at ?? i.created_at,
    createdAt: i.created_at,
    updatedAt: i.updated_at ?? i.created_at,
    resolvedAt,
    components: i.components.map((c) => ({
      componentSourceId: c.id,
      status: given.get(c.id) ?? "operational",
    })),
    updates: updates.map((u) => ({
      sourceId: u.id,
      status: realtime(u.status),
      body: u.body,
      createdAt: u.display_at ?? u.created_at,
      changes: changes(u),
    })),
    postmortem: i.postmortem_body?.trim()
      ? { body: i.postmortem_body, publishedAt: published }
      : null,
  };
}

/**
 * A scheduled maintenance: its first update is the announcement (the window's words), the first
 * update in progress and the completing one are its transitions, and any other is a note.
 */
function windowOf(i: SpIncident): ImportedWindow {
  const updates = [...i.incident_updates].sort(
    (a, b) => a.created_at.getTime() - b.created_at.getTime(),
  );
  const [announcement, ...rest] = updates;
  const started = rest.find((u) => u.status === "in_progress" || u.status === "verifying");
  const completed = rest.find((u) => u.status === "completed");
  const status =
    i.status === "completed"
      ? "completed"
      : i.status === "in_progress" || i.status === "verifying"
        ? "in_progress"
        : "scheduled";
  const startsAt = i.scheduled_for ?? i.created_at;
  return {
    sourceId: i.id,
    title: i.name,
    body: announcement?.body ?? "",
    status,
    startsAt,
    endsAt: i.scheduled_until ?? new Date(startsAt.getTime() + 3_600_000),
    createdAt: i.created_at,
    updatedAt: i.updated_at ?? i.created_at,
    startedAt: started?.created_at ?? null,
    completedAt: completed?.created_at ?? i.resolved_at ?? null,
    componentSourceIds: i.components.map((c) => c.id),
    notes: rest
      .filter((u) => !((u === started || u === completed) && TRANSITION_WORDS.has(u.body.trim())))
      .filter((u) => u.body.trim())
      .map((u) => ({
        sourceId: u.id,
        body: u.body,
        createdAt: u.created_at,
        status:
          u.status === "scheduled"
            ? "scheduled"
            : u.status === "completed"
              ? "completed"
              : "in_progress",
      })),
  };
}

function incidentsOf(bundle: Bundle, list: SpIncident[]) {
  const seen = new Set<string>();
  for (const i of list) {
    if (seen.has(i.id)) continue;
    seen.add(i.id);
    if (i.impact === "maintenance" || i.scheduled_for) bundle.maintenances.push(windowOf(i));
    else bundle.incidents.push(incidentOf(i));
  }
}

/** A page's public `/api/v2` files, from the page's address (`https://status.example.com`). */
export async function readStatuspagePublic({ url }: { url: string }): Promise<Bundle> {
  const base = `${baseOf(url).replace(/\/api\/v2$/, "")}/api/v2`;
  const summary = await readSource(
    `${base}/summary.json`,
    z.object({
      page: Page,
      components: z.array(Component),
      incidents: z.array(Incident).default([]),
      scheduled_maintenances: z.array(Incident).default([]),
    }),
  );
  const [recent, windows] = await Promise.all([
    readSource(`${base}/incidents.json`, z.object({ incidents: z.array(Incident) })),
    readSource(
      `${base}/scheduled-maintenances.json`,
      z.object({ scheduled_maintenances: z.array(Incident) }),
    ),
  ]);
  const bundle = emptyBundle("statuspage");
  bundle.page = { sourceId: summary.page.id, name: summary.page.name };
  componentsOf(bundle, summary.components);
  incidentsOf(bundle, [
    ...summary.incidents,
    ...recent.incidents,
    ...summary.scheduled_maintenances.map((m) => ({ ...m, impact: "maintenance" })),
    ...windows.scheduled_maintenances.map((m) => ({ ...m, impact: "maintenance" })),
  ]);
  bundle.skipped.push({
    kind: "subscriber",
    name: "Subscribers",
    reason: "A page's public files do not list its subscribers: import with an API key for them.",
  });
  return bundle;
}

/** Everything of a page through Statuspage's manage API (`https://api.statuspage.io/v1`). */
export async function readStatuspageApi({
  url = "https://api.statuspage.io/v1",
  apiKey,
  pageId,
}: {
  url?: string;
  apiKey: string;
  pageId: string;
}): Promise<Bundle> {
  const base = `${baseOf(url)}/pages/${encodeURIComponent(pageId)}`;
  const headers = { authorization: `OAuth ${apiKey}` };
  const page = await readSource(base, Page, headers);
  const [components, incidents, templates, active, unconfirmed] = await Promise.all([
    readPages((n) => `${base}/components?per_page=100&page=${n}`, z.array(Component), {
      first: 1,
      size: 100,
      headers,
    }),
    readPages((n) => `${base}/incidents?limit=100&page=${n}`, z.array(Incident), {
      first: 1,
      size: 100,
      headers,
    }),
    readPages((n) => `${base}/incident_templates?per_page=100&page=${n}`, z.array(Template), {
      first: 1,
      size: 100,
      headers,
    }),
    readPages(
      (n) => `${base}/subscribers?type=email&state=active&limit=100&page=${n}`,
      z.array(Subscriber),
      { first: 0, size: 100, headers },
    ),
    readPages(
      (n) => `${base}/subscribers?type=email&state=unconfirmed&limit=100&page=${n}`,
      z.array(Subscriber),
      { first: 0, size: 100, headers },
    ),
  ]);
  const bundle = emptyBundle("statuspage");
  bundle.page = {
    sourceId: page.id,
    name: page.name,
    ...(page.subdomain ? { slug: page.subdomain } : {}),
  };
  componentsOf(bundle, components);
  incidentsOf(bundle, incidents);
  bundle.templates = templates.map((t) => ({
    sourceId: t.id,
    name: t.name,
    title: t.title,
    body: t.body.trim() || t.title,
    status: realtime(t.update_status ?? "investigating"),
    componentSourceIds: t.components.map((c) => c.id),
  }));
  const subscriber = (s: z.output<typeof Subscriber>, confirmed: boolean) => {
    const components = Array.isArray(s.components)
      ? s.components
      : typeof s.components === "string"
        ? (() => {
            try {
              const list = JSON.parse(s.components) as unknown;
              return Array.isArray(list) ? list.map(String) : [];
            } catch {
              return [];
            }
          })()
        : [];
    return {
      sourceId: s.id,
      email: s.email!,
      confirmed,
      componentSourceIds: components,
      ...(s.created_at ? { createdAt: s.created_at } : {}),
    };
  };
  bundle.subscribers = [
    ...active.filter((s) => s.email).map((s) => subscriber(s, true)),
    ...unconfirmed.filter((s) => s.email).map((s) => subscriber(s, false)),
  ];
  return bundle;
}
