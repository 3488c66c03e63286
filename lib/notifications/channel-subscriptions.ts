import { randomBytes } from "node:crypto";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { getDb, schema, type Executor } from "@/db/client";
import type { ChannelTarget } from "@/db/schema/email";
import { config } from "@/lib/config";
import { encryptSecret } from "@/lib/crypto/secrets";
import { queueChannelEnded, subscriberLinks } from "@/lib/email/queue";
import { ValidationError } from "@/lib/errors";
import { assertAllowedTarget, TargetRefused } from "@/lib/net/targets";
import type { EventData, OutgoingEvent } from "@/lib/outbox/outbox";
import { readersReach } from "@/lib/outbox/page-readers";
import { pageUrl } from "@/lib/pages/url";
import type { SubscriberChannel } from "@/lib/subscribers/schemas";
import { endpointSecretBinding } from "./deliveries";

const { subscriber, webhookEndpoint, component } = schema;

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
  const secret = channel === "webhook" ? `whsec_${randomBytes(32).toString("base64")}` : null;
  const [urlEncrypted, secretEncrypted] = await Promise.all([
    encryptSecret(url, endpointSecretBinding(endpointId, "url")),
    secret ? encryptSecret(secret, endpointSecretBinding(endpointId, "secret")) : null,
  ]);
  return { target: { endpointId, urlEncrypted, secretEncrypted }, secret };
}

/**
 * An event as a chat or webhook subscriber's page tells it: only the components the page shows,
 * under the page's name, linking to the page, with the overall status only when they see every
 * component; and the link that stops these messages. Null when the subscriber is gone.
 */
export async function subscriberView(
  subscriberId: string,
  event: OutgoingEvent,
): Promise<{ event: OutgoingEvent; stopUrl: string } | null> {
  const db = await getDb();
  const [found] = await db
    .select({ pageId: subscriber.pageId, email: subscriber.email, locale: subscriber.locale })
    .from(subscriber)
    .where(eq(subscriber.id, subscriberId));
  if (!found) return null;
  const [reach, [count]] = await Promise.all([
    readersReach(db, [{ key: "", pageId: found.pageId, email: found.email }]).then((r) =>
      r.get(""),
    ),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(component)
      .where(eq(component.workspaceId, event.data.workspace.id)),
  ]);
  if (!reach) return null;
  const seen = (id: string) => reach.visible.has(id);
  const { statusPageUrl } = config();
  const { status, incident, maintenance, ...rest } = event.data;
  const data: EventData = {
    ...rest,
    ...(incident
      ? {
          incident: {
            ...incident,
            components: incident.components.filter((c) => seen(c.componentId)),
          },
        }
      : {}),
    ...(maintenance
      ? { maintenance: { ...maintenance, componentIds: maintenance.componentIds.filter(seen) } }
      : {}),
    ...(status && reach.visible.size >= Number(count?.count ?? 0) ? { status } : {}),
    url: event.data.url.startsWith(`${statusPageUrl}/`)
      ? `${pageUrl(reach.page)}${event.data.url.slice(statusPageUrl.length)}`
      : event.data.url,
    workspace: { ...event.data.workspace, name: reach.page.name ?? event.data.workspace.name },
  };
  const links = await subscriberLinks(subscriberId, reach.page, found.locale);
  return { event: { type: event.type, data }, stopUrl: links.unsubscribeUrl };
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
