import { and, asc, eq, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { getDb, schema, type Executor, type Transaction } from "@/db/client";
import { componentNames } from "@/lib/components/exist";
import { retryDelayMs } from "@/lib/config";
import { decryptSecret, SecretUnreadableError } from "@/lib/crypto/secrets";
import { announceEmail, type DueDelivery } from "@/lib/jobs/engine";
import { postOutgoing, type PostResult } from "@/lib/net/post";
import { ORDERED_KINDS } from "@/lib/outbox/fan-out";
import type { EventData, OutgoingEvent } from "@/lib/outbox/outbox";
import { buildRequest, type EndpointKind, type Target } from "./messages";
import {
  endFailedChannels,
  onSubscriberPage,
  stopLink,
  subscriberReaches,
  type SubscriberReach,
} from "./channel-subscriptions";
import type { Credentials } from "./providers";
import type { EndpointSettings } from "./schemas";

const { delivery, deliveryAttempt, outboxEvent, webhookEndpoint } = schema;

/** A 2xx within this long is success; later, the attempt counts as no answer. */
export const ANSWER_DEADLINE_MS = 8_000;
/** Longest wait a receiver's Retry-After may ask for. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;
/** How long a claimed delivery stays out of other workers' reach while it is attempted. */
export const LEASE_MS = 15_000;

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

/** Telegram says how long to wait in its answer's body (`parameters.retry_after`, seconds). */
function retryAfterInBody(text: string): number | undefined {
  try {
    const seconds = (JSON.parse(text) as { parameters?: { retry_after?: unknown } }).parameters
      ?.retry_after;
    return typeof seconds === "number" ? retryAfterMs(String(seconds)) : undefined;
  } catch {
    return undefined;
  }
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
      status === 429 || status === 503
        ? (retryAfterMs(result.headers["retry-after"]) ?? retryAfterInBody(result.text))
        : undefined;
    return { result: "retry", status, error: `HTTP ${status}`, retryAfterMs: wait };
  }
  return {
    result: "fail",
    status,
    error: `HTTP ${status}${status >= 300 && status < 400 ? " (redirects are not followed)" : ""}`,
  };
}

/** A claimed delivery with what its attempt needs: the endpoint and the event. */
export type Claimed = {
  id: string;
  /** The attempt logged when the delivery was claimed, before anything is sent. */
  attemptId: string;
  endpointId: string;
  attempts: number;
  /** This claim's token: recording the attempt needs it to still be the delivery's lease. */
  lease: string;
  workspaceId: string;
  endpoint: Pick<
    EndpointRow,
    | "id"
    | "kind"
    | "urlEncrypted"
    | "credentialsEncrypted"
    | "settings"
    | "subscriberId"
    | "secretEncrypted"
    | "previousSecretEncrypted"
    | "previousSecretExpiresAt"
    | "state"
    | "workspaceId"
  >;
  event: { type: string; data: EventData };
  /** What the message needs besides, read with the claim: see Prepared. */
  prepared: Prepared;
};
type EndpointRow = typeof webhookEndpoint.$inferSelect;

/** Whether the delivery row `row` (a table or alias name) is held by a claim whose lease runs. */
const isHeld = (row: "delivery" | "held") =>
  sql.raw(
    `${row}.state = 'pending' and ${row}.lease is not null and ${row}.next_attempt_at > now()`,
  );

/** A delivery of the endpoint that a claim holds now. */
const heldFor = (workspaceId: SQL, endpointId: SQL) => sql`
  select 1 from delivery held
  where held.workspace_id = ${workspaceId} and held.endpoint_id = ${endpointId} and ${isHeld("held")}`;

/**
 * An earlier delivery still pending to the same endpoint, for the kinds whose deliveries go out
 * in order (ORDERED_KINDS): a later one waits for it.
 */
const waitingBefore = (
  workspaceId: SQL,
  endpointId: SQL,
  createdAt: SQL,
  id: SQL,
  select = sql`1`,
) => sql`
  select ${select} from delivery earlier
  where earlier.workspace_id = ${workspaceId} and earlier.endpoint_id = ${endpointId}
    and earlier.state = 'pending' and (earlier.created_at, earlier.id) < (${createdAt}, ${id})
    and exists (select 1 from webhook_endpoint ordered where ordered.id = ${endpointId}
      and ordered.kind in (${sql.join(
        ORDERED_KINDS.map((kind) => sql`${kind}`),
        sql`, `,
      )}))`;

