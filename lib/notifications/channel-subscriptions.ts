import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { schema, type Executor } from "@/db/client";
import type { ChannelTarget } from "@/db/schema/email";
import { config } from "@/lib/config";
import { encryptSecret } from "@/lib/crypto/secrets";
import { onPageOf, queueChannelEnded, subscriberLinks } from "@/lib/email/queue";
import { ValidationError } from "@/lib/errors";
import { assertAllowedTarget, TargetRefused } from "@/lib/net/targets";
import type { OutgoingEvent } from "@/lib/outbox/outbox";
import { readersReach, type Reach } from "@/lib/outbox/page-readers";
import type { Locale } from "@/lib/i18n/locales";
import type { SubscriberChannel } from "@/lib/subscribers/schemas";
import { endpointSecretBinding } from "./deliveries";
import { newSigningSecret } from "./endpoints";

const { subscriber, webhookEndpoint } = schema;

/**
 * Where a visitor's chat or webhook subscription will send, sealed when they ask: the URL must
 * pass the outgoing rules (checked again at every send), and a webhook gets its signing secret
 * now, to be shown once. Both are encrypted for the endpoint the subscription becomes.
 */
export async function sealChannelTarget(
  channel: Exclude<SubscriberChannel, "email">,
  url: string,
): Promise<{ target: ChannelTarget; secret: string | null }> {
  try {
    await assertAllowedTarget(url);
  } catch (error) {
    if (error instanceof TargetRefused) throw ValidationError.field("url", error.message);
    throw error;
  }
  const endpointId = uuidv7();
  const secret = channel === "webhook" ? newSigningSecret() : null;
  const [urlEncrypted, secretEncrypted] = await Promise.all([
    encryptSecret(url, endpointSecretBinding(endpointId, "url")),
    secret ? encryptSecret(secret, endpointSecretBinding(endpointId, "secret")) : null,
  ]);
  return { target: { endpointId, urlEncrypted, secretEncrypted }, secret };
}

/** A chat or webhook subscriber's page and what it shows them, read for their deliveries. */
export type SubscriberReach = { reach: Reach; locale: Locale };

/** The page and reach of each subscriber named (the gone ones left out), in one read. */
export async function subscriberReaches(
  tx: Executor,
  subscriberIds: string[],
): Promise<Map<string, SubscriberReach>> {
  if (!subscriberIds.length) return new Map();
  const rows = await tx
    .select({
      id: subscriber.id,
      pageId: subscriber.pageId,
      email: subscriber.email,
      locale: subscriber.locale,
    })
    .from(subscriber)
    .where(inArray(subscriber.id, [...new Set(subscriberIds)]));
  const reach = await readersReach(
    tx,
    rows.map((row) => ({ key: row.id, pageId: row.pageId, email: row.email })),
  );
  return new Map(
    rows.flatMap((row) => {
      const theirs = reach.get(row.id);
      // A page that is no longer open sends its news to no channel.
      return theirs?.open && theirs.reads
        ? [[row.id, { reach: theirs, locale: row.locale }] as const]
        : [];
    }),
  );
}

/** An event as a chat or webhook subscriber's page tells it (see `onPageOf`). */
export function onSubscriberPage(
  event: OutgoingEvent,
  reach: Reach,
  components: number,
): OutgoingEvent {
  const name = reach.page.name ?? event.data.workspace.name;
  return {
    type: event.type,
    data: onPageOf(event.data, reach, name, components, { theirComponentsOnly: true }),
  };
}

/** The link that stops a subscriber's messages, in their language. */
export async function stopLink({ reach, locale }: SubscriberReach, subscriberId: string) {
  return (await subscriberLinks(subscriberId, reach.page, locale)).unsubscribeUrl;
}

/**
 * Ends the chat and webhook subscriptions among `endpointIds` whose deliveries have failed for
 * good for the whole of CHANNEL_FAILURE_WINDOW (a week by default), as another failure is
 * recorded: each contact is told by mail, and the subscription and its endpoint are deleted. A
 * success in between (the channel back) starts the count again. Answers how many ended; the
 * caller announces the mail once its transaction commits.
 */
export async function endFailedChannels(tx: Executor, endpointIds: string[]): Promise<number> {
  if (!endpointIds.length) return 0;
  const failing = await tx
    .select({
      subscriberId: subscriber.id,
      workspaceId: subscriber.workspaceId,
      email: subscriber.email,
      pageId: subscriber.pageId,
    })
    .from(webhookEndpoint)
    .innerJoin(subscriber, eq(subscriber.id, webhookEndpoint.subscriberId))
    .where(
      and(
        inArray(webhookEndpoint.id, endpointIds),
        eq(webhookEndpoint.state, "failing"),
        lte(
          webhookEndpoint.failingSince,
          sql`now() - ${`${config().channelFailureWindowMs} milliseconds`}::interval`,
        ),
      ),
    );
  for (const row of failing) {
    await queueChannelEnded(tx, row);
    await tx.delete(subscriber).where(eq(subscriber.id, row.subscriberId));
  }
  return failing.length;
}
