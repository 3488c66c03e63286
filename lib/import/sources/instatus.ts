import { z } from "zod";
import type { ComponentStatus, IncidentStatus } from "@/lib/status/labels";
import { emptyBundle, type Bundle } from "../bundle";
import { baseOf, readPages, readSource, textOrEmpty, when } from "./read";

/**
 * Instatus through its REST API (`https://api.instatus.com`, a Bearer key and a page id), in the
 * shapes of its OpenAPI description: components (a parent component is a group), incidents with
 * their updates, maintenances, and subscribers.
 */

const COMPONENT_STATUS: Record<string, ComponentStatus> = {
  OPERATIONAL: "operational",
  UNDERMAINTENANCE: "under_maintenance",
  DEGRADEDPERFORMANCE: "degraded_performance",
  PARTIALOUTAGE: "partial_outage",
  MINOROUTAGE: "partial_outage",
  MAJOROUTAGE: "major_outage",
};
const componentStatus = z.string().transform((v) => COMPONENT_STATUS[v] ?? "operational");
const INCIDENT_STATUS: Record<string, IncidentStatus> = {
  INVESTIGATING: "investigating",
  IDENTIFIED: "identified",
  MONITORING: "monitoring",
  RESOLVED: "resolved",
};
const incidentStatus = z.string().transform((v) => INCIDENT_STATUS[v] ?? "investigating");
const text = textOrEmpty();

const Component = z.object({
  id: z.string(),
  name: z.string(),
  description: text,
  status: componentStatus,
  isParent: z.boolean().nullish(),
  groupId: z.string().nullish(),
  group: z.object({ id: z.string() }).nullish(),
  createdAt: when().nullish(),
  updatedAt: when().nullish(),
  order: z.number().nullish(),
});

const Update = z.object({
  id: z.string(),
  message: text,
  status: z.string(),
  started: when().nullish(),
  createdAt: when().nullish(),
});

const Affected = z.object({ id: z.string(), status: componentStatus.nullish() });

const Incident = z.object({
  id: z.string(),
  name: z.string(),
  status: incidentStatus,
  started: when(),
  resolved: when().nullish(),
  updates: z.array(Update).default([]),
  components: z.array(Affected).default([]),
});

const Maintenance = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  start: when(),
  duration: z.coerce.number().nullish(),
  updates: z.array(Update).default([]),
  components: z.array(Affected).default([]),
});