/**
 * Of `endpointIds`, those no claim anywhere is attempting a delivery to: one attempt per endpoint
 * at a time holds across every process. Each endpoint's row is locked for the claim's
 * transaction (one another claim holds is skipped); then a new statement, which sees every claim
 * committed before the lock was had, checks that none of its deliveries is held.
 */
async function freeEndpoints(tx: Transaction, endpointIds: string[]): Promise<Set<string>> {
  if (!endpointIds.length) return new Set();
  const locked = await tx
    .select({ id: webhookEndpoint.id, workspaceId: webhookEndpoint.workspaceId })
    .from(webhookEndpoint)
    .where(inArray(webhookEndpoint.id, endpointIds))
    .for("no key update", { skipLocked: true });
  const free = new Set(locked.map((row) => row.id));
  if (!free.size) return free;
  const busy = await tx
    .selectDistinct({ endpointId: delivery.endpointId })
    .from(delivery)
    .where(
      and(
        or(
          ...locked.map((row) =>
            and(eq(delivery.workspaceId, row.workspaceId), eq(delivery.endpointId, row.id)),
          ),
        ),
        isHeld("delivery"),
      ),
    );
  for (const row of busy) free.delete(row.endpointId);
  return free;
}

/**
 * Claims due deliveries, at most one per endpoint and none for `busyEndpoints`, by pushing
 * their next attempt out by the lease: a worker that dies mid-attempt leaves the delivery to be
 * attempted again (the same webhook-id) when the lease ends. Reads the oldest due rows by index
 * and picks among them, so a claim costs the same however long the queue is.
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
}): Promise<Claimed[]> {
  if (limit <= 0) return [];
  const db = await getDb();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: delivery.id, endpointId: delivery.endpointId })
      .from(delivery)
      .where(
        and(
          eq(delivery.state, "pending"),
          lte(delivery.nextAttemptAt, sql`now() - ${`${overdueMs} milliseconds`}::interval`),
          only ? eq(delivery.id, only) : undefined,
          sql`not exists (${heldFor(sql`${delivery.workspaceId}`, sql`${delivery.endpointId}`)})`,
          sql`not exists (${waitingBefore(sql`${delivery.workspaceId}`, sql`${delivery.endpointId}`, sql`${delivery.createdAt}`, sql`${delivery.id}`)})`,
        ),
      )
      .orderBy(asc(delivery.nextAttemptAt), asc(delivery.id))
      .limit(limit * 4 + busyEndpoints.length)
      .for("update", { skipLocked: true });
    const taken = new Set(busyEndpoints);
    const candidates = due.filter((row) => !taken.has(row.endpointId) && taken.add(row.endpointId));
    const free = await freeEndpoints(
      tx,
      candidates.map((row) => row.endpointId),
    );
    const picked = candidates.filter((row) => free.has(row.endpointId)).slice(0, limit);
    if (!picked.length) return [];
    const ids = picked.map((row) => row.id);
    const claimed = await tx
      .update(delivery)
      .set({
        nextAttemptAt: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
        lease: sql`gen_random_uuid()`,
      })
      .from(webhookEndpoint)
      .where(and(inArray(delivery.id, ids), eq(webhookEndpoint.id, delivery.endpointId)))
      .returning({
        id: delivery.id,
        endpointId: delivery.endpointId,
        attempts: delivery.attempts,
        lease: sql<string>`${delivery.lease}`,
        workspaceId: delivery.workspaceId,
        eventId: delivery.eventId,
        endpoint: {
          id: webhookEndpoint.id,
          kind: webhookEndpoint.kind,
          urlEncrypted: webhookEndpoint.urlEncrypted,
          credentialsEncrypted: webhookEndpoint.credentialsEncrypted,
          settings: webhookEndpoint.settings,
          subscriberId: webhookEndpoint.subscriberId,
          secretEncrypted: webhookEndpoint.secretEncrypted,
          previousSecretEncrypted: webhookEndpoint.previousSecretEncrypted,
          previousSecretExpiresAt: webhookEndpoint.previousSecretExpiresAt,
          state: webhookEndpoint.state,
          workspaceId: webhookEndpoint.workspaceId,
        },
      });
    // Each attempt is in the log before its request leaves: if this process dies mid-send, the
    // log still shows the attempt the receiver may have seen.
    const attemptIds = new Map(claimed.map((row) => [row.id, uuidv7()]));
    await tx.insert(deliveryAttempt).values(
      claimed.map((row) => ({
        id: attemptIds.get(row.id)!,
        workspaceId: row.workspaceId,
        deliveryId: row.id,
        attemptedAt: sql`now()`,
      })),
    );
    const events = await tx
      .select({ id: outboxEvent.id, type: outboxEvent.type, data: outboxEvent.data })
      .from(outboxEvent)
      .where(
        inArray(outboxEvent.id, [
          // Test sends are recorded finished and never claimed: every claimed row has an event.
          ...new Set(claimed.flatMap((row) => (row.eventId ? [row.eventId] : []))),
        ]),
      );
    const byId = new Map(
      events.map((event) => [event.id, { type: event.type, data: event.data as EventData }]),
    );
    const prepared = await prepare(
      tx,
      claimed.map((row) => row.endpoint),
    );
    return claimed.map(({ eventId, ...row }) => ({
      ...row,
      attemptId: attemptIds.get(row.id)!,
      event: byId.get(eventId!)!,
      prepared: prepared(row.endpoint),
    }));
  });
}

/**
 * What a send needs besides the endpoint and the event: the workspace's component names (chat
 * messages name them; a subscriber's page view counts them), and a subscriber's page and reach.
 * A claim reads them for its whole batch at once, so a send reads nothing. `subscriber` is null
 * when the subscription has ended.
 */
