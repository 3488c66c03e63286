import { z } from "zod";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import type { Locale } from "@/lib/i18n/locales";
import type { Actor } from "@/lib/contract/actor";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { assertComponentsExist } from "@/lib/components/exist";
import {
  confirmationUrl,
  queueAlreadySubscribed,
  queueConfirmation,
  sealLink,
  type SealedLink,
} from "@/lib/email/queue";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/errors";
import { pageLinkColumns } from "@/lib/pages/url";
import { firstPageId, readersReach } from "@/lib/outbox/page-readers";
import { groupBy } from "@/lib/group-by";
import { announceEmail } from "@/lib/jobs/engine";
import { countHit } from "@/lib/limits/throttle";
import type { ChannelTarget } from "@/db/schema/email";
import type { CreateSubscriberInput, Subscriber, SubscriberChannel } from "./schemas";
import { hashToken } from "@/lib/crypto/tokens";
import { secretsReady } from "@/lib/crypto/secrets";
import { MAILBOX_LIMIT, mailboxKey } from "./mailbox";
import {
  CONFIRMATION_LIFETIME_MS,
  newConfirmationToken,
  readSubscriberLinkToken,
} from "@/lib/crypto/subscriber-links";

const { subscriber, subscriberComponent, subscriptionRequest, subscriptionConfirmation } = schema;

/** At most one confirmation (or "already subscribed") mail per address in this long. */
export const CONFIRMATION_INTERVAL_MS = 15 * 60_000;

/** How often one process looks for subscriptions left unconfirmed (see expirePendingSubscriptions). */
const EXPIRY_SWEEP_INTERVAL_MS = 60 * 60_000;

type Confirmation = ReturnType<typeof newConfirmationToken>;

/**
 * Writes a link to confirm `componentIds` for a subscriber and queues the mail that carries it.
 * The link is a row of its own, so it changes nothing about the subscription until it is used.
 */
async function offerConfirmation(
  tx: Executor,
  to: { workspaceId: string; subscriberId: string; email: string },
  componentIds: readonly string[],
  confirmation: Confirmation,
  mail: SealedLink,
  target: ChannelTarget | null = null,
): Promise<void> {
  await queueConfirmation(tx, to, mail);
  await tx.insert(subscriptionConfirmation).values({
    workspaceId: to.workspaceId,
    subscriberId: to.subscriberId,
    tokenHash: confirmation.hash,
    componentIds: [...new Set(componentIds)],
    target,
    emailMessageId: mail.id,
    expiresAt: confirmation.expiresAt,
  });
}

