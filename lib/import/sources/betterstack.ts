import { z } from "zod";
import type { ComponentStatus } from "@/lib/status/labels";
import { emptyBundle, type Bundle, type ImportedChange } from "../bundle";
import { baseOf, readSource, SourceError, textOrEmpty, when } from "./read";

/**
 * Better Stack Uptime's status pages through its API (`https://uptime.betterstack.com/api/v2`, a
 * Bearer token and a status page id), in its JSON:API shapes: sections become groups, resources
 * components, status reports incidents (`manual`, `automatic`) or maintenance, and email
 * subscribers subscribers. Lists are followed through `pagination.next`.
 */

const RESOURCE_STATUS: Record<string, ComponentStatus> = {
  operational: "operational",
  not_monitored: "operational",
  resolved: "operational",
  maintenance: "under_maintenance",
  degraded: "degraded_performance",
  downtime: "major_outage",
};
const resourceStatus = z
  .string()
  .nullish()
  .transform((v) => RESOURCE_STATUS[v ?? ""] ?? "operational");

const resource = <A extends z.ZodType>(attributes: A) =>
  z.object({ id: z.coerce.string(), attributes });
const list = <A extends z.ZodType>(attributes: A) =>
  z.object({
    data: z.array(resource(attributes)),
    pagination: z.object({ next: z.string().nullish() }).nullish(),
  });

const Page = z.object({
  data: resource(
    z.object({
      company_name: z.string().nullish(),
      subdomain: z.string().nullish(),
      created_at: when().nullish(),
    }),
  ),
});
const Section = z.object({ name: z.string().nullish(), position: z.number().nullish() });
const Resource = z.object({
  public_name: z.string(),
  explanation: textOrEmpty(),
  status_page_section_id: z.coerce.string().nullish(),
  position: z.number().nullish(),
  status: resourceStatus,
  status_history: z.array(z.object({ day: z.string() })).nullish(),
});
const Affected = z.array(
  z.object({ status_page_resource_id: z.coerce.string(), status: z.string().nullish() }),
);
const Report = z.object({
  title: z.string(),
  report_type: z.string(),
  starts_at: when(),
  ends_at: when().nullish(),
  aggregate_state: z.string().nullish(),
  affected_resources: Affected.nullish(),
});
const Update = z.object({
  message: textOrEmpty(),
  published_at: when(),
  affected_resources: Affected.nullish(),
});
const Subscriber = z.object({
  email: z.string(),
  status_page_resource_ids: z.array(z.coerce.string()).nullish(),
  confirmed_at: when().nullish(),
  created_at: when().nullish(),
});

/** Every item of a paged list, following `pagination.next` (at most 500 pages). */
async function all<A extends z.ZodType>(
  first: string,
  attributes: A,
  headers: Record<string, string>,
) {
  const items: { id: string; attributes: z.output<A> }[] = [];
  let next: string | null | undefined = first;
  const origin = new URL(first).origin;
  for (let page = 0; next && page < 500; page++) {
    // A next link elsewhere would carry the token to another host.
    const at = URL.parse(next, first);
    if (!at) throw new SourceError(`A list's next page is not an address: ${next}`);
    if (at.origin !== origin)
      throw new SourceError(`A list's next page is on another host: ${next}`);
    next = at.href;
    const answer = (await readSource(next, list(attributes), headers)) as {
      data: { id: string; attributes: z.output<A> }[];
      pagination?: { next?: string | null } | null;
    };
    items.push(...answer.data);
    next = answer.pagination?.next;
  }
  return items;
}