export type Prepared = {
  names?: Map<string, string>;
  subscriber?: SubscriberReach | null;
};

async function prepare(
  tx: Executor,
  endpoints: { kind: EndpointKind; workspaceId: string; subscriberId?: string | null }[],
): Promise<(endpoint: (typeof endpoints)[number]) => Prepared> {
  const named = endpoints.filter((e) => e.kind !== "webhook" || e.subscriberId);
  const [names, reaches] = await Promise.all([
    componentNames(tx, [...new Set(named.map((e) => e.workspaceId))]),
    subscriberReaches(
      tx,
      endpoints.flatMap((e) => (e.subscriberId ? [e.subscriberId] : [])),
    ),
  ]);
  return (endpoint) => ({
    ...(named.includes(endpoint)
      ? { names: names.get(endpoint.workspaceId) ?? new Map<string, string>() }
      : {}),
    ...(endpoint.subscriberId ? { subscriber: reaches.get(endpoint.subscriberId) ?? null } : {}),
  });
}

/** What a worker asked to attempt one delivery gets: the claim, or why there is none. */
export type DeliveryClaim = { claimed: Claimed } | { done: true } | { dueAt: Date };

/**
 * Claims one delivery for an attempt (a second early, as clocks differ). A delivery that is
 * finished answers `done`; one not due yet, or held by another claim, answers when to ask again.
 */
export async function claimDelivery(id: string): Promise<DeliveryClaim> {
  const [claimed] = await claimDueDeliveries({ limit: 1, only: id, overdueMs: -1000 });
  if (claimed) return { claimed };
  const db = await getDb();
  const [row] = await db
    .select({
      state: delivery.state,
      nextAttemptAt: delivery.nextAttemptAt,
      // When the claim attempting another delivery to the same endpoint lets go, at the latest.
      endpointFreeAt: sql<string | null>`(select max(held.next_attempt_at) from delivery held
        where held.workspace_id = ${delivery.workspaceId}
          and held.endpoint_id = ${delivery.endpointId} and ${isHeld("held")})`,
      // For an ordered kind, when the earliest delivery it waits behind is next attempted.
      earlierDueAt: sql<string | null>`(select min(waiting.due) from (${waitingBefore(
        sql`${delivery.workspaceId}`,
        sql`${delivery.endpointId}`,
        sql`${delivery.createdAt}`,
        sql`${delivery.id}`,
        sql`earlier.next_attempt_at as due`,
      )}) as waiting)`,
    })
    .from(delivery)
    .where(eq(delivery.id, id));
  if (!row || row.state !== "pending") return { done: true };
  // Held by a claim right now (its lease ends at nextAttemptAt), not due yet, or its endpoint
  // busy with another delivery.
  const freeAt = Math.max(
    ...[row.endpointFreeAt, row.earlierDueAt].map((at) => (at ? new Date(at).getTime() : 0)),
  );
  return {
    dueAt: new Date(Math.max(row.nextAttemptAt.getTime(), freeAt, Date.now() + 1000)),
  };
}

/** A pending delivery, as the event that asks for its next attempt names it. */

/**
 * Pending deliveries due at least `overdueMs` ago, oldest first: those whose attempt nobody has
 * asked for yet (0), or whose run must have died (the sweep's minute).
 */