const columns = {
  id: subscriber.id,
  pageId: subscriber.pageId,
  email: subscriber.email,
  channel: subscriber.channel,
  state: subscriber.state,
  locale: subscriber.locale,
  postmortems: subscriber.postmortems,
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

/**
 * Of the components asked for, those the subscriber's page shows them now (a form may be older
 * than a change to the page or its audiences; none asked for = all of them). Null when nothing
 * asked for can be followed: the address may not read the page, or every component it chose has
 * gone from what the page shows them (which is not widened to "everything").
 */
async function followable(
  tx: Executor,
  to: { pageId: string; email: string; channel?: SubscriberChannel },
  ids: readonly string[],
): Promise<string[] | null> {
  const reach = (await readersReach(tx, [{ key: "", pageId: to.pageId, email: to.email }])).get("");
  if (!reach?.reads) return null;
  // A chat channel or webhook is read by whoever is in it: only an open page's news goes there.
  if (to.channel && to.channel !== "email" && !reach.open) return null;
  const kept = [...new Set(ids)].filter((id) => reach.visible.has(id));
  return ids.length && !kept.length ? null : kept;
}

export async function listSubscribers({
  ctx,
  pageId,
}: {
  ctx: Actor;
  /** Only the subscribers of this page. */
  pageId?: string;
}): Promise<Subscriber[]> {
  const db = await getDb();
  const [rows, follows] = await Promise.all([
    db
      .select(columns)
      .from(subscriber)
      .where(
        and(
          eq(subscriber.workspaceId, ctx.workspaceId),
          pageId ? eq(subscriber.pageId, pageId) : undefined,
        ),
      )
      .orderBy(asc(subscriber.createdAt), asc(subscriber.id)),
    followsOf(db, ctx.workspaceId),
  ]);
  return rows.map((row) => ({ ...row, componentIds: follows.get(row.id) ?? [] }));
}

/**
 * The page a subscription is for (the first page when none is named), and what it would show
 * the address: the components it may follow. An address an audience page shows nothing is no
 * reader of it, and may not subscribe there.
 */
async function pageToFollow(
  tx: Executor,
  workspaceId: string,
  pageId: string | undefined,
  email: string,
) {
  const id = pageId ?? (await firstPageId(tx, workspaceId));
  const reach = id && (await readersReach(tx, [{ key: "", pageId: id, email }])).get("");
  if (!reach || reach.page.workspaceId !== workspaceId) {
    throw new ValidationError([{ field: "pageId", message: "No such page." }]);
  }
  return reach;
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
  const reach = await pageToFollow(db, ctx.workspaceId, input.pageId, input.email);
  const mail = await sealLink(confirmationUrl(reach.page, confirmation.token));
  try {
    const created = await db.transaction(async (tx) => {
      await assertComponentsExist(tx, ctx.workspaceId, componentIds, (i) => `componentIds.${i}`);
      await assertOnPage(tx, ctx.workspaceId, reach.page.id, input, componentIds);
      const [page] = await tx
        .select({ defaultLocale: schema.workspace.defaultLocale })
        .from(schema.workspace)
        .where(eq(schema.workspace.id, ctx.workspaceId));
      const [row] = await tx
        .insert(subscriber)
        .values({
          workspaceId: ctx.workspaceId,
          pageId: reach.page.id,
          email: input.email,
          lastConfirmationAt: new Date(),
          locale: input.locale ?? page?.defaultLocale ?? "en",
          postmortems: input.postmortems ?? false,
        })
        .returning(columns);
      await setFollows(tx, ctx.workspaceId, row!.id, componentIds);
      await offerConfirmation(
        tx,
        { workspaceId: ctx.workspaceId, subscriberId: row!.id, email: row!.email },
        componentIds,
        confirmation,
        mail,
      );
      await recordAudit(
        tx,
        ctx,
        "subscriber.create",
        { type: "subscriber", id: row!.id, name: row!.email },
        changesBetween(null, { email: row!.email, componentIds }),
      );
      return { ...row!, componentIds };
    });
    announceEmail();
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConflictError(
        "already_subscribed",
        `${input.email} is already a subscriber of this page; delete it first to start again.`,
      );
    }
    throw error;
  }
}

/**
 * Refuses what the page would not show the address, read in the transaction that writes the
 * subscriber: an address outside every audience, or a component the page does not show them.
 */
async function assertOnPage(
  tx: Executor,
  workspaceId: string,
  pageId: string,
  input: { email: string },
  componentIds: readonly string[],
): Promise<void> {
  const reach = await pageToFollow(tx, workspaceId, pageId, input.email);
  if (!reach.reads) {
    throw new ValidationError([
      { field: "email", message: "This address is in none of the page's audiences." },
    ]);
  }
  const off = componentIds.flatMap((id, index) =>
    reach.visible.has(id)
      ? []
      : [{ field: `componentIds.${index}`, message: "The page does not show this component." }],
  );
  if (off.length) throw new ValidationError(off);
}

/** Removes a subscriber and what was still queued for them; the address may subscribe again. */
export async function deleteSubscriber({ ctx, id }: { ctx: Actor; id: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(subscriber)
      .where(and(eq(subscriber.id, id), eq(subscriber.workspaceId, ctx.workspaceId)))
      .returning({ email: subscriber.email });
    if (!deleted) throw new NotFoundError("subscriber");
    await recordAudit(tx, ctx, "subscriber.delete", {
      type: "subscriber",
      id,
      name: deleted.email,
    });
  });
}

/**
 * A visitor asked to subscribe. All this does is write the request, the same for every address,
 * so neither the answer nor its timing tells whether the address is known; the background
 * decides what it calls for (processSubscriptionRequests).
 */
export async function requestSubscription(input: {
  workspaceId: string;
  /** The page whose form it was. */
  pageId: string;
  email: string;
  /** Email, or a chat or webhook channel with where it sends (sealed for its endpoint). */
  channel?: SubscriberChannel;
  target?: ChannelTarget | null;
  componentIds: string[];
  /** The language the visitor subscribed in: their mail is written in it. */
  locale: Locale;
}): Promise<void> {
  const db = await getDb();
  await db.insert(subscriptionRequest).values(input);
  announceEmail();
}

