import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import type { Actor } from "@/lib/auth/session";
import { assertComponentsExist } from "@/lib/components/exist";
import {
  confirmationUrl,
  queueAlreadySubscribed,
  queueConfirmation,
  sealLink,
  type SealedLink,
} from "@/lib/email/queue";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { groupBy } from "@/lib/group-by";
import { announceEmail } from "@/lib/jobs/engine";
import type { CreateSubscriberInput, Subscriber } from "./schemas";
import { hashToken } from "@/lib/crypto/tokens";
import { newConfirmationToken, readSubscriberLinkToken } from "./tokens";

const { subscriber, subscriberComponent, subscriptionRequest, component } = schema;

/** At most one confirmation (or "already subscribed") mail per address in this long. */
export const CONFIRMATION_INTERVAL_MS = 15 * 60_000;

const columns = {
  id: subscriber.id,
  email: subscriber.email,
  state: subscriber.state,
  createdAt: subscriber.createdAt,
};

async function followsOf(tx: Executor, workspaceId: string, subscriberIds?: string[]) {
  const rows = await tx
    .select({
      subscriberId: subscriberComponent.subscriberId,
      componentId: subscriberComponent.componentId,
    })
    .from(subscriberComponent)
    .where(
      and(
        eq(subscriberComponent.workspaceId, workspaceId),
        subscriberIds ? inArray(subscriberComponent.subscriberId, subscriberIds) : undefined,
      ),
    );
  return groupBy(
    rows,
    (row) => row.subscriberId,
    (row) => row.componentId,
  );
}

async function setFollows(
  tx: Executor,
  workspaceId: string,
  subscriberId: string,
  componentIds: readonly string[],
) {
  await tx.delete(subscriberComponent).where(eq(subscriberComponent.subscriberId, subscriberId));
  if (componentIds.length) {
    await tx.insert(subscriberComponent).values(
      [...new Set(componentIds)].map((componentId) => ({
        workspaceId,
        subscriberId,
        componentId,
      })),
    );
  }
}

/** The ids that still name components of the workspace (a form may be older than a delete). */
async function existingComponents(tx: Executor, workspaceId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: component.id })
    .from(component)
    .where(and(eq(component.workspaceId, workspaceId), inArray(component.id, [...ids])));
  return rows.map((row) => row.id);
}

export async function listSubscribers({ ctx }: { ctx: Actor }): Promise<Subscriber[]> {
  const db = await getDb();
  const [rows, follows] = await Promise.all([
    db
      .select(columns)
      .from(subscriber)
      .where(eq(subscriber.workspaceId, ctx.workspaceId))
      .orderBy(asc(subscriber.createdAt), asc(subscriber.id)),
    followsOf(db, ctx.workspaceId),
  ]);
  return rows.map((row) => ({ ...row, componentIds: follows.get(row.id) ?? [] }));
}

/**
 * Adds a subscriber by hand: pending until they confirm from the mail sent now, as anyone who
 * subscribes on the status page is.
 */
export async function addSubscriber({
  ctx,
  input,
}: {
  ctx: Actor;
  input: CreateSubscriberInput;
}): Promise<Subscriber> {
  const db = await getDb();
  const componentIds = [...new Set(input.componentIds ?? [])];
  const confirmation = newConfirmationToken();
  const mail = await sealLink(confirmationUrl(confirmation.token));
  try {
    const created = await db.transaction(async (tx) => {
      await assertComponentsExist(tx, ctx.workspaceId, componentIds, (i) => `componentIds.${i}`);
      const [row] = await tx
        .insert(subscriber)
        .values({
          workspaceId: ctx.workspaceId,
          email: input.email,
          confirmTokenHash: confirmation.hash,
          confirmTokenExpiresAt: confirmation.expiresAt,
          lastConfirmationAt: new Date(),
        })
        .returning(columns);
      await setFollows(tx, ctx.workspaceId, row!.id, componentIds);
      await queueConfirmation(
        tx,
        { workspaceId: ctx.workspaceId, subscriberId: row!.id, email: row!.email },
        mail,
      );
      return { ...row!, componentIds };
    });
    announceEmail();
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConflictError(
        "already_subscribed",
        `${input.email} is already a subscriber; delete it first to start again.`,
      );
    }
    throw error;
  }
}