export async function dueDeliveries({
  overdueMs,
  limit,
}: {
  overdueMs: number;
  limit: number;
}): Promise<DueDelivery[]> {
  const db = await getDb();
  return db
    .select({
      id: delivery.id,
      endpointId: delivery.endpointId,
      attempts: delivery.attempts,
      nextAttemptAt: delivery.nextAttemptAt,
    })
    .from(delivery)
    .where(
      and(
        eq(delivery.state, "pending"),
        lte(delivery.nextAttemptAt, sql`now() - ${`${overdueMs} milliseconds`}::interval`),
      ),
    )
    .orderBy(asc(delivery.nextAttemptAt), asc(delivery.id))
    .limit(limit);
}

/** Where an endpoint's encrypted URL or secret is stored: the value decrypts only there. */
export function endpointSecretBinding(
  endpointId: string,
  part: "url" | "credentials" | "secret" | "previous_secret",
): string {
  return `webhook_endpoint.${part}:${endpointId}`;
}

/**
 * Sends one request for an endpoint, exactly as deliveries and test sends do. A URL or secret
 * that can no longer be decrypted is a final failure: retrying would never succeed.
 */
export async function sendToEndpoint(
  endpoint: {
    id: string;
    kind: EndpointKind;
    urlEncrypted: string | null;
    credentialsEncrypted: string | null;
    settings: Record<string, unknown>;
    /** Set when the endpoint is a visitor's chat or webhook subscription. */
    subscriberId?: string | null;
    secretEncrypted: string | null;
    previousSecretEncrypted: string | null;
    previousSecretExpiresAt: Date | null;
    workspaceId: string;
  },
  webhookId: string,
  event: OutgoingEvent,
  prepared?: Prepared,
): Promise<PostResult> {
  let target: Target;
  let secrets: string[];
  // After a rotation, the replaced secret keeps signing beside the new one for a while.
  const previous =
    endpoint.previousSecretEncrypted &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt.getTime() > Date.now()
      ? endpoint.previousSecretEncrypted
      : null;
  const decrypt = (value: string | null, part: Parameters<typeof endpointSecretBinding>[1]) =>
    value ? decryptSecret(value, endpointSecretBinding(endpoint.id, part)) : null;
  try {
    const [url, credentials, current, old] = await Promise.all([
      decrypt(endpoint.urlEncrypted, "url"),
      decrypt(endpoint.credentialsEncrypted, "credentials"),
      decrypt(endpoint.secretEncrypted, "secret"),
      decrypt(previous, "previous_secret"),
    ]);
    target = {
      url,
      credentials: credentials ? (JSON.parse(credentials) as Credentials) : null,
      settings: endpoint.settings as EndpointSettings,
    };
    secrets = [current, old].filter((secret): secret is string => secret !== null);
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    return {
      kind: "error",
      error: `${error.message} Delete the endpoint and add it again.`,
      latencyMs: 0,
      refused: true,
    };
  }
  const { names = new Map<string, string>(), subscriber } =
    prepared ?? (await prepare(await getDb(), [endpoint]))(endpoint);
  // A visitor's subscription hears the event as their page tells it, with a link to stop.
  let stopUrl: string | undefined;
  if (endpoint.subscriberId) {
    if (!subscriber) {
      return { kind: "error", error: "The subscription has ended.", latencyMs: 0, refused: true };
    }
    event = onSubscriberPage(event, subscriber.reach, names.size);
    stopUrl = await stopLink(subscriber, endpoint.subscriberId);
  }
  const { url, ...request } = buildRequest(endpoint.kind, {
    webhookId,
    target,
    secrets,
    event,
    componentNames: names,
    stopUrl,
  });
  return postOutgoing(url, { ...request, timeoutMs: ANSWER_DEADLINE_MS });
}

/** What one attempt came to, ready to be recorded. */
export type AttemptRecord = {
  claimed: Claimed;
  attemptedAt: Date;
  latencyMs: number;
  outcome: Outcome;
  result: Outcome["result"];
  attempts: number;
  nextAttemptAt: Date | null;
};

/** Sends one attempt and classifies the answer, writing nothing yet. */
export async function sendAttempt(claimed: Claimed): Promise<AttemptRecord> {
  const attemptedAt = new Date();
  const sent = await sendToEndpoint(claimed.endpoint, claimed.id, claimed.event, claimed.prepared);
  const outcome = classify(sent);
  const attempts = claimed.attempts + 1;
  const delay = outcome.result === "retry" ? retryDelayMs(attempts) : null;
  const retrying = delay !== null;
  return {
    claimed,
    attemptedAt,
    latencyMs: sent.latencyMs,
    outcome,
    // Out of retries, a retryable answer is a failure.
    result: outcome.result === "retry" && !retrying ? "fail" : outcome.result,
    attempts,
    nextAttemptAt: retrying ? new Date(Date.now() + (outcome.retryAfterMs ?? delay)) : null,
  };
}