const Subscriber = z.object({
  id: z.string(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  webhook: z.string().nullish(),
  confirmed: z.boolean().nullish(),
  all: z.boolean().nullish(),
  components: z.array(z.union([z.string(), z.object({ id: z.string() })])).default([]),
});

const Page = z.object({
  id: z.string(),
  name: z.string().nullish(),
  subdomain: z.string().nullish(),
});

const timeOf = (u: z.output<typeof Update>, fallback: Date) => u.started ?? u.createdAt ?? fallback;

export async function readInstatus({
  url = "https://api.instatus.com",
  apiKey,
  pageId,
}: {
  url?: string;
  apiKey: string;
  pageId: string;
}): Promise<Bundle> {
  const base = baseOf(url);
  const page = encodeURIComponent(pageId);
  const headers = { authorization: `Bearer ${apiKey}` };
  const list = <T>(path: string, schema: z.ZodType<T>) =>
    readPages((n) => `${base}${path}?per_page=100&page=${n}`, z.array(schema), {
      first: 1,
      size: 100,
      headers,
    });
  const [pages, components, incidents, maintenances, subscribers] = await Promise.all([
    // The page's name only: a key allowed to read the page but not the list still imports.
    readSource(`${base}/v2/pages`, z.array(Page), headers).catch(() => []),
    list(`/v1/${page}/components`, Component),
    list(`/v1/${page}/incidents`, Incident),
    list(`/v1/${page}/maintenances`, Maintenance),
    list(`/v2/${page}/subscribers`, Subscriber),
  ]);
  const bundle = emptyBundle("instatus");
  const found = pages.find((p) => p.id === pageId);
  bundle.page = {
    sourceId: pageId,
    name: found?.name ?? found?.subdomain ?? "Imported page",
    ...(found?.subdomain ? { slug: found.subdomain } : {}),
  };
  const ordered = [...components].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const parents = new Set(ordered.filter((c) => c.isParent).map((c) => c.id));
  bundle.groups = ordered
    .filter((c) => parents.has(c.id))
    .map((c) => ({
      sourceId: c.id,
      name: c.name,
      ...(c.createdAt ? { createdAt: c.createdAt } : {}),
    }));
  bundle.components = ordered
    .filter((c) => !parents.has(c.id))
    .map((c) => {
      const parent = c.groupId ?? c.group?.id ?? null;
      return {
        sourceId: c.id,
        name: c.name,
        description: c.description,
        status: c.status,
        groupSourceId: parent && parents.has(parent) ? parent : null,
        ...(c.createdAt ? { createdAt: c.createdAt } : {}),
        ...(c.updatedAt ? { updatedAt: c.updatedAt } : {}),
      };
    });
  // Instatus keeps no impact on an incident, nor the statuses its updates gave components: each
  // is imported as minor, affecting its components as degraded while it was open.
  bundle.incidents = incidents.map((i) => {
    const updates = [...i.updates].sort(
      (a, b) => timeOf(a, i.started).getTime() - timeOf(b, i.started).getTime(),
    );
    const resolvedAt =
      i.status === "resolved" ? (i.resolved ?? updates.at(-1)?.started ?? i.started) : null;
    return {
      sourceId: i.id,
      title: i.name,
      status: i.status,
      impact: "minor" as const,
      startedAt: i.started,
      createdAt: i.started,
      updatedAt: updates.length ? timeOf(updates.at(-1)!, i.started) : i.started,
      resolvedAt,
      components: i.components.map((c) => ({
        componentSourceId: c.id,
        status:
          c.status && c.status !== "operational" ? c.status : ("degraded_performance" as const),
      })),
      updates: updates.map((u) => ({
        sourceId: u.id,
        status: INCIDENT_STATUS[u.status] ?? i.status,
        body: u.message,
        createdAt: timeOf(u, i.started),
        changes: null,
      })),
      postmortem: null,
    };
  });
  bundle.maintenances = maintenances.map((m) => {
    const updates = [...m.updates].sort(
      (a, b) => timeOf(a, m.start).getTime() - timeOf(b, m.start).getTime(),
    );
    const [announcement, ...rest] = updates;
    const status =
      m.status === "COMPLETED"
        ? "completed"
        : m.status === "INPROGRESS"
          ? "in_progress"
          : "scheduled";
    return {
      sourceId: m.id,
      title: m.name,
      body: announcement?.message ?? "",
      status,
      startsAt: m.start,
      // Minutes, at most a year: a window is never longer.
      endsAt: new Date(
        m.start.getTime() + Math.min(Math.max(m.duration ?? 60, 1), 525_600) * 60_000,
      ),
      createdAt: announcement ? timeOf(announcement, m.start) : m.start,
      startedAt: rest.find((u) => u.status === "INPROGRESS")
        ? timeOf(
            rest.find((u) => u.status === "INPROGRESS")!,
            m.start,
          )
        : null,
      completedAt: rest.find((u) => u.status === "COMPLETED")
        ? timeOf(
            rest.find((u) => u.status === "COMPLETED")!,
            m.start,
          )
        : null,
      componentSourceIds: m.components.map((c) => c.id),
      notes: rest
        .filter((u) => u.message.trim())
        .map((u) => ({
          sourceId: u.id,
          body: u.message,
          createdAt: timeOf(u, m.start),
          status:
            u.status === "COMPLETED"
              ? ("completed" as const)
              : u.status === "INPROGRESS"
                ? ("in_progress" as const)
                : ("scheduled" as const),
        })),
    };
  });
  for (const s of subscribers) {
    if (!s.email) {
      bundle.skipped.push({
        kind: "subscriber",
        name: `${s.phone ? "Text-message" : "Webhook"} subscriber ${s.id}`,
        reason: s.phone
          ? "Text-message subscribers have no equivalent here."
          : "Only email subscribers are imported; webhook subscribers subscribe again on the status page.",
      });
      continue;
    }
    bundle.subscribers.push({
      sourceId: s.id,
      email: s.email,
      confirmed: s.confirmed === true,
      componentSourceIds: s.all ? [] : s.components.map((c) => (typeof c === "string" ? c : c.id)),
    });
  }
  return bundle;
}