/**
 * What a request calls for, by the address's state: a new address becomes a pending subscriber
 * and gets a confirmation; a pending or bounced one gets a confirmation of its own, and keeps its
 * state, its choices and its earlier link until the new link is used; an active one is told it
 * is already subscribed. Each address gets at most one such mail per CONFIRMATION_INTERVAL_MS,
 * and each mailbox (however its address is written) CONFIRMATIONS_PER_MAILBOX_A_DAY; requests
 * beyond that change nothing.
 */
async function handleRequest(
  tx: Executor,
  request: typeof subscriptionRequest.$inferSelect,
  confirmation: Confirmation,
  mail: SealedLink,
): Promise<void> {
  const componentIds = await followable(tx, request, request.componentIds);
  // Nothing asked for can be followed (the address left the page's audiences, or what it chose
  // is gone): nothing is sent.
  if (!componentIds) return;
  const [existing] = await tx
    .select()
    .from(subscriber)
    .where(
      and(
        eq(subscriber.workspaceId, request.workspaceId),
        eq(subscriber.pageId, request.pageId),
        eq(subscriber.channel, request.channel),
        eq(subscriber.email, request.email),
      ),
    )
    .for("update");
  const now = new Date();
  if (
    existing?.lastConfirmationAt &&
    now.getTime() - existing.lastConfirmationAt.getTime() < CONFIRMATION_INTERVAL_MS
  ) {
    return;
  }
  // Counted only for mail about to be queued, so requests dropped above cost the mailbox nothing.
  if ((await countHit(mailboxKey(request.email), MAILBOX_LIMIT, tx)).over) return;
  if (existing?.state === "active") {
    await tx
      .update(subscriber)
      .set({ lastConfirmationAt: now })
      .where(eq(subscriber.id, existing.id));
    await queueAlreadySubscribed(tx, { ...existing, subscriberId: existing.id });
    return;
  }
  let subscriberId = existing?.id;
  // A subscription not yet confirmed takes the language of the latest request; a bounced one
  // keeps its own until the new link is used.
  if (existing) {
    await tx
      .update(subscriber)
      .set({
        lastConfirmationAt: now,
        ...(existing.state === "pending_confirmation" ? { locale: request.locale } : {}),
      })
      .where(eq(subscriber.id, existing.id));
  } else {
    const [row] = await tx
      .insert(subscriber)
      .values({
        workspaceId: request.workspaceId,
        pageId: request.pageId,
        email: request.email,
        channel: request.channel,
        lastConfirmationAt: now,
        locale: request.locale,
      })
      .returning({ id: subscriber.id });
    subscriberId = row!.id;
    await setFollows(tx, request.workspaceId, subscriberId, componentIds);
  }
  await offerConfirmation(
    tx,
    { workspaceId: request.workspaceId, subscriberId: subscriberId!, email: request.email },
    componentIds,
    confirmation,
    mail,
    request.target,
  );
}

const sweepStore = globalThis as typeof globalThis & { __allclearPendingSweptAt?: number };

/**
 * Handles waiting subscription requests, each in its own transaction; answers how many. Both
 * engines run it whenever mail work runs, so it also ends, once an hour per process, the
 * subscriptions left unconfirmed.
 */
export async function processSubscriptionRequests(limit = 100): Promise<number> {
  if (Date.now() - (sweepStore.__allclearPendingSweptAt ?? 0) >= EXPIRY_SWEEP_INTERVAL_MS) {
    sweepStore.__allclearPendingSweptAt = Date.now();
    await expirePendingSubscriptions();
  }
  const db = await getDb();
  let handled = 0;
  // The key is ready before the first transaction, so sealing a link inside one reads nothing.
  await secretsReady();
  for (; handled < limit; handled++) {
    const confirmation = newConfirmationToken();
    const done = await db.transaction(async (tx) => {
      const [next] = await tx
        .select({ request: subscriptionRequest, page: pageLinkColumns })
        .from(subscriptionRequest)
        .innerJoin(schema.statusPage, eq(schema.statusPage.id, subscriptionRequest.pageId))
        .orderBy(asc(subscriptionRequest.createdAt))
        .limit(1)
        .for("update", { of: subscriptionRequest, skipLocked: true });
      if (!next) return false;
      // The link names the page's address as it is now, in case the request calls for one.
      const mail = await sealLink(confirmationUrl(next.page, confirmation.token));
      await handleRequest(tx, next.request, confirmation, mail);
      await tx.delete(subscriptionRequest).where(eq(subscriptionRequest.id, next.request.id));
      return true;
    });
    if (!done) break;
  }
  return handled;
}

