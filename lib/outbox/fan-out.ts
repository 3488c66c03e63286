import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import { groupBy } from "@/lib/group-by";
import type { DueDelivery } from "@/lib/jobs/engine";
import { readersReach } from "./page-readers";
import { eventComponents, TEAM_EVENTS, type EventData } from "./outbox";

const POSTMORTEM_PUBLISHED = "incident.postmortem_published";

const {
  delivery,
  emailMessage,
  outboxEvent,
  subscriber,
  subscriberComponent,
  webhookEndpoint,
  webhookEndpointComponent,
} = schema;

/** Rows one insert writes when an event goes to many subscribers. */
const INSERT_CHUNK = 500;

/**
 * Who hears an event, for endpoints and subscribers alike: one who follows everything (no
 * components chosen), or one of the event's components. The one difference: an event that names
 * no component goes to every subscriber (a person should hear of it), but only to endpoints that
 * follow everything (a chat channel or script chose its components).
 */
export function followsEvent(
  followed: readonly string[] | undefined,
  about: ReadonlySet<string>,
  audience: "endpoint" | "subscriber",
): boolean {
  if (!followed) return true;
  if (about.size === 0) return audience === "subscriber";
  return followed.some((componentId) => about.has(componentId));
}

/**
 * Alerting kinds keep one alert per incident open until it is resolved, so their deliveries go
 * out in the order the events happened: a retried trigger never lands after its resolve.
 */
export const ORDERED_KINDS = ["pagerduty", "opsgenie"] as const;

/**
 * Whether an endpoint of `kind` is sent an event of `type`. Alerting kinds hear incidents (not
 * a missed update) and expiring certificates; maintenance only when chosen, and only once a window starts (a window
 * scheduled for next week is not an alert). Every other kind hears every event.
 */
export function hearsEvent(
  kind: string,
  settings: { includeMaintenance?: boolean },
  event: { type: string; data: EventData },
): boolean {
  if (!(ORDERED_KINDS as readonly string[]).includes(kind)) return true;
  // An alert is open for the incident already, or closed: neither a missed update nor a
  // postmortem is a new alert.
  if (event.type === "incident.update_overdue" || event.type === POSTMORTEM_PUBLISHED) {
    return false;
  }
  if (!event.type.startsWith("maintenance.")) return true;
  if (settings.includeMaintenance !== true) return false;
  // A note on a window still to come is no alert either, nor is its reminder.
  return event.type === "maintenance.updated"
    ? event.data.maintenance?.status === "in_progress"
    : event.type !== "maintenance.scheduled" && event.type !== "maintenance.reminder";
}

async function endpointsFollowing(
  tx: Executor,
  workspaceId: string,
  about: ReadonlySet<string>,
  event: { type: string; data: EventData },
): Promise<{ id: string }[]> {
  const [candidates, follows] = await Promise.all([
    tx
      .select({
        id: webhookEndpoint.id,
        kind: webhookEndpoint.kind,
        settings: webhookEndpoint.settings,
      })
      .from(webhookEndpoint)
      // A visitor's chat or webhook subscription hears as its subscriber does.
      .where(
        and(eq(webhookEndpoint.workspaceId, workspaceId), isNull(webhookEndpoint.subscriberId)),
      ),
    tx
      .select({
        followerId: webhookEndpointComponent.endpointId,
        componentId: webhookEndpointComponent.componentId,
      })
      .from(webhookEndpointComponent)
      .where(eq(webhookEndpointComponent.workspaceId, workspaceId)),
  ]);
  const followed = groupBy(
    follows,
    (row) => row.followerId,
    (row) => row.componentId,
  );
  return candidates.filter(
    ({ id, kind, settings }) =>
      hearsEvent(kind, settings, event) && followsEvent(followed.get(id), about, "endpoint"),
  );
}

/**
 * The active subscribers who hear of an event: its page shows them one of the event's components
 * (for one that names none, they follow the first page, which shows it), and they follow it.
 */
async function subscribersHearing(
  tx: Executor,
  workspaceId: string,
  about: ReadonlySet<string>,
): Promise<{ id: string; email: string; channel: string; postmortems: boolean }[]> {
  const [candidates, follows] = await Promise.all([
    tx
      .select({
        id: subscriber.id,
        email: subscriber.email,
        pageId: subscriber.pageId,
        channel: subscriber.channel,
        postmortems: subscriber.postmortems,
      })
      .from(subscriber)
      .where(and(eq(subscriber.workspaceId, workspaceId), eq(subscriber.state, "active"))),
    tx
      .select({
        followerId: subscriberComponent.subscriberId,
        componentId: subscriberComponent.componentId,
      })
      .from(subscriberComponent)
      .where(eq(subscriberComponent.workspaceId, workspaceId)),
  ]);
  const reach = await readersReach(
    tx,
    candidates.map((c) => ({ key: c.id, pageId: c.pageId, email: c.email })),
  );
  const followed = groupBy(
    follows,
    (row) => row.followerId,
    (row) => row.componentId,
  );
  return candidates.filter(({ id }) => {
    const theirs = reach.get(id);
    if (!theirs) return false;
    if (about.size === 0) return theirs.page.isDefault;
    const seen = new Set([...about].filter((c) => theirs.visible.has(c)));
    return seen.size > 0 && followsEvent(followed.get(id), seen, "subscriber");
  });
}

/** The endpoints of chat and webhook subscribers. */
async function subscriberEndpoints(
  tx: Executor,
  workspaceId: string,
  subscriberIds: string[],
): Promise<{ id: string }[]> {
  if (!subscriberIds.length) return [];
  return tx
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(
      and(
        eq(webhookEndpoint.workspaceId, workspaceId),
        inArray(webhookEndpoint.subscriberId, subscriberIds),
      ),
    );
}

