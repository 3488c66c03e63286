import { and, eq, ne } from "drizzle-orm";
import { schema, type Executor } from "@/db/client";
import { config } from "@/lib/config";
import { overallStatus, type OverallStatus } from "@/lib/status/labels";

// The events each transaction wrote, so whoever committed it can announce exactly those.
const writtenIn = new WeakMap<object, string[]>();

/** The ids of the outbox events a transaction wrote (none for another transaction's). */
export function eventsWrittenIn(tx: Executor): readonly string[] {
  return writtenIn.get(tx) ?? [];
}

// Transactions whose events are recorded but sent to nobody.
const quiet = new WeakSet<object>();

/**
 * The events this transaction writes from now on are recorded but sent to nobody: a change made
 * "without notifying" (Statuspage's `deliver_notifications: false`, an import) still changes the
 * page. Bound to the transaction, so nothing that outlives it (a timer it started) is quieted.
 */
export function deliverNothingIn(tx: Executor): void {
  quiet.add(tx);
}

type Affected = { componentId: string; status: string };
type IncidentData = {
  id: string;
  title: string;
  status: string;
  impact: string;
  components: Affected[];
  /** Absent from events written before updates made promises. */
  nextUpdateBy?: string | null;
  postmortem?: { body: string; publishedAt: string | null } | null;
  updates: {
    body: string;
    status: string;
    estimatedResolutionAt?: string | null;
    nextUpdateBy?: string | null;
  }[];
};
type MaintenanceData = {
  id: string;
  title: string;
  body: string;
  status: string;
  startsAt: string;
  endsAt: string;
  componentIds: string[];
  /** Progress notes, newest first. */
  updates?: { body: string }[];
};
/** A monitor event is for the team: it names what is checked, never secrets. */
type MonitorData = {
  id: string;
  name: string;
  type: string;
  componentId: string;
  target: string;
  certificateExpiresAt: string;
  daysLeft: number;
};
/** The payload receivers get: webhooks as JSON, chat and email rendered from it. */
export type EventData = {
  occurredAt: string;
  workspace: { id: string; name: string };
  incident?: IncidentData;
  maintenance?: MaintenanceData;
  monitor?: MonitorData;
  /**
   * The status page's overall status once the change is made (the page's one rule): absent from
   * events written before it was added, and from monitor events, which are the team's.
   */
  status?: OverallStatus;
  url: string;
};
export type OutgoingEvent = { type: string; data: EventData };

/** The components an event is about (none: it names no component). */
export function eventComponents(data: EventData): string[] {
  return (
    data.incident?.components.map((c) => c.componentId) ??
    data.maintenance?.componentIds ??
    (data.monitor ? [data.monitor.componentId] : [])
  );
}

export type EventType = (typeof schema.eventTypeEnum.enumValues)[number];

/**
 * Events for the team, never for the page's subscribers: they link to the dashboard, carry no
 * page status, and are mailed to members (monitor alerts to admins, a missed update to those who
 * posted in the incident).
 */
export const TEAM_EVENTS: readonly string[] = [
  "monitor.certificate_expiring",
  "incident.update_overdue",
] satisfies EventType[];

type Subject =
  | { kind: "incident"; resource: { id: string } & Record<string, unknown> }
  | { kind: "maintenance"; resource: { id: string } & Record<string, unknown> }
  | { kind: "monitor"; resource: MonitorData };

/** The public page's overall status as the caller's transaction sees it. */
async function pageStatus(tx: Executor, workspaceId: string): Promise<OverallStatus> {
  const { component, incident, maintenance } = schema;
  const [components, open, windows] = await Promise.all([
    tx
      .select({ status: component.status })
      .from(component)
      .where(eq(component.workspaceId, workspaceId)),
    tx
      .select({ impact: incident.impact })
      .from(incident)
      .where(
        and(
          eq(incident.workspaceId, workspaceId),
          eq(incident.visibility, "published"),
          ne(incident.status, "resolved"),
        ),
      ),
    tx
      .select({ id: maintenance.id })
      .from(maintenance)
      .where(and(eq(maintenance.workspaceId, workspaceId), eq(maintenance.status, "in_progress")))
      .limit(1),
  ]);
  return overallStatus({
    components: components.map((c) => c.status),
    impacts: open.map((i) => i.impact),
    maintenance: windows.length > 0,
  });
}

/**
 * Writes an event to the outbox in the caller's transaction, with the payload receivers get
 * (docs/design.md §5): when it happened, the workspace, the resource as the API returns it, and the
 * public page about it.
 */
export async function emitEvent(
  tx: Executor,
  { workspaceId, type, subject }: { workspaceId: string; type: EventType; subject: Subject },
): Promise<void> {
  const [workspace] = await tx
    .select({ id: schema.workspace.id, name: schema.workspace.name })
    .from(schema.workspace)
    .where(eq(schema.workspace.id, workspaceId));
  const occurredAt = new Date();
  // A team event links to the dashboard: monitors and missed promises are not on the public page.
  const team = TEAM_EVENTS.includes(type);
  const path = { incident: "incidents", maintenance: "maintenance", monitor: "monitors" }[
    subject.kind
  ];
  const data = {
    occurredAt: occurredAt.toISOString(),
    workspace,
    [subject.kind]: subject.resource,
    ...(team ? {} : { status: await pageStatus(tx, workspaceId) }),
    // The dashboard stays on BASE_URL; the public page may have a host of its own.
    url: team
      ? `${config().baseUrl}/dashboard/${path}/${subject.resource.id}`
      : `${config().statusPageUrl}/${path}/${subject.resource.id}`,
  };
  const [event] = await tx
    .insert(schema.outboxEvent)
    .values({
      workspaceId,
      type,
      // Round-trip through JSON so Dates are stored as the ISO strings receivers will see.
      data: JSON.parse(JSON.stringify(data)),
      occurredAt,
      // Already fanned out to nobody: the fan-out never picks it up.
      ...(quiet.has(tx) ? { fannedOutAt: occurredAt } : {}),
    })
    .returning({ id: schema.outboxEvent.id });
  writtenIn.set(tx, [...eventsWrittenIn(tx), event!.id]);
}