/** Removes a subscriber and what was still queued for them; the address may subscribe again. */
export async function deleteSubscriber({ ctx, id }: { ctx: Actor; id: string }): Promise<void> {
  const db = await getDb();
  const deleted = await db
    .delete(subscriber)
    .where(and(eq(subscriber.id, id), eq(subscriber.workspaceId, ctx.workspaceId)))
    .returning({ id: subscriber.id });
  if (!deleted.length) throw new NotFoundError("subscriber");
}

/**
 * A visitor asked to subscribe. All this does is write the request, the same for every address,
 * so neither the answer nor its timing tells whether the address is known; the background
 * decides what it calls for (processSubscriptionRequests).
 */
export async function requestSubscription(input: {
  workspaceId: string;
  email: string;
  componentIds: string[];
}): Promise<void> {
  const db = await getDb();
  await db.insert(subscriptionRequest).values(input);
  announceEmail();
}

/**
 * What a request calls for, by the address's state: a new address becomes a pending subscriber
 * and gets a confirmation; a pending or bounced one gets a fresh confirmation (the older link
 * stops working); an active one is told it is already subscribed. Each address gets at most one
 * such mail per CONFIRMATION_INTERVAL_MS; requests beyond that change nothing.
 */
async function handleRequest(
  tx: Executor,
  request: typeof subscriptionRequest.$inferSelect,
  confirmation: ReturnType<typeof newConfirmationToken>,
  mail: SealedLink,
): Promise<void> {
  const componentIds = await existingComponents(tx, request.workspaceId, request.componentIds);
  const [existing] = await tx
    .select()
    .from(subscriber)
    .where(
      and(eq(subscriber.workspaceId, request.workspaceId), eq(subscriber.email, request.email)),
    )
    .for("update");
  const now = Date.now();
  if (
    existing?.lastConfirmationAt &&
    now - existing.lastConfirmationAt.getTime() < CONFIRMATION_INTERVAL_MS
  ) {
    return;
  }
  if (existing?.state === "active") {
    await tx
      .update(subscriber)
      .set({ lastConfirmationAt: new Date(now) })
      .where(eq(subscriber.id, existing.id));
    await queueAlreadySubscribed(tx, { ...existing, subscriberId: existing.id });
    return;
  }
  const fields = {
    state: "pending_confirmation" as const,
    confirmTokenHash: confirmation.hash,
    confirmTokenExpiresAt: confirmation.expiresAt,
    lastConfirmationAt: new Date(now),
    bouncedAt: null,
  };
  const [row] = existing
    ? await tx
        .update(subscriber)
        .set(fields)
        .where(eq(subscriber.id, existing.id))
        .returning({ id: subscriber.id })
    : await tx
        .insert(subscriber)
        .values({ workspaceId: request.workspaceId, email: request.email, ...fields })
        .returning({ id: subscriber.id });
  await setFollows(tx, request.workspaceId, row!.id, componentIds);
  await queueConfirmation(
    tx,
    { workspaceId: request.workspaceId, subscriberId: row!.id, email: request.email },
    mail,
  );
}

/** Handles waiting subscription requests, each in its own transaction; answers how many. */
export async function processSubscriptionRequests(limit = 100): Promise<number> {
  const db = await getDb();
  let handled = 0;
  for (; handled < limit; handled++) {
    if (!(await subscriptionRequestsWaiting())) break;
    // Made ready before the transaction, in case the request calls for a confirmation.
    const confirmation = newConfirmationToken();
    const mail = await sealLink(confirmationUrl(confirmation.token));
    const done = await db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(subscriptionRequest)
        .orderBy(asc(subscriptionRequest.createdAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!request) return false;
      await handleRequest(tx, request, confirmation, mail);
      await tx.delete(subscriptionRequest).where(eq(subscriptionRequest.id, request.id));
      return true;
    });
    if (!done) break;
  }
  return handled;
}