/** The addresses of the workspace's admins and owner. */
async function admins(tx: Executor, workspaceId: string): Promise<string[]> {
  const rows = await tx
    .select({ email: schema.user.email })
    .from(schema.member)
    .innerJoin(schema.user, eq(schema.user.id, schema.member.userId))
    .where(
      and(
        eq(schema.member.workspaceId, workspaceId),
        inArray(schema.member.role, ["admin", "owner"]),
      ),
    );
  return rows.map((row) => row.email);
}

/**
 * Who is told that an incident's promised update is late: the members who posted in it (still
 * editors or above), or, when none did (a monitor's incident), the admins.
 */
async function posters(tx: Executor, workspaceId: string, incidentId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ email: schema.user.email })
    .from(schema.incidentUpdate)
    .innerJoin(schema.user, eq(schema.user.id, schema.incidentUpdate.createdBy))
    .innerJoin(
      schema.member,
      and(eq(schema.member.userId, schema.user.id), eq(schema.member.workspaceId, workspaceId)),
    )
    .where(
      and(
        eq(schema.incidentUpdate.workspaceId, workspaceId),
        eq(schema.incidentUpdate.incidentId, incidentId),
        inArray(schema.member.role, ["editor", "admin", "owner"]),
      ),
    );
  return rows.length ? rows.map((row) => row.email) : admins(tx, workspaceId);
}

/** The team's mail about a team event: its kind, and to whom. */
async function teamMail(tx: Executor, workspaceId: string, type: string, data: EventData) {
  if (type === "incident.update_overdue") {
    return {
      kind: "update_overdue" as const,
      to: await posters(tx, workspaceId, data.incident!.id),
    };
  }
  return { kind: "monitor_alert" as const, to: await admins(tx, workspaceId) };
}

type Made = { deliveryId: string; endpointId: string; nextAttemptAt: Date };

/**
 * Turns one outbox event into its work, exactly once: a delivery per endpoint and a message per
 * active subscriber that follows it. The event is locked and marked in the same transaction.
 */
export async function fanOutEvent(eventId: string): Promise<Made[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(outboxEvent)
      .where(and(eq(outboxEvent.id, eventId), isNull(outboxEvent.fannedOutAt)))
      .for("update", { skipLocked: true });
    if (!event) return [];
    const about = new Set(eventComponents(event.data as EventData));
    const teamEvent = TEAM_EVENTS.includes(event.type);
    // A postmortem goes to the subscribers who chose postmortems.
    const hearing = teamEvent
      ? []
      : (await subscribersHearing(tx, event.workspaceId, about)).filter(
          (s) => event.type !== POSTMORTEM_PUBLISHED || s.postmortems,
        );
    const endpoints = [
      ...(await endpointsFollowing(tx, event.workspaceId, about, {
        type: event.type,
        data: event.data as EventData,
      })),
      ...(await subscriberEndpoints(
        tx,
        event.workspaceId,
        hearing.filter((s) => s.channel !== "email").map((s) => s.id),
      )),
    ];
    const created = endpoints.length
      ? await tx
          .insert(delivery)
          .values(
            endpoints.map(({ id }) => ({
              workspaceId: event.workspaceId,
              endpointId: id,
              eventId: event.id,
            })),
          )
          .onConflictDoNothing()
          .returning({
            deliveryId: delivery.id,
            endpointId: delivery.endpointId,
            nextAttemptAt: delivery.nextAttemptAt,
          })
      : [];
    // Team events are mailed to members, never to the page's subscribers.
    const team = teamEvent
      ? await teamMail(tx, event.workspaceId, event.type, event.data as EventData)
      : null;
    const messages = team
      ? team.to.map((toAddress) => ({
          workspaceId: event.workspaceId,
          kind: team.kind,
          toAddress,
          subscriberId: null,
          eventId: event.id,
        }))
      : hearing
          .filter((s) => s.channel === "email")
          .map(({ id, email }) => ({
            workspaceId: event.workspaceId,
            kind: "event" as const,
            toAddress: email,
            subscriberId: id as string | null,
            eventId: event.id,
          }));
    for (let start = 0; start < messages.length; start += INSERT_CHUNK) {
      await tx
        .insert(emailMessage)
        .values(messages.slice(start, start + INSERT_CHUNK))
        .onConflictDoNothing();
    }
    await tx
      .update(outboxEvent)
      .set({ fannedOutAt: new Date() })
      .where(eq(outboxEvent.id, event.id));
    return created;
  });
}

/** Fans out every event not fanned out yet, oldest first; answers the deliveries made. */
export async function fanOutPending(limit = 100): Promise<Made[]> {
  const db = await getDb();
  const pending = await db
    .select({ id: outboxEvent.id })
    .from(outboxEvent)
    .where(isNull(outboxEvent.fannedOutAt))
    .orderBy(asc(outboxEvent.occurredAt))
    .limit(limit);
  const created = [];
  for (const { id } of pending) created.push(...(await fanOutEvent(id)));
  return created;
}

/**
 * Fans out every pending outbox event (in batches); answers the deliveries it made, each due
 * now and never attempted.
 */
export async function fanOutAll(maxBatches = 50): Promise<DueDelivery[]> {
  const made: DueDelivery[] = [];
  for (let batch = 0; batch < maxBatches; batch++) {
    const created = await fanOutPending();
    for (const { deliveryId, endpointId, nextAttemptAt } of created) {
      made.push({ id: deliveryId, endpointId, attempts: 0, nextAttemptAt });
    }
    if (!created.length) break;
  }
  return made;
}