export async function readBetterStack({
  url = "https://uptime.betterstack.com/api/v2",
  apiKey,
  pageId,
}: {
  url?: string;
  apiKey: string;
  pageId: string;
}): Promise<Bundle> {
  const base = `${baseOf(url)}/status-pages/${encodeURIComponent(pageId)}`;
  const headers = { authorization: `Bearer ${apiKey}` };
  const page = await readSource(base, Page, headers);
  const [sections, resources, reports, subscribers] = await Promise.all([
    all(`${base}/sections`, Section, headers),
    all(`${base}/resources`, Resource, headers),
    all(`${base}/status-reports`, Report, headers),
    all(`${base}/subscribers`, Subscriber, headers),
  ]);
  const bundle = emptyBundle("betterstack");
  const attributes = page.data.attributes;
  bundle.page = {
    sourceId: page.data.id,
    name: attributes.company_name ?? attributes.subdomain ?? "Imported page",
    ...(attributes.subdomain ? { slug: attributes.subdomain } : {}),
  };
  const bySection = [...sections].sort(
    (a, b) => (a.attributes.position ?? 0) - (b.attributes.position ?? 0),
  );
  bundle.groups = bySection
    .filter((s) => s.attributes.name)
    .map((s) => ({ sourceId: s.id, name: s.attributes.name! }));
  const named = new Set(bundle.groups.map((g) => g.sourceId));
  const sectionOrder = new Map(bySection.map((s, index) => [s.id, index]));
  const ordered = [...resources].sort(
    (a, b) =>
      (sectionOrder.get(a.attributes.status_page_section_id ?? "") ?? 0) -
        (sectionOrder.get(b.attributes.status_page_section_id ?? "") ?? 0) ||
      (a.attributes.position ?? 0) - (b.attributes.position ?? 0),
  );
  bundle.components = ordered.map((r) => {
    const days = r.attributes.status_history?.map((d) => d.day).sort() ?? [];
    const firstDay = /^\d{4}-\d{2}-\d{2}$/.test(days[0] ?? "")
      ? new Date(`${days[0]}T00:00:00Z`)
      : null;
    const section = r.attributes.status_page_section_id ?? null;
    return {
      sourceId: r.id,
      name: r.attributes.public_name,
      description: r.attributes.explanation,
      status: r.attributes.status,
      groupSourceId: section && named.has(section) ? section : null,
      // Its first day of history is as far back as the source tells of it.
      ...(firstDay ? { createdAt: firstDay } : {}),
    };
  });
  for (const report of reports) {
    const updates = await all(
      `${base}/status-reports/${report.id}/status-updates`,
      Update,
      headers,
    );
    updates.sort(
      (a, b) => a.attributes.published_at.getTime() - b.attributes.published_at.getTime(),
    );
    const r = report.attributes;
    const componentIds = [
      ...new Set((r.affected_resources ?? []).map((a) => a.status_page_resource_id)),
    ];
    if (r.report_type === "maintenance") {
      const [announcement, ...rest] = updates;
      const startsAt = r.starts_at;
      const endsAt = r.ends_at ?? new Date(startsAt.getTime() + 3_600_000);
      const now = Date.now();
      bundle.maintenances.push({
        sourceId: report.id,
        title: r.title,
        body: announcement?.attributes.message ?? "",
        status:
          endsAt.getTime() <= now
            ? "completed"
            : startsAt.getTime() <= now
              ? "in_progress"
              : "scheduled",
        startsAt,
        endsAt,
        createdAt: announcement?.attributes.published_at ?? startsAt,
        startedAt: null,
        completedAt: null,
        componentSourceIds: componentIds,
        notes: rest
          .filter((u) => u.attributes.message.trim())
          .map((u) => ({
            sourceId: u.id,
            body: u.attributes.message,
            createdAt: u.attributes.published_at,
            status:
              u.attributes.published_at.getTime() >= startsAt.getTime()
                ? ("in_progress" as const)
                : ("scheduled" as const),
          })),
      });
      continue;
    }
    // An update's resources say what each became; all resolved (or the report ended) is resolved.
    let previous = new Map<string, ComponentStatus>();
    const steps = updates.map((u) => {
      const now = new Map(
        (u.attributes.affected_resources ?? []).map((a) => [
          a.status_page_resource_id,
          RESOURCE_STATUS[a.status ?? ""] ?? "operational",
        ]),
      );
      const changes: ImportedChange[] = [...now].flatMap(([id, to]) => {
        const from = previous.get(id) ?? "operational";
        return from === to ? [] : [{ componentSourceId: id, from, to }];
      });
      previous = new Map([...previous, ...now]);
      return {
        u,
        changes,
        settled: now.size > 0 && [...now.values()].every((s) => s === "operational"),
      };
    });
    const resolved =
      r.aggregate_state === "resolved" || Boolean(r.ends_at) || Boolean(steps.at(-1)?.settled);
    // The impact is the worst any update gave: downtime is critical, anything less minor.
    const seen = new Set(steps.flatMap((s) => s.changes.map((c) => c.to)));
    const impact = seen.has("major_outage") ? "critical" : updates.length ? "minor" : "none";
    bundle.incidents.push({
      sourceId: report.id,
      title: r.title,
      status: resolved ? "resolved" : "investigating",
      impact,
      startedAt: r.starts_at,
      createdAt: r.starts_at,
      updatedAt: updates.at(-1)?.attributes.published_at ?? r.starts_at,
      resolvedAt: resolved
        ? (r.ends_at ?? updates.at(-1)?.attributes.published_at ?? r.starts_at)
        : null,
      components: componentIds.map((id) => {
        const statuses = steps.flatMap((s) =>
          s.changes.filter((c) => c.componentSourceId === id).map((c) => c.to),
        );
        return {
          componentSourceId: id,
          status: statuses.filter((s) => s !== "operational").at(-1) ?? "degraded_performance",
        };
      }),
      updates: steps.map(({ u, changes }, index) => ({
        sourceId: u.id,
        status:
          resolved && index === steps.length - 1
            ? "resolved"
            : index === 0
              ? "investigating"
              : "identified",
        body: u.attributes.message,
        createdAt: u.attributes.published_at,
        changes: changes.length ? changes : null,
      })),
      postmortem: null,
    });
  }
  bundle.subscribers = subscribers.map((s) => ({
    sourceId: s.id,
    email: s.attributes.email,
    confirmed: Boolean(s.attributes.confirmed_at),
    componentSourceIds: s.attributes.status_page_resource_ids ?? [],
    ...(s.attributes.created_at ? { createdAt: s.attributes.created_at } : {}),
  }));
  return bundle;
}