/** Whether requests wait (the Inngest sweep's question). */
export async function subscriptionRequestsWaiting(): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ id: subscriptionRequest.id }).from(subscriptionRequest).limit(1);
  return Boolean(row);
}

export type ConfirmResult =
  | { result: "confirmed"; subscriberId: string; workspaceId: string }
  | { result: "expired" }
  | { result: "invalid" };

/** What a confirmation link would do, without using it (the page a GET shows). */
export async function confirmationState(token: string): Promise<ConfirmResult["result"]> {
  const db = await getDb();
  const [found] = await db
    .select({ state: subscriber.state, expiresAt: subscriber.confirmTokenExpiresAt })
    .from(subscriber)
    .where(eq(subscriber.confirmTokenHash, hashToken(token)));
  if (!found || found.state !== "pending_confirmation") return "invalid";
  if (!found.expiresAt || found.expiresAt.getTime() <= Date.now()) return "expired";
  return "confirmed";
}

/**
 * Confirms the subscription a confirmation token names. The token works once: confirming clears
 * it, so a second use, like a made-up token, is `invalid`.
 */
export async function confirmSubscription(token: string): Promise<ConfirmResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(subscriber)
      .where(eq(subscriber.confirmTokenHash, hashToken(token)))
      .for("update");
    if (!found || found.state !== "pending_confirmation") return { result: "invalid" as const };
    if (!found.confirmTokenExpiresAt || found.confirmTokenExpiresAt.getTime() <= Date.now()) {
      return { result: "expired" as const };
    }
    await tx
      .update(subscriber)
      .set({
        state: "active",
        confirmedAt: new Date(),
        confirmTokenHash: null,
        confirmTokenExpiresAt: null,
      })
      .where(eq(subscriber.id, found.id));
    return { result: "confirmed" as const, subscriberId: found.id, workspaceId: found.workspaceId };
  });
}

export type LinkedSubscription = {
  id: string;
  workspaceId: string;
  email: string;
  state: Subscriber["state"];
  componentIds: string[];
};

/** The subscription an unsubscribe or manage link names, while it exists. */
export async function subscriptionByLink(token: string): Promise<LinkedSubscription | null> {
  const id = await readSubscriberLinkToken(token);
  if (!id) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: subscriber.id,
      workspaceId: subscriber.workspaceId,
      email: subscriber.email,
      state: subscriber.state,
    })
    .from(subscriber)
    .where(eq(subscriber.id, id));
  if (!row) return null;
  const follows = await followsOf(db, row.workspaceId, [row.id]);
  return { ...row, componentIds: follows.get(row.id) ?? [] };
}

/** Ends the subscription a link names; a repeat (or an unknown link) changes nothing. */
export async function unsubscribeByLink(token: string): Promise<boolean> {
  const id = await readSubscriberLinkToken(token);
  if (!id) return false;
  const db = await getDb();
  const deleted = await db
    .delete(subscriber)
    .where(eq(subscriber.id, id))
    .returning({ id: subscriber.id });
  return deleted.length > 0;
}

/**
 * Sets the components a subscriber follows (none = everything). Ids that are not components of
 * the workspace, e.g. removed since the page was shown, are left out.
 */
export async function changeFollowedByLink(
  token: string,
  componentIds: string[],
): Promise<LinkedSubscription | null> {
  const found = await subscriptionByLink(token);
  if (!found) return null;
  const db = await getDb();
  const kept = await db.transaction(async (tx) => {
    const ids = await existingComponents(tx, found.workspaceId, componentIds);
    await setFollows(tx, found.workspaceId, found.id, ids);
    return ids;
  });
  return { ...found, componentIds: kept };
}
