import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import { config } from "@/lib/config";
import { decryptSecret } from "@/lib/crypto/secrets";
import { postOutgoing, type PostResult } from "@/lib/net/post";
import { buildRequest, type EndpointKind, type EventData, type OutgoingEvent } from "./messages";

const {
  delivery,
  deliveryAttempt,
  outboxEvent,
  webhookEndpoint,
  webhookEndpointComponent,
  component,
} = schema;

/** A 2xx within this long is success; later, the attempt counts as no answer. */
export const ANSWER_DEADLINE_MS = 8_000;
/** Longest wait a receiver's Retry-After may ask for. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;
/** How long a claimed delivery stays out of other workers' reach while it is attempted. */
const LEASE_MS = 15_000;

export type Outcome = {
  result: "success" | "retry" | "fail";
  retryAfterMs?: number;
  status: number | null;
  error: string | null;
};

function retryAfterMs(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const seconds = Number(text);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(text) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined;
}

/**
 * How an answer counts: 2xx is success; 429, 5xx and no answer are retried (a Retry-After on
 * 429/503 is honoured up to 10 minutes); anything else, 3xx included, fails at once, and so
 * does a target that resolves to a refused address.
 */
export function classify(result: PostResult): Outcome {
  if (result.kind === "error") {
    return { result: result.refused ? "fail" : "retry", status: null, error: result.error };
  }
  const { status } = result;
  if (status >= 200 && status < 300) return { result: "success", status, error: null };
  if (status === 429 || status >= 500) {
    const wait =
      status === 429 || status === 503 ? retryAfterMs(result.headers["retry-after"]) : undefined;
    return { result: "retry", status, error: `HTTP ${status}`, retryAfterMs: wait };
  }
  return {
    result: "fail",
    status,
    error: `HTTP ${status}${status >= 300 && status < 400 ? " (redirects are not followed)" : ""}`,
  };
}

/** The components an event is about; endpoints that follow none of them do not get it. */
function componentsOf(data: EventData): string[] {
  return (
    data.incident?.components.map((c) => c.componentId) ?? data.maintenance?.componentIds ?? []
  );
}

/**
 * Creates the event's deliveries, one per endpoint that follows it (all components, or one of
 * the event's), exactly once: the event is locked and marked in the same transaction.
 */
export async function fanOutEvent(
  eventId: string,
): Promise<{ deliveryId: string; endpointId: string }[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(outboxEvent)
      .where(and(eq(outboxEvent.id, eventId), isNull(outboxEvent.fannedOutAt)))
      .for("update", { skipLocked: true });
    if (!event) return [];
    const about = new Set(componentsOf(event.data as EventData));
    const [endpoints, follows] = await Promise.all([
      tx
        .select({ id: webhookEndpoint.id })
        .from(webhookEndpoint)
        .where(eq(webhookEndpoint.workspaceId, event.workspaceId)),
      tx
        .select({
          endpointId: webhookEndpointComponent.endpointId,
          componentId: webhookEndpointComponent.componentId,
        })
        .from(webhookEndpointComponent)
        .where(eq(webhookEndpointComponent.workspaceId, event.workspaceId)),
    ]);
    const followed = new Map<string, string[]>();
    for (const row of follows)
      followed.set(row.endpointId, [...(followed.get(row.endpointId) ?? []), row.componentId]);
    const targets = endpoints.filter(({ id }) => {
      const list = followed.get(id);
      return !list || list.some((componentId) => about.has(componentId));
    });
    const created = targets.length
      ? await tx
          .insert(delivery)
          .values(
            targets.map(({ id }) => ({
              workspaceId: event.workspaceId,
              endpointId: id,
              eventId: event.id,
            })),
          )
          .onConflictDoNothing()
          .returning({ deliveryId: delivery.id, endpointId: delivery.endpointId })
      : [];
    await tx
      .update(outboxEvent)
      .set({ fannedOutAt: new Date() })
      .where(eq(outboxEvent.id, event.id));
    return created;
  });
}