/**
 * Records attempts in one transaction: each attempt's outcome, each delivery's next step, and the state
 * of endpoints that recovered or failed. A delivery counts as done only once this commits; if
 * the process dies first, its lease ends and it is sent again under the same webhook-id.
 */
export async function recordAttempts(records: AttemptRecord[]): Promise<void> {
  if (!records.length) return;
  const db = await getDb();
  // Each batch travels as one JSON parameter: the statements' text never changes, so they stay
  // cheap to build and to parse however many attempts a batch holds.
  const rows = JSON.stringify(
    records.map((r) => ({
      attempt_id: r.claimed.attemptId,
      delivery_id: r.claimed.id,
      workspace_id: r.claimed.workspaceId,
      attempted_at: r.attemptedAt.toISOString(),
      status_code: r.outcome.status,
      latency_ms: r.latencyMs,
      error: r.outcome.error,
      next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
      attempts: r.attempts,
      state: r.result === "retry" ? "pending" : r.result === "success" ? "succeeded" : "failed",
      lease: r.claimed.lease,
    })),
  );
  const columns = sql`attempt_id uuid, delivery_id uuid, workspace_id uuid, attempted_at timestamptz,
    status_code int, latency_ms int, error text, next_attempt_at timestamptz, attempts int, state delivery_state, lease uuid`;
  const ended = await db.transaction(async (tx) => {
    const current = await tx
      .select({ id: delivery.id, lease: delivery.lease, state: delivery.state })
      .from(delivery)
      .where(
        inArray(
          delivery.id,
          records.map((r) => r.claimed.id),
        ),
      )
      .for("update");
    const held = new Set(
      current
        .filter((row) => row.state === "pending" && row.lease !== null)
        .filter((row) =>
          records.some((r) => r.claimed.id === row.id && r.claimed.lease === row.lease),
        )
        .map((row) => row.id),
    );
    await tx.execute(sql`
      update delivery_attempt set status_code = done.status_code, latency_ms = done.latency_ms,
        error = done.error, next_attempt_at = done.next_attempt_at, completed_at = now()
      from json_to_recordset(${rows}::json) as done(${columns})
      where delivery_attempt.id = done.attempt_id`);
    // A worker whose lease ran out (another claimed the delivery since) records its attempt in
    // the log, but the delivery's state is the newer claim's to set.
    await tx.execute(sql`
      update delivery set
        attempts = done.attempts,
        state = done.state,
        next_attempt_at = coalesce(done.next_attempt_at, done.attempted_at),
        completed_at = case when done.state = 'pending' then null else now() end,
        lease = null
      from json_to_recordset(${rows}::json) as done(${columns})
      where delivery.id = done.delivery_id and delivery.state = 'pending'
        and delivery.lease = done.lease`);
    // An endpoint's state changes only on a success after failures, or on a failure, and only
    // by a claim that still held its delivery.
    const recovered = records.filter(
      (r) =>
        held.has(r.claimed.id) && r.result === "success" && r.claimed.endpoint.state === "failing",
    );
    const failed = records.filter((r) => held.has(r.claimed.id) && r.result === "fail");
    if (recovered.length) {
      await tx
        .update(webhookEndpoint)
        .set({ state: "active", failingSince: null })
        .where(
          inArray(
            webhookEndpoint.id,
            recovered.map((r) => r.claimed.endpointId),
          ),
        );
    }
    if (failed.length) {
      await tx
        .update(webhookEndpoint)
        .set({
          state: "failing",
          failingSince: sql`coalesce(${webhookEndpoint.failingSince}, now())`,
        })
        .where(
          inArray(
            webhookEndpoint.id,
            failed.map((r) => r.claimed.endpointId),
          ),
        );
    }
    return endFailedChannels(
      tx,
      failed.filter((r) => r.claimed.endpoint.subscriberId).map((r) => r.claimed.endpointId),
    );
  });
  if (ended) announceEmail();
}

/** One attempt, sent and recorded: what a single worker step does. */
export async function attemptDelivery(
  claimed: Claimed,
): Promise<Outcome & { nextAttemptAt: Date | null }> {
  const record = await sendAttempt(claimed);
  await recordAttempts([record]);
  return { ...record.outcome, result: record.result, nextAttemptAt: record.nextAttemptAt };
}