/**
 * Deletes the links that have expired, and the subscriptions still pending once their last
 * confirmation mail is older than a link lives (7 days): nobody confirmed, and an address
 * someone else typed should not stay on the list. Bounced addresses stay, so nothing more goes
 * to them. Answers how many subscriptions ended.
 */
export async function expirePendingSubscriptions(): Promise<number> {
  const db = await getDb();
  await db
    .delete(subscriptionConfirmation)
    .where(lte(subscriptionConfirmation.expiresAt, sql`now()`));
  const ended = await db
    .delete(subscriber)
    .where(
      and(
        eq(subscriber.state, "pending_confirmation"),
        sql`coalesce(${subscriber.lastConfirmationAt}, ${subscriber.createdAt}) <
          now() - ${`${CONFIRMATION_LIFETIME_MS} milliseconds`}::interval`,
      ),
    )
    .returning({ id: subscriber.id });
  return ended.length;
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

/**
 * What a confirmation link would do at a page's address, without using it (the page a GET
 * shows): a link works at the address of the page it was mailed for only.
 */
export async function confirmationState(
  token: string,
  pageId: string,
): Promise<ConfirmResult["result"]> {
  const db = await getDb();
  const [found] = await db
    .select({
      state: subscriber.state,
      pageId: subscriber.pageId,
      expiresAt: subscriptionConfirmation.expiresAt,
    })
    .from(subscriptionConfirmation)
    .innerJoin(subscriber, eq(subscriber.id, subscriptionConfirmation.subscriberId))
    .where(eq(subscriptionConfirmation.tokenHash, hashToken(token)));
  if (!found || found.state === "active" || found.pageId !== pageId) return "invalid";
  if (found.expiresAt.getTime() <= Date.now()) return "expired";
  return "confirmed";
}

/**
 * Confirms the subscription a confirmation token names, with the choices of the request that
 * link was mailed for; a bounced address is subscribed again this way only. Confirming ends
 * every link of the subscription, so a second use, like a made-up token, is `invalid`.
 */
export async function confirmSubscription(token: string, pageId: string): Promise<ConfirmResult> {
  const db = await getDb();
  const hash = hashToken(token);
  return db.transaction(async (tx) => {
    const [named] = await tx
      .select({ subscriberId: subscriptionConfirmation.subscriberId })
      .from(subscriptionConfirmation)
      .where(eq(subscriptionConfirmation.tokenHash, hash));
    if (!named) return { result: "invalid" as const };
    // The subscriber is locked before its links, the order a bounce takes them in too.
    const [found] = await tx
      .select()
      .from(subscriber)
      .where(eq(subscriber.id, named.subscriberId))
      .for("update");
    const [link] = await tx
      .select()
      .from(subscriptionConfirmation)
      .where(eq(subscriptionConfirmation.tokenHash, hash))
      .for("update");
    if (!found || !link || found.state === "active" || found.pageId !== pageId) {
      return { result: "invalid" as const };
    }
    if (link.expiresAt.getTime() <= Date.now()) return { result: "expired" as const };
    const componentIds = await followable(tx, found, link.componentIds);
    if (!componentIds) return { result: "invalid" as const };
    if (found.channel !== "email" && !link.target) return { result: "invalid" as const };
    await tx
      .update(subscriber)
      .set({ state: "active", confirmedAt: new Date(), bouncedAt: null })
      .where(eq(subscriber.id, found.id));
    await setFollows(tx, found.workspaceId, found.id, componentIds);
    if (link.target) await openChannel(tx, found, link.target);
    await tx
      .delete(subscriptionConfirmation)
      .where(eq(subscriptionConfirmation.subscriberId, found.id));
    return { result: "confirmed" as const, subscriberId: found.id, workspaceId: found.workspaceId };
  });
}

/**
 * A confirmed chat or webhook subscription's endpoint: it goes through the delivery engine like
 * the team's, but is the subscriber's (hidden from the team's list, deleted with them). A
 * subscription confirmed again sends where its newest confirmed request said.
 */
async function openChannel(
  tx: Executor,
  found: { id: string; workspaceId: string; email: string; channel: SubscriberChannel },
  target: ChannelTarget,
): Promise<void> {
  const { webhookEndpoint } = schema;
  await tx.delete(webhookEndpoint).where(eq(webhookEndpoint.subscriberId, found.id));
  await tx.insert(webhookEndpoint).values({
    id: target.endpointId,
    workspaceId: found.workspaceId,
    kind: found.channel as Exclude<SubscriberChannel, "email">,
    name: `${found.channel} subscription of ${found.email}`,
    urlEncrypted: target.urlEncrypted,
    secretEncrypted: target.secretEncrypted,
    subscriberId: found.id,
  });
}

export type LinkedSubscription = {
  id: string;
  workspaceId: string;
  pageId: string;
  email: string;
  channel: SubscriberChannel;
  state: Subscriber["state"];
  postmortems: boolean;
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
      pageId: subscriber.pageId,
      email: subscriber.email,
      channel: subscriber.channel,
      state: subscriber.state,
      postmortems: subscriber.postmortems,
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
 * Sets the components a subscriber follows (none = everything) and whether they hear of
 * postmortems. Ids that are not components of the workspace, e.g. removed since the page was
 * shown, are left out.
 */
export async function changeFollowedByLink(
  token: string,
  { componentIds, postmortems }: { componentIds: string[]; postmortems: boolean },
): Promise<LinkedSubscription | null> {
  const found = await subscriptionByLink(token);
  if (!found) return null;
  const db = await getDb();
  const kept = await db.transaction(async (tx) => {
    const ids = await followable(tx, found, componentIds);
    // Nothing chosen can be followed: what they follow stays as it was.
    if (ids) await setFollows(tx, found.workspaceId, found.id, ids);
    await tx
      .update(subscriber)
      .set({ postmortems })
      .where(and(eq(subscriber.workspaceId, found.workspaceId), eq(subscriber.id, found.id)));
    return ids ?? found.componentIds;
  });
  return { ...found, postmortems, componentIds: kept };
}

/**
 * Brings over a subscriber from another service, in the caller's transaction: confirmed only when
 * the source says the address confirmed there; otherwise pending, with one opt-in mail, as anyone
 * who subscribes here. Components the page does not show the address are dropped. Answers the
 * subscriber of that address already on the page when there is one (nothing changes then).
 */
export async function importSubscriber(
  tx: Executor,
  input: {
    workspaceId: string;
    pageId: string;
    email: string;
    confirmed: boolean;
    componentIds: readonly string[];
    createdAt?: Date;
  },
): Promise<{ id: string; created: boolean } | { refused: string }> {
  const email = input.email.trim().toLowerCase();
  if (!z.email().safeParse(email).success) return { refused: "Not an email address." };
  const where = and(
    eq(subscriber.workspaceId, input.workspaceId),
    eq(subscriber.pageId, input.pageId),
    eq(subscriber.channel, "email"),
    eq(subscriber.email, email),
  );
  const [existing] = await tx.select({ id: subscriber.id }).from(subscriber).where(where);
  if (existing) return { id: existing.id, created: false };
  const reach = (await readersReach(tx, [{ key: "", pageId: input.pageId, email }])).get("")!;
  if (!reach.reads)
    return { refused: "The page shows this address nothing (it is in none of its audiences)." };
  const componentIds = input.componentIds.filter((id) => reach.visible.has(id));
  const [ws] = await tx
    .select({ defaultLocale: schema.workspace.defaultLocale })
    .from(schema.workspace)
    .where(eq(schema.workspace.id, input.workspaceId));
  const now = new Date();
  const [row] = await tx
    .insert(subscriber)
    .values({
      workspaceId: input.workspaceId,
      pageId: input.pageId,
      email,
      state: input.confirmed ? "active" : "pending_confirmation",
      locale: ws?.defaultLocale ?? "en",
      confirmedAt: input.confirmed ? (input.createdAt ?? now) : null,
      lastConfirmationAt: input.confirmed ? null : now,
      createdAt: input.createdAt ?? now,
    })
    .returning({ id: subscriber.id });
  await setFollows(tx, input.workspaceId, row!.id, componentIds);
  if (!input.confirmed) {
    const confirmation = newConfirmationToken();
    const mail = await sealLink(confirmationUrl(reach.page, confirmation.token));
    await offerConfirmation(
      tx,
      { workspaceId: input.workspaceId, subscriberId: row!.id, email },
      componentIds,
      confirmation,
      mail,
    );
  }
  return { id: row!.id, created: true };
}
