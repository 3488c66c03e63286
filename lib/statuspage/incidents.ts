import { and, desc, eq, exists, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import { transactionChangingData } from "@/lib/changes/changes";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/errors";
import {
  affectedOf,
  changeIncident,
  declareIncident,
  editIncidentUpdate,
  postUpdate,
  type Affected,
} from "@/lib/incidents/incidents";
import { announceWindowCancelled, announceWindowRun, type WindowRun } from "@/lib/jobs/engine";
import {
  addMaintenanceNote,
  cancelWindow,
  componentIdsOf,
  endWindowNow,
  rewriteWindow,
  scheduleWindow,
  startWindowNow,
} from "@/lib/maintenance/maintenance";
import { MaintenanceInput } from "@/lib/maintenance/schemas";
import { deliverNothingIn } from "@/lib/outbox/outbox";
import { pageUrl } from "@/lib/pages/url";
import {
  IMPACTS,
  type ComponentStatus,
  type Impact,
  type IncidentStatus,
} from "@/lib/status/labels";
import { flatList, UUID, viewOf, type View } from "./components";
import type {
  SpIncidentInput,
  SpIncidentUpdateInput,
  SpManagedComponent,
  SpManagedIncident,
  SpManagedIncidentUpdate,
} from "./schemas";

const { incident, incidentUpdate, maintenance, maintenanceUpdate } = schema;

type IncidentRow = typeof incident.$inferSelect;
type WindowRow = typeof maintenance.$inferSelect;
type Fields = SpIncidentInput["incident"];
type OnPage = { ctx: Actor; pageId: string };
type OnIncident = OnPage & { incidentId: string };

/** An incident as Statuspage counts them: a realtime one, or a scheduled maintenance. */
type Found =
  | { kind: "incident"; row: IncidentRow; componentIds: string[] }
  | { kind: "maintenance"; row: WindowRow; componentIds: string[] };

/** Statuspage's lists of incidents, by the path that names them. */
export type IncidentList = "all" | "unresolved" | "scheduled" | "upcoming" | "active_maintenance";

const REALTIME = ["investigating", "identified", "monitoring", "resolved"] as const;
const isRealtime = (status: string): status is IncidentStatus =>
  (REALTIME as readonly string[]).includes(status);

/**
 * The first update's words when a script sends none (Statuspage takes an empty body; an
 * Allclear update always says something): Statuspage's own default wording for each status.
 */
const DEFAULT_BODY: Record<IncidentStatus, string> = {
  investigating: "We are currently investigating this issue.",
  identified: "The issue has been identified and a fix is being implemented.",
  monitoring: "A fix has been implemented and we are monitoring the results.",
  resolved: "This incident has been resolved.",
};

/** Statuspage's impact from the worst status the incident gives a component. */
function impactOf(affected: readonly Affected[]): Impact {
  const statuses = new Set(affected.map((a) => a.status));
  if (statuses.has("major_outage")) return "critical";
  if (statuses.has("partial_outage")) return "major";
  if (statuses.has("degraded_performance")) return "minor";
  return "none";
}

/** Whether the page shows an incident about these components (none: the first page only). */
function shownOn(view: View, componentIds: readonly string[]): boolean {
  if (!componentIds.length) return view.page.isDefault;
  return componentIds.some((id) => view.components.some((c) => c.id === id));
}

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** The incidents and windows of a list, newest first, before the page's filter. */
async function rowsOf(tx: Executor, workspaceId: string, list: IncidentList, q?: string) {
  const pattern = q?.trim() ? escapeLike(q.trim()) : null;
  const wantsIncidents = list === "all" || list === "unresolved";
  const wantsWindows = list !== "unresolved";
  const incidentText: SQL | undefined = pattern
    ? or(
        ilike(incident.title, pattern),
        ilike(sql`${incident.status}::text`, pattern),
        ilike(incident.postmortemBody, pattern),
        exists(
          tx
            .select({ one: sql`1` })
            .from(incidentUpdate)
            .where(
              and(
                eq(incidentUpdate.workspaceId, workspaceId),
                eq(incidentUpdate.incidentId, incident.id),
                ilike(incidentUpdate.body, pattern),
              ),
            ),
        ),
      )
    : undefined;
  const windowText: SQL | undefined = pattern
    ? or(
        ilike(maintenance.title, pattern),
        ilike(maintenance.body, pattern),
        exists(
          tx
            .select({ one: sql`1` })
            .from(maintenanceUpdate)
            .where(
              and(
                eq(maintenanceUpdate.workspaceId, workspaceId),
                eq(maintenanceUpdate.maintenanceId, maintenance.id),
                ilike(maintenanceUpdate.body, pattern),
              ),
            ),
        ),
      )
    : undefined;
  const windowState = {
    all: ne(maintenance.status, "cancelled"),
    unresolved: undefined,
    scheduled: eq(maintenance.status, "scheduled"),
    upcoming: and(eq(maintenance.status, "scheduled"), sql`${maintenance.startsAt} > now()`),
    active_maintenance: eq(maintenance.status, "in_progress"),
  }[list];
  const [incidents, windows] = await Promise.all([
    wantsIncidents
      ? tx
          .select()
          .from(incident)
          .where(
            and(
              eq(incident.workspaceId, workspaceId),
              eq(incident.visibility, "published"),
              list === "unresolved" ? ne(incident.status, "resolved") : undefined,
              incidentText,
            ),
          )
      : [],
    wantsWindows
      ? tx
          .select()
          .from(maintenance)
          .where(and(eq(maintenance.workspaceId, workspaceId), windowState, windowText))
      : [],
  ]);
  const [affected, covered] = await Promise.all([
    affectedOf(
      tx,
      workspaceId,
      incidents.map((row) => row.id),
    ),
    componentIdsOf(
      tx,
      workspaceId,
      windows.map((row) => row.id),
    ),
  ]);
  const found: Found[] = [
    ...incidents.map((row) => ({
      kind: "incident" as const,
      row,
      componentIds: (affected.get(row.id) ?? []).map((a) => a.componentId),
    })),
    ...windows.map((row) => ({
      kind: "maintenance" as const,
      row,
      componentIds: covered.get(row.id) ?? [],
    })),
  ];
  return found.sort(
    (a, b) =>
      b.row.createdAt.getTime() - a.row.createdAt.getTime() || b.row.id.localeCompare(a.row.id),
  );
}

/** One incident or window the page shows, by id; 404 for anything else (drafts, cancelled). */
async function findOnPage(tx: Executor, view: View, workspaceId: string, id: string) {
  if (!UUID.test(id)) throw new NotFoundError("incident");
  const [[row], [window]] = await Promise.all([
    tx
      .select()
      .from(incident)
      .where(
        and(
          eq(incident.workspaceId, workspaceId),
          eq(incident.id, id),
          eq(incident.visibility, "published"),
        ),
      ),
    tx
      .select()
      .from(maintenance)
      .where(
        and(
          eq(maintenance.workspaceId, workspaceId),
          eq(maintenance.id, id),
          ne(maintenance.status, "cancelled"),
        ),
      ),
  ]);
  let found: Found | null = null;
  if (row) {
    const affected = (await affectedOf(tx, workspaceId, [id])).get(id) ?? [];
    found = { kind: "incident", row, componentIds: affected.map((a) => a.componentId) };
  } else if (window) {
    const covered = (await componentIdsOf(tx, workspaceId, [id])).get(id) ?? [];
    found = { kind: "maintenance", row: window, componentIds: covered };
  }
  if (!found || !shownOn(view, found.componentIds)) throw new NotFoundError("incident");
  return found;
}

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

function update(
  fields: Pick<SpManagedIncidentUpdate, "id" | "incident_id" | "status" | "body"> & {
    createdAt: Date;
    editedAt: Date | null;
    affected: SpManagedIncidentUpdate["affected_components"];
  },
): SpManagedIncidentUpdate {
  return {
    id: fields.id,
    incident_id: fields.incident_id,
    status: fields.status,
    body: fields.body,
    created_at: iso(fields.createdAt),
    updated_at: iso(fields.editedAt ?? fields.createdAt),
    display_at: iso(fields.createdAt),
    affected_components: fields.affected,
    deliver_notifications: true,
    custom_tweet: null,
    tweet_id: null,
    twitter_updated_at: null,
    wants_twitter_update: false,
  };
}

/** The answers for incidents and windows, in the order given, with their updates newest first. */
async function answersFor(
  tx: Executor,
  workspaceId: string,
  view: View,
  found: Found[],
): Promise<SpManagedIncident[]> {
  const incidentIds = found.filter((f) => f.kind === "incident").map((f) => f.row.id);
  const windowIds = found.filter((f) => f.kind === "maintenance").map((f) => f.row.id);
  const [updates, notes] = await Promise.all([
    incidentIds.length
      ? tx
          .select()
          .from(incidentUpdate)
          .where(
            and(
              eq(incidentUpdate.workspaceId, workspaceId),
              inArray(incidentUpdate.incidentId, incidentIds),
            ),
          )
          .orderBy(desc(incidentUpdate.createdAt), desc(incidentUpdate.id))
      : [],
    windowIds.length
      ? tx
          .select()
          .from(maintenanceUpdate)
          .where(
            and(
              eq(maintenanceUpdate.workspaceId, workspaceId),
              inArray(maintenanceUpdate.maintenanceId, windowIds),
            ),
          )
          .orderBy(desc(maintenanceUpdate.createdAt), desc(maintenanceUpdate.id))
      : [],
  ]);
  const listed = flatList(view);
  const shown = new Map(listed.filter((c) => !c.group).map((c) => [c.id, c]));
  const componentsOf = (ids: string[]): SpManagedComponent[] =>
    ids.flatMap((id) => shown.get(id) ?? []);
  const url = pageUrl(view.page);

  return found.map((f): SpManagedIncident => {
    const common = {
      id: f.row.id,
      page_id: view.page.key,
      name: f.row.title,
      impact_override: null,
      created_at: iso(f.row.createdAt),
      updated_at: iso(f.row.updatedAt),
      components: componentsOf(f.componentIds),
      metadata: {},
    };
    if (f.kind === "incident") {
      const own = updates.filter((u) => u.incidentId === f.row.id);
      const monitoring = own.find((u) => u.status === "monitoring");
      return {
        ...common,
        status: f.row.status,
        impact: f.row.impact,
        started_at: iso(f.row.startedAt),
        monitoring_at: monitoring ? iso(monitoring.createdAt) : null,
        resolved_at: isoOrNull(f.row.resolvedAt),
        shortlink: `${url}/incidents/${f.row.id}`,
        incident_updates: own.map((u) =>
          update({
            id: u.id,
            incident_id: f.row.id,
            status: u.status,
            body: u.body,
            createdAt: u.createdAt,
            editedAt: u.editedAt,
            affected:
              u.components
                ?.filter((c) => shown.has(c.componentId))
                .map((c) => ({
                  code: c.componentId,
                  name: shown.get(c.componentId)!.name,
                  old_status: c.oldStatus,
                  new_status: c.newStatus,
                })) ?? null,
          }),
        ),
        postmortem_body: f.row.postmortemBody,
        postmortem_body_last_updated_at: isoOrNull(f.row.postmortemUpdatedAt),
        postmortem_ignored: false,
        postmortem_notified_subscribers: f.row.postmortemPublishedAt !== null,
        postmortem_notified_twitter: false,
        postmortem_published_at: isoOrNull(f.row.postmortemPublishedAt),
        scheduled_for: null,
        scheduled_until: null,
        scheduled_remind_prior: false,
        scheduled_reminded_at: null,
        scheduled_auto_in_progress: false,
        scheduled_auto_completed: false,
        auto_transition_to_maintenance_state: false,
        auto_transition_to_operational_state: false,
        auto_transition_deliver_notifications_at_start: false,
        auto_transition_deliver_notifications_at_end: false,
      };
    }
    const row = f.row;
    const status = row.status === "cancelled" ? "completed" : row.status;
    const own = notes.filter((n) => n.maintenanceId === row.id);
    // The window's description is its first update, as a scheduled incident's body is.
    const opening = row.body
      ? [
          update({
            id: row.id,
            incident_id: row.id,
            status: "scheduled",
            body: row.body,
            createdAt: row.createdAt,
            editedAt: null,
            affected: null,
          }),
        ]
      : [];
    return {
      ...common,
      status,
      impact: "maintenance",
      started_at: iso(row.startedAt ?? row.startsAt),
      monitoring_at: null,
      resolved_at: isoOrNull(row.completedAt),
      shortlink: `${url}/maintenance/${row.id}`,
      incident_updates: [
        ...own.map((n) =>
          update({
            id: n.id,
            incident_id: row.id,
            status: n.status === "cancelled" ? "completed" : n.status,
            body: n.body,
            createdAt: n.createdAt,
            editedAt: null,
            affected: null,
          }),
        ),
        ...opening,
      ],
      postmortem_body: null,
      postmortem_body_last_updated_at: null,
      postmortem_ignored: true,
      postmortem_notified_subscribers: false,
      postmortem_notified_twitter: false,
      postmortem_published_at: null,
      scheduled_for: iso(row.startsAt),
      scheduled_until: iso(row.endsAt),
      scheduled_remind_prior: row.remindBeforeMinutes !== null,
      scheduled_reminded_at: isoOrNull(row.remindedAt),
      // A window always starts and ends on its times, and moves its components both ways.
      scheduled_auto_in_progress: true,
      scheduled_auto_completed: true,
      auto_transition_to_maintenance_state: true,
      auto_transition_to_operational_state: true,
      auto_transition_deliver_notifications_at_start: true,
      auto_transition_deliver_notifications_at_end: true,
    };
  });
}

export async function listSpIncidents({
  ctx,
  pageId,
  list,
  query,
}: OnPage & {
  list: IncidentList;
  query: { q?: string; limit: number; per_page?: number; page: number };
}) {
  const db = await getDb();
  const view = await viewOf(db, ctx.workspaceId, pageId);
  const rows = (await rowsOf(db, ctx.workspaceId, list, query.q)).filter((f) =>
    shownOn(view, f.componentIds),
  );
  const limit = query.per_page ?? query.limit;
  const slice = rows.slice((query.page - 1) * limit, query.page * limit);
  return answersFor(db, ctx.workspaceId, view, slice);
}

export async function getSpIncident({ ctx, pageId, incidentId }: OnIncident) {
  return answerOne(await getDb(), ctx.workspaceId, pageId, incidentId);
}

/** One incident or window as the page shows it now (read after any change made before). */
async function answerOne(tx: Executor, workspaceId: string, pageId: string, id: string) {
  const view = await viewOf(tx, workspaceId, pageId);
  const found = await findOnPage(tx, view, workspaceId, id);
  return (await answersFor(tx, workspaceId, view, [found]))[0]!;
}

/**
 * The affected components a request names, with the status each takes: `components` gives
 * statuses, `component_ids` names the set (those without a status keep the one they have).
 * Without `component_ids`, the components already affected stay. Undefined when neither is sent.
 */
function affectedAsked(
  view: View,
  fields: Fields,
  current: Affected[] = [],
): Affected[] | undefined {
  if (fields.components === undefined && fields.component_ids === undefined) return undefined;
  const given = fields.components ?? {};
  const ids = [
    ...new Set([
      ...(fields.component_ids ?? current.map((a) => a.componentId)),
      ...Object.keys(given),
    ]),
  ];
  const errors = ids.flatMap((id) =>
    view.components.some((c) => c.id === id)
      ? []
      : [
          {
            field: id in given ? `incident.components.${id}` : "incident.component_ids",
            message: `No component ${id} on this page.`,
          },
        ],
  );
  if (errors.length) throw new ValidationError(errors);
  return ids.map((componentId) => ({
    componentId,
    status: (given[componentId] ??
      current.find((a) => a.componentId === componentId)?.status ??
      view.components.find((c) => c.id === componentId)!.status) as ComponentStatus,
  }));
}

/** On a page other than the first, an incident must name a component to be shown there. */
function assertShownOn(view: View, componentIds: readonly string[]) {
  if (!shownOn(view, componentIds)) {
    throw ValidationError.field(
      "incident.component_ids",
      "Name at least one of this page's components: an incident without components is shown on the first page only.",
    );
  }
}

/**
 * The impact a request gives an incident: `impact_override` when sent; else, reckoned from the
 * components' statuses, on creation, or on an update when it is worse than the incident's (an
 * update that brings components back, as a resolving one does, never lowers it).
 */
function realtimeImpact(
  fields: Fields,
  affected: Affected[] | undefined,
  current?: Impact,
): Impact | undefined {
  const override = fields.impact_override;
  if (override === "maintenance") {
    throw ValidationError.field(
      "incident.impact_override",
      "Only scheduled maintenance has the maintenance impact.",
    );
  }
  if (override) return override;
  if (!affected) return undefined;
  const reckoned = impactOf(affected);
  if (!current) return reckoned;
  return IMPACTS.indexOf(reckoned) > IMPACTS.indexOf(current) ? reckoned : undefined;
}

/** A window's fields as our maintenance takes them, with Statuspage's names on any error. */
function windowInput(input: unknown) {
  const parsed = MaintenanceInput.safeParse(input);
  if (parsed.success) return parsed.data;
  const NAMES: Record<string, string> = {
    title: "incident.name",
    body: "incident.body",
    startsAt: "incident.scheduled_for",
    endsAt: "incident.scheduled_until",
    componentIds: "incident.component_ids",
  };
  throw new ValidationError(
    parsed.error.issues.map((issue) => ({
      field: NAMES[String(issue.path[0])] ?? `incident.${issue.path.join(".")}`,
      message: issue.message,
    })),
  );
}

/** A change in `tx` sends nothing when the request said `deliver_notifications: false`. */
function honourDelivery(tx: Executor, fields: Fields) {
  if (fields.deliver_notifications === false) deliverNothingIn(tx);
}

/** What a write leaves to announce once it commits: a window's new run, or its end. */
type Aftermath = { run?: WindowRun; ended?: { id: string; revision: number } };

function announce(after: Aftermath) {
  announceWindowRun(after.run);
  if (after.ended) announceWindowCancelled(after.ended.id, after.ended.revision);
}

/**
 * Creates an incident on the page: a realtime one (published at once, as on Statuspage), or
 * scheduled maintenance when the status is a window's or `scheduled_for` is sent.
 */
export async function createSpIncident({
  ctx,
  pageId,
  input,
}: OnPage & { input: SpIncidentInput }) {
  const fields = input.incident;
  const after: Aftermath = {};
  const answer = await transactionChangingData(ctx.workspaceId, async (tx) => {
    honourDelivery(tx, fields);
    const view = await viewOf(tx, ctx.workspaceId, pageId);
    if (!fields.name) throw ValidationError.field("incident.name", "A name is required.");
    const scheduled = fields.status ? !isRealtime(fields.status) : Boolean(fields.scheduled_for);
    const affected = affectedAsked(view, fields) ?? [];
    assertShownOn(
      view,
      affected.map((a) => a.componentId),
    );
    let id: string;
    if (scheduled) {
      if (fields.status && fields.status !== "scheduled") {
        throw ValidationError.field(
          "incident.status",
          "Maintenance is created as scheduled; it starts at scheduled_for.",
        );
      }
      if (!fields.scheduled_for) {
        throw ValidationError.field("incident.scheduled_for", "Required for maintenance.");
      }
      if (!fields.scheduled_until) {
        throw ValidationError.field("incident.scheduled_until", "Required for maintenance.");
      }
      const window = await scheduleWindow(
        tx,
        ctx,
        windowInput({
          title: fields.name,
          body: fields.body ?? "",
          startsAt: fields.scheduled_for,
          endsAt: fields.scheduled_until,
          componentIds: affected.map((a) => a.componentId),
          remindBeforeMinutes: fields.scheduled_remind_prior ? 60 : null,
        }),
      );
      after.run = window.run;
      id = window.id;
    } else {
      const status = (fields.status ?? "investigating") as IncidentStatus;
      const created = await declareIncident(tx, ctx, {
        title: fields.name,
        impact: realtimeImpact(fields, affected) ?? "none",
        body: fields.body || DEFAULT_BODY[status],
        status,
        visibility: "published",
        components: affected,
      });
      id = created.id;
    }
    return answerOne(tx, ctx.workspaceId, pageId, id);
  });
  announce(after);
  return answer;
}

/** A realtime incident's change: renamed, and an update posted when anything else is sent. */
async function updateRealtime(
  tx: Executor,
  ctx: Actor,
  view: View,
  row: IncidentRow,
  fields: Fields,
) {
  if (fields.status && !isRealtime(fields.status)) {
    throw ValidationError.field(
      "incident.status",
      "An incident's status is investigating, identified, monitoring or resolved.",
    );
  }
  if (fields.name !== undefined) await changeIncident(tx, ctx, row.id, { title: fields.name });
  const current = (await affectedOf(tx, ctx.workspaceId, [row.id])).get(row.id) ?? [];
  const affected = affectedAsked(view, fields, current);
  if (affected)
    assertShownOn(
      view,
      affected.map((a) => a.componentId),
    );
  const impact = realtimeImpact(fields, affected, row.impact);
  if (!fields.status && !fields.body && !affected && !impact) return;
  const status = (fields.status ?? row.status) as IncidentStatus;
  await postUpdate(tx, ctx, row.id, {
    status,
    body: fields.body || DEFAULT_BODY[status],
    impact,
    components: affected,
  });
}

/**
 * A window's change: its fields rewritten; `in_progress` starts it now, `completed` ends it now;
 * a body is posted as a progress note.
 */
async function updateWindow(
  tx: Executor,
  ctx: Actor,
  view: View,
  row: WindowRow,
  componentIds: string[],
  fields: Fields,
): Promise<Aftermath> {
  if (fields.status && isRealtime(fields.status)) {
    throw ValidationError.field(
      "incident.status",
      "Maintenance's status is scheduled, in_progress, verifying or completed.",
    );
  }
  const after: Aftermath = {};
  const starting =
    (fields.status === "in_progress" || fields.status === "verifying") &&
    row.status === "scheduled";
  if (fields.status === "completed" && row.status === "scheduled") {
    throw new ConflictError(
      "illegal_transition",
      "This maintenance has not started; delete it to call it off.",
    );
  }
  if (fields.status === "scheduled" && row.status !== "scheduled") {
    throw new ConflictError("illegal_transition", "This maintenance has started already.");
  }
  const affected = affectedAsked(
    view,
    fields,
    componentIds.map((componentId) => ({ componentId, status: "operational" })),
  );
  const remind =
    fields.scheduled_remind_prior === undefined
      ? row.remindBeforeMinutes
      : fields.scheduled_remind_prior
        ? (row.remindBeforeMinutes ?? 60)
        : null;
  const changed =
    fields.name !== undefined ||
    Boolean(fields.scheduled_for) ||
    Boolean(fields.scheduled_until) ||
    affected !== undefined ||
    remind !== row.remindBeforeMinutes;
  if (changed) {
    const ids = affected ? affected.map((a) => a.componentId) : componentIds;
    assertShownOn(view, ids);
    const input = windowInput({
      title: fields.name ?? row.title,
      body: row.body,
      startsAt: fields.scheduled_for ?? iso(row.startsAt),
      endsAt: fields.scheduled_until ?? iso(row.endsAt),
      componentIds: ids,
      remindBeforeMinutes: remind,
    });
    after.run = await rewriteWindow(tx, ctx, row.id, input);
  }
  // Started now: its start moves to now, and only "started" is sent.
  if (starting) after.run = await startWindowNow(tx, ctx, row.id);
  if (fields.body) await addMaintenanceNote(tx, ctx, row.id, { body: fields.body });
  if (fields.status === "completed" && row.status === "in_progress") {
    after.ended = { id: row.id, revision: await endWindowNow(tx, ctx, row.id) };
  }
  return after;
}

/** Changes an incident (PATCH and PUT alike: what is sent changes). */
export async function updateSpIncident({
  ctx,
  pageId,
  incidentId,
  input,
}: OnIncident & { input: SpIncidentInput }) {
  const fields = input.incident;
  let after: Aftermath = {};
  const answer = await transactionChangingData(ctx.workspaceId, async (tx) => {
    honourDelivery(tx, fields);
    const view = await viewOf(tx, ctx.workspaceId, pageId);
    const found = await findOnPage(tx, view, ctx.workspaceId, incidentId);
    if (found.kind === "incident") await updateRealtime(tx, ctx, view, found.row, fields);
    else after = await updateWindow(tx, ctx, view, found.row, found.componentIds, fields);
    return answerOne(tx, ctx.workspaceId, pageId, incidentId);
  });
  announce(after);
  return answer;
}

/**
 * Deletes an incident, answering it as it was. A window still to come or in progress is called
 * off (cancelled); a published incident stays, as visitors have seen it (409).
 */
export async function deleteSpIncident({ ctx, pageId, incidentId }: OnIncident) {
  let ended: Aftermath["ended"];
  const answer = await transactionChangingData(ctx.workspaceId, async (tx) => {
    const view = await viewOf(tx, ctx.workspaceId, pageId);
    const found = await findOnPage(tx, view, ctx.workspaceId, incidentId);
    const [before] = await answersFor(tx, ctx.workspaceId, view, [found]);
    if (found.kind === "incident") {
      throw new ConflictError(
        "illegal_transition",
        "A published incident cannot be deleted: visitors have seen it. Resolve it instead.",
      );
    }
    ended = { id: found.row.id, revision: await cancelWindow(tx, ctx, found.row.id) };
    return before!;
  });
  announce({ ended });
  return answer;
}

/** Corrects the body of one of a realtime incident's updates, notifying nobody. */
export async function updateSpIncidentUpdate({
  ctx,
  pageId,
  incidentId,
  updateId,
  input,
}: OnIncident & { updateId: string; input: SpIncidentUpdateInput }) {
  const db = await getDb();
  const view = await viewOf(db, ctx.workspaceId, pageId);
  const found = await findOnPage(db, view, ctx.workspaceId, incidentId);
  if (found.kind !== "incident" || !UUID.test(updateId)) throw new NotFoundError("incident update");
  const body = input.incident_update.body;
  if (!body) throw ValidationError.field("incident_update.body", "A body is required.");
  await editIncidentUpdate({ ctx, id: incidentId, updateId, input: { body } });
  const answer = await getSpIncident({ ctx, pageId, incidentId });
  return answer.incident_updates.find((u) => u.id === updateId)!;
}