/** Fans out every event not fanned out yet, oldest first; answers the deliveries made. */
export async function fanOutPending(
  limit = 100,
): Promise<{ deliveryId: string; endpointId: string }[]> {
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

type Claimed = { id: string; endpointId: string };

/**
 * Claims due deliveries, at most one per endpoint and none for `busyEndpoints`, by pushing
 * their next attempt out by the lease: a worker that dies mid-attempt leaves the delivery to be
 * attempted again (the same webhook-id) when the lease ends.
 */
export async function claimDueDeliveries({
  limit,
  busyEndpoints = [],
  overdueMs = 0,
  only,
}: {
  limit: number;
  busyEndpoints?: string[];
  overdueMs?: number;
  only?: string;
}): Promise<{ id: string; endpointId: string }[]> {
  if (limit <= 0) return [];
  const db = await getDb();
  return db.transaction(async (tx) => {
    const busy = busyEndpoints.length
      ? sql`and endpoint_id not in (${sql.join(
          busyEndpoints.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
    const single = only ? sql`and id = ${only}::uuid` : sql``;
    const rows = (await tx.execute(sql`
      with candidates as (
        select id, row_number() over (partition by endpoint_id order by next_attempt_at, id) as rank
        from delivery
        where state = 'pending' and next_attempt_at <= now() - ${`${overdueMs} milliseconds`}::interval ${busy} ${single}
      )
      select d.id, d.endpoint_id as "endpointId" from delivery d join candidates c on c.id = d.id
      where c.rank = 1
      order by d.next_attempt_at, d.id
      limit ${limit}
      for update of d skip locked`)) as unknown as Claimed[] & { rows?: Claimed[] };
    // postgres.js answers the rows as an array, PGlite as { rows }.
    const claimed = rows.rows ?? [...rows];
    const ids = claimed.map((row) => row.id);
    if (ids.length) {
      await tx
        .update(delivery)
        .set({ nextAttemptAt: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
        .where(inArray(delivery.id, ids));
    }
    return claimed;
  });
}

async function componentNames(tx: Executor, workspaceId: string): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: component.id, name: component.name })
    .from(component)
    .where(eq(component.workspaceId, workspaceId));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Sends one request for an endpoint, exactly as deliveries and test sends do. */
export async function sendToEndpoint(
  endpoint: {
    kind: EndpointKind;
    urlEncrypted: string;
    secretEncrypted: string | null;
    workspaceId: string;
  },
  webhookId: string,
  event: OutgoingEvent,
): Promise<PostResult> {
  const db = await getDb();
  const [url, secret, names] = await Promise.all([
    decryptSecret(endpoint.urlEncrypted),
    endpoint.secretEncrypted ? decryptSecret(endpoint.secretEncrypted) : Promise.resolve(null),
    componentNames(db, endpoint.workspaceId),
  ]);
  const request = buildRequest(endpoint.kind, { webhookId, secret, event, componentNames: names });
  return postOutgoing(url, { ...request, timeoutMs: ANSWER_DEADLINE_MS });
}

/**
 * One attempt of a claimed delivery: send, classify, and record the attempt, the delivery's
 * next step and the endpoint's state in one transaction. Answers the outcome and, when it is
 * to be retried, when.
 */
export async function attemptDelivery(
  deliveryId: string,
): Promise<Outcome & { nextAttemptAt: Date | null }> {
  const db = await getDb();
  const [row] = await db
    .select({ delivery, endpoint: webhookEndpoint, event: outboxEvent })
    .from(delivery)
    .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, delivery.endpointId))
    .innerJoin(outboxEvent, eq(outboxEvent.id, delivery.eventId))
    .where(eq(delivery.id, deliveryId));
  if (!row || row.delivery.state !== "pending")
    return { result: "fail", status: null, error: "Gone", nextAttemptAt: null };
  const attemptedAt = new Date();
  const sent = await sendToEndpoint(row.endpoint, row.delivery.id, {
    type: row.event.type,
    data: row.event.data as EventData,
  });
  const outcome = classify(sent);
  const attempts = row.delivery.attempts + 1;
  const schedule = config().webhookRetrySchedule;
  const retrying = outcome.result === "retry" && attempts <= schedule.length;
  const nextAttemptAt = retrying
    ? new Date(Date.now() + (outcome.retryAfterMs ?? schedule[attempts - 1]!))
    : null;
  const finalResult = outcome.result === "retry" && !retrying ? "fail" : outcome.result;
  await db.transaction(async (tx) => {
    await tx.insert(deliveryAttempt).values({
      workspaceId: row.delivery.workspaceId,
      deliveryId,
      attemptedAt,
      statusCode: outcome.status,
      latencyMs: sent.latencyMs,
      error: outcome.error,
      nextAttemptAt,
    });
    await tx
      .update(delivery)
      .set(
        finalResult === "retry"
          ? { attempts, nextAttemptAt: nextAttemptAt! }
          : {
              attempts,
              state: finalResult === "success" ? "succeeded" : "failed",
              completedAt: new Date(),
            },
      )
      .where(and(eq(delivery.id, deliveryId), eq(delivery.state, "pending")));
    if (finalResult === "success") {
      await tx
        .update(webhookEndpoint)
        .set({ state: "active", failingSince: null })
        .where(and(eq(webhookEndpoint.id, row.endpoint.id), eq(webhookEndpoint.state, "failing")));
    } else if (finalResult === "fail") {
      await tx
        .update(webhookEndpoint)
        .set({
          state: "failing",
          failingSince: sql`coalesce(${webhookEndpoint.failingSince}, now())`,
        })
        .where(eq(webhookEndpoint.id, row.endpoint.id));
    }
  });
  return { ...outcome, result: finalResult, nextAttemptAt };
}
