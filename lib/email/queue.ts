import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { getDb, rowsOf, schema, type Executor } from "@/db/client";
import { componentNames } from "@/lib/components/exist";
import { config, retryDelayMs } from "@/lib/config";
import { decryptSecret, encryptSecret, SecretUnreadableError } from "@/lib/crypto/secrets";
import { groupBy } from "@/lib/group-by";
import { DEFAULT_LOCALE, localeOf, type Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translate";
import { logError } from "@/lib/log";
import type { EventData } from "@/lib/outbox/outbox";
import { readersReach, type Reach } from "@/lib/outbox/page-readers";
import { pageLinkColumns, pageUrl } from "@/lib/pages/url";
import { availabilityReport } from "@/lib/reports/availability";
import { AvailabilityQuery, type AvailabilityReport } from "@/lib/reports/schemas";
import { subscriberLinkToken } from "@/lib/crypto/subscriber-links";
import {
  alreadySubscribedMail,
  channelEndedMail,
  confirmationMail,
  eventMail,
  invitationMail,
  monitorAlertMail,
  updateOverdueMail,
  availabilityReportMail,
  pageSignInMail,
  passwordResetMail,
  type Composed,
  type SubscriberLinks,
} from "./templates";
import { sendMail, type OutgoingMail, type SendResult } from "./transport";

const {
  emailMessage,
  subscriber,
  subscriberComponent,
  subscriptionConfirmation,
  outboxEvent,
  workspace,
} = schema;

const linkBinding = (messageId: string) => `email_message.link:${messageId}`;

type Kind = (typeof schema.emailKindEnum.enumValues)[number];

/** Mail that signs its reader in or creates their account: for its addressee's eyes only. */
export const PERSONAL_KINDS = [
  "password_reset",
  "invitation",
  "page_sign_in",
] as const satisfies Kind[];

/** A message id and its link, encrypted for that message's row. */
export type SealedLink = { id: string; linkEncrypted: string };

/**
 * Encrypts the link a confirmation or invitation carries, for the row it will be written to.
 * Done before the transaction that writes the row: the key may need a read of its own.
 */
export async function sealLink(link: string): Promise<SealedLink> {
  const id = uuidv7();
  return { id, linkEncrypted: await encryptSecret(link, linkBinding(id)) };
}

/** Where a page's subscription pages are: below the page's own address. */
export const subscriptionsUrl = (page: Parameters<typeof pageUrl>[0]) =>
  `${pageUrl(page)}/public/subscriptions`;

export function confirmationUrl(page: Parameters<typeof pageUrl>[0], token: string): string {
  return `${subscriptionsUrl(page)}/confirm?token=${encodeURIComponent(token)}`;
}

export async function queueConfirmation(
  tx: Executor,
  to: { workspaceId: string; subscriberId: string; email: string },
  link: SealedLink,
): Promise<void> {
  await tx.insert(emailMessage).values({
    ...link,
    workspaceId: to.workspaceId,
    kind: "confirmation",
    toAddress: to.email,
    subscriberId: to.subscriberId,
  });
}

export async function queueAlreadySubscribed(
  tx: Executor,
  to: { workspaceId: string; subscriberId: string; email: string },
): Promise<void> {
  await tx.insert(emailMessage).values({
    workspaceId: to.workspaceId,
    kind: "already_subscribed",
    toAddress: to.email,
    subscriberId: to.subscriberId,
  });
}

/**
 * Tells the contact of a chat or webhook subscription that it ended (its deliveries failed for
 * too long), with a link to subscribe again. The subscription is deleted beside it, so the
 * message names no subscriber.
 */
export async function queueChannelEnded(
  tx: Executor,
  to: { workspaceId: string; email: string; pageId: string },
): Promise<void> {
  const [page] = await tx
    .select(pageLinkColumns)
    .from(schema.statusPage)
    .where(eq(schema.statusPage.id, to.pageId));
  const link = await sealLink(subscriptionsUrl(page!));
  await tx.insert(emailMessage).values({
    ...link,
    workspaceId: to.workspaceId,
    kind: "channel_ended",
    toAddress: to.email,
  });
}

export async function queueInvitation(
  tx: Executor,
  to: { workspaceId: string; email: string },
  link: SealedLink,
): Promise<void> {
  await tx
    .insert(emailMessage)
    .values({ ...link, workspaceId: to.workspaceId, kind: "invitation", toAddress: to.email });
}

/** A password reset link, mailed at once to a member's address. */
export async function queuePasswordReset(
  to: { workspaceId: string; email: string },
  resetUrl: string,
): Promise<void> {
  const link = await sealLink(resetUrl);
  const db = await getDb();
  await db
    .insert(emailMessage)
    .values({ ...link, workspaceId: to.workspaceId, kind: "password_reset", toAddress: to.email });
}

/** A link that signs a visitor in to an audience page, mailed at once to their address. */
export async function queuePageSignIn(
  to: { workspaceId: string; email: string },
  signInUrl: string,
): Promise<void> {
  const link = await sealLink(signInUrl);
  const db = await getDb();
  await db
    .insert(emailMessage)
    .values({ ...link, workspaceId: to.workspaceId, kind: "page_sign_in", toAddress: to.email });
}

/** A message claimed for an attempt, with its claim's token. */
export type ClaimedMessage = {
  id: string;
  workspaceId: string;
  kind: Kind;
  toAddress: string;
  subscriberId: string | null;
  eventId: string | null;
  linkEncrypted: string | null;
  reportPeriod: string | null;
  attempts: number;
  lease: string;
};

/**
 * Claims due messages by pushing their next attempt out by the lease: a worker that dies
 * mid-send leaves the message to be sent again, under the same Message-ID, when the lease ends.
 */
export async function claimDueMessages({
  limit,
  overdueMs = 0,
}: {
  limit: number;
  overdueMs?: number;
}): Promise<ClaimedMessage[]> {
  if (limit <= 0) return [];
  const db = await getDb();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailMessage.id })
      .from(emailMessage)
      .where(
        and(
          eq(emailMessage.state, "pending"),
          lte(emailMessage.nextAttemptAt, sql`now() - ${`${overdueMs} milliseconds`}::interval`),
        ),
      )
      .orderBy(asc(emailMessage.nextAttemptAt), asc(emailMessage.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(emailMessage)
      .set({
        nextAttemptAt: sql`now() + ${`${config().emailLeaseMs} milliseconds`}::interval`,
        lease: sql`gen_random_uuid()`,
      })
      .where(
        inArray(
          emailMessage.id,
          due.map((row) => row.id),
        ),
      )
      .returning({
        id: emailMessage.id,
        workspaceId: emailMessage.workspaceId,
        kind: emailMessage.kind,
        toAddress: emailMessage.toAddress,
        subscriberId: emailMessage.subscriberId,
        eventId: emailMessage.eventId,
        linkEncrypted: emailMessage.linkEncrypted,
        reportPeriod: emailMessage.reportPeriod,
        attempts: emailMessage.attempts,
        lease: sql<string>`${emailMessage.lease}`,
      });
  });
}

/** When the next message falls due (a retry waiting its turn), or null when none waits. */
export async function nextMessageDueAt(): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ at: emailMessage.nextAttemptAt })
    .from(emailMessage)
    .where(eq(emailMessage.state, "pending"))
    .orderBy(asc(emailMessage.nextAttemptAt))
    .limit(1);
  return row?.at ?? null;
}

/** What composing a batch needs, read once for the whole batch. */
type Context = {
  workspaceNames: Map<string, string>;
  timeZones: Map<string, string>;
  /** The language of each subscriber the batch writes to. */
  locales: Map<string, Locale>;
  componentNames: Map<string, Map<string, string>>;
  /** Each subscriber's page and what it shows them: their mail names nothing else. */
  reach: Map<string, Reach>;
  follows: Map<string, string[]>;
  /** The choices each confirmation message's link confirms, by message id. */
  confirming: Map<string, string[]>;
  /** How each subscriber hears: a confirmation says where updates will go. */
  channels: Map<string, string>;
  events: Map<string, { type: string; data: EventData }>;
  /** Each monthly report the batch mails, read once, by workspace and period. */
  reports: Map<string, AvailabilityReport>;
};

const reportKey = (workspaceId: string, period: string) => `${workspaceId} ${period}`;

async function readContext(messages: ClaimedMessage[]): Promise<Context> {
  const db = await getDb();
  const workspaceIds = [...new Set(messages.map((m) => m.workspaceId))];
  const eventIds = [...new Set(messages.flatMap((m) => (m.eventId ? [m.eventId] : [])))];
  const confirming = messages.filter((m) => m.kind === "confirmation" && m.subscriberId);
  const subscriberIds = [...new Set(messages.flatMap((m) => m.subscriberId ?? []))];
  const [workspaces, componentNamesOf, follows, links, events, subscribers] = await Promise.all([
    db
      .select({ id: workspace.id, name: workspace.name, timeZone: workspace.timeZone })
      .from(workspace)
      .where(inArray(workspace.id, workspaceIds)),
    componentNames(db, workspaceIds),
    confirming.length
      ? db
          .select({
            subscriberId: subscriberComponent.subscriberId,
            componentId: subscriberComponent.componentId,
          })
          .from(subscriberComponent)
          .where(
            inArray(
              subscriberComponent.subscriberId,
              confirming.map((m) => m.subscriberId!),
            ),
          )
      : [],
    confirming.length
      ? db
          .select({
            emailMessageId: subscriptionConfirmation.emailMessageId,
            componentIds: subscriptionConfirmation.componentIds,
          })
          .from(subscriptionConfirmation)
          .where(
            inArray(
              subscriptionConfirmation.emailMessageId,
              confirming.map((m) => m.id),
            ),
          )
      : [],
    eventIds.length
      ? db
          .select({ id: outboxEvent.id, type: outboxEvent.type, data: outboxEvent.data })
          .from(outboxEvent)
          .where(inArray(outboxEvent.id, eventIds))
      : [],
    subscriberIds.length
      ? db
          .select({
            id: subscriber.id,
            locale: subscriber.locale,
            pageId: subscriber.pageId,
            email: subscriber.email,
            channel: subscriber.channel,
          })
          .from(subscriber)
          .where(inArray(subscriber.id, subscriberIds))
      : [],
  ]);
  const reach = await readersReach(
    db,
    subscribers.map((s) => ({ key: s.id, pageId: s.pageId, email: s.email })),
  );
  const reports = new Map<string, AvailabilityReport>();
  for (const { workspaceId, reportPeriod } of messages) {
    if (!reportPeriod || reports.has(reportKey(workspaceId, reportPeriod))) continue;
    const query = AvailabilityQuery.parse({ period: reportPeriod });
    // One report that cannot be read fails its own messages, not the batch.
    try {
      reports.set(
        reportKey(workspaceId, reportPeriod),
        await availabilityReport({ ctx: { workspaceId }, query }),
      );
    } catch (error) {
      logError(`Could not read the availability report for ${reportPeriod}:`, error);
    }
  }
  return {
    reports,
    workspaceNames: new Map(workspaces.map((w) => [w.id, w.name])),
    timeZones: new Map(workspaces.map((w) => [w.id, w.timeZone])),
    locales: new Map(subscribers.map((s) => [s.id, localeOf(s.locale) ?? DEFAULT_LOCALE])),
    channels: new Map(subscribers.map((s) => [s.id, s.channel])),
    componentNames: componentNamesOf,
    reach,
    follows: groupBy(
      follows,
      (row) => row.subscriberId,
      (row) => row.componentId,
    ),
    confirming: new Map(links.map((link) => [link.emailMessageId!, link.componentIds])),
    events: new Map(events.map((e) => [e.id, { type: e.type, data: e.data as EventData }])),
  };
}

/** A subscriber's own links; with `locale`, the pages they open speak it. */
export async function subscriberLinks(
  subscriberId: string,
  page: Parameters<typeof pageUrl>[0],
  locale?: Locale,
): Promise<SubscriberLinks> {
  const token = encodeURIComponent(await subscriberLinkToken(subscriberId));
  const base = subscriptionsUrl(page);
  const language = locale ? `&locale=${encodeURIComponent(locale)}` : "";
  return {
    unsubscribeUrl: `${base}/unsubscribe?token=${token}${language}`,
    manageUrl: `${base}/manage?token=${token}${language}`,
  };
}

function listId(workspaceName: string): string {
  const host = new URL(config().baseUrl).hostname;
  // A header value of plain ASCII: the name's other characters are left out.
  const label = workspaceName.replace(/[^\x20-\x7e]|["\\]/g, "").trim() || "Status";
  return `"${label} status" <status.${host}>`;
}

/**
 * An event as a subscriber's page tells it: under the page's name, linking to the page. The
 * overall status the event carries is the whole workspace's: it is told only to a subscriber
 * whose page shows them every one of the workspace's `components`, since it speaks of the others
 * too. With `theirComponentsOnly` (a chat or webhook, which prints what it is given), the
 * components it names are cut to those the page shows them.
 */
export function onPageOf(
  data: EventData,
  reach: Reach,
  name: string,
  components: number,
  { theirComponentsOnly = false } = {},
): EventData {
  const { statusPageUrl } = config();
  const url = data.url.startsWith(`${statusPageUrl}/`)
    ? `${pageUrl(reach.page)}${data.url.slice(statusPageUrl.length)}`
    : data.url;
  const { status, incident, maintenance, ...rest } = data;
  const seen = (id: string) => !theirComponentsOnly || reach.visible.has(id);
  return {
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
    ...(status && reach.visible.size >= components ? { status } : {}),
    url,
    workspace: { ...data.workspace, name },
  };
}

/** A claimed message as it will leave, or why it cannot be built. */
async function compose(
  message: ClaimedMessage,
  context: Context,
): Promise<OutgoingMail | { error: string }> {
  const reach = context.reach.get(message.subscriberId ?? "");
  // A subscriber's mail is from their page, by its name.
  const workspaceName =
    reach?.page.name ?? context.workspaceNames.get(message.workspaceId) ?? "Status";
  const names = context.componentNames.get(message.workspaceId) ?? new Map<string, string>();
  const headers: Record<string, string> = {
    "Auto-Submitted": "auto-generated",
    "List-Id": listId(workspaceName),
  };
  let link: string | null = null;
  if (message.linkEncrypted) {
    try {
      link = await decryptSecret(message.linkEncrypted, linkBinding(message.id));
    } catch (error) {
      if (error instanceof SecretUnreadableError) return { error: error.message };
      throw error;
    }
  }
  const locale = context.locales.get(message.subscriberId ?? "") ?? DEFAULT_LOCALE;
  const tr = translator(locale);
  const links = reach ? await subscriberLinks(message.subscriberId!, reach.page, locale) : null;
  let content: Composed;
  let personalLink: OutgoingMail["personalLink"];
  switch (message.kind) {
    case "confirmation":
      content = confirmationMail({
        tr,
        workspace: workspaceName,
        confirmUrl: `${link!}&locale=${encodeURIComponent(locale)}`,
        // What this link confirms; a link mailed before links had rows of their own confirms
        // what the subscriber follows.
        componentNames: (
          context.confirming.get(message.id) ??
          context.follows.get(message.subscriberId ?? "") ??
          []
        ).map((id) => names.get(id) ?? tr.t("mail.removedComponent")),
        channel: context.channels.get(message.subscriberId ?? "") ?? "email",
      });
      break;
    case "channel_ended":
      content = channelEndedMail({ tr, workspace: workspaceName, subscribeUrl: link! });
      break;
    case "invitation":
      content = invitationMail({ workspace: workspaceName, acceptUrl: link! });
      personalLink = { what: "invitation", link: link! };
      break;
    case "password_reset":
      content = passwordResetMail({ workspace: workspaceName, resetUrl: link! });
      personalLink = { what: "password reset", link: link! };
      break;
    case "page_sign_in":
      content = pageSignInMail({ workspace: workspaceName, signInUrl: link! });
      personalLink = { what: "page sign-in", link: link! };
      break;
    case "already_subscribed":
      content = alreadySubscribedMail({ tr, workspace: workspaceName, links: links! });
      break;
    case "event": {
      const event = context.events.get(message.eventId ?? "");
      if (!event || !links || !reach) {
        return { error: "The event this message reported is gone." };
      }
      content = eventMail({
        ...event,
        data: onPageOf(event.data, reach, workspaceName, names.size),
        tr,
        timeZone: context.timeZones.get(message.workspaceId) ?? "Etc/UTC",
        componentNames: names,
        hidden: new Set([...names.keys()].filter((id) => !reach.visible.has(id))),
        links,
      });
      break;
    }
    case "monitor_alert": {
      const event = context.events.get(message.eventId ?? "");
      if (!event?.data.monitor) return { error: "The event this message reported is gone." };
      content = monitorAlertMail(event);
      break;
    }
    case "availability_report": {
      const report = context.reports.get(
        reportKey(message.workspaceId, message.reportPeriod ?? ""),
      );
      if (!report) return { error: "The availability report could not be read." };
      content = availabilityReportMail({
        workspace: workspaceName,
        period: message.reportPeriod!,
        report,
        url: `${config().baseUrl}/dashboard/reports`,
      });
      break;
    }
    case "update_overdue": {
      const event = context.events.get(message.eventId ?? "");
      if (!event?.data.incident) return { error: "The event this message reported is gone." };
      content = updateOverdueMail(event);
      break;
    }
  }
  if (links && message.kind !== "confirmation") {
    headers["List-Unsubscribe"] = `<${links.unsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return {
    id: message.id,
    workspaceId: message.workspaceId,
    to: message.toAddress,
    headers,
    ...(personalLink ? { personalLink } : {}),
    ...content,
  };
}

/**
 * Logs each reason a send failed, once per batch with the number of messages it held up: what
 * the operator needs (wrong credentials, a refused message) without a line per recipient.
 */
function logSendFailures(
  records: SendRecord[],
  planned: { state: string; next_attempt_at: string | null }[],
): void {
  const byReason = new Map<string, { waiting: number; givenUp: number; next: string | null }>();
  records.forEach(({ outcome }, index) => {
    if (outcome.result !== "retry" || outcome.of !== "send") return;
    const { state, next_attempt_at: next } = planned[index]!;
    const seen = byReason.get(outcome.error) ?? { waiting: 0, givenUp: 0, next: null };
    if (state === "pending") seen.waiting += 1;
    else seen.givenUp += 1;
    if (next && (!seen.next || next < seen.next)) seen.next = next;
    byReason.set(outcome.error, seen);
  });
  for (const [reason, { waiting, givenUp, next }] of byReason) {
    const parts = [
      waiting
        ? `${waiting} ${waiting === 1 ? "message waits" : "messages wait"}, next try ${next}`
        : "",
      givenUp ? `${givenUp} given up after the last try of the retry schedule` : "",
    ].filter(Boolean);
    logError(`Mail could not be sent (${parts.join("; ")}):`, { name: "SMTP", message: reason });
  }
}

/** One attempt at one message, ready to be recorded. */
export type SendRecord = {
  message: ClaimedMessage;
  outcome: SendResult | { result: "fail"; error: string };
};

/**
 * Composes and sends a batch of claimed messages, all at once (the SMTP pool queues them over
 * its connections), and answers each one's outcome, writing nothing yet.
 */
export async function sendClaimed(messages: ClaimedMessage[]): Promise<SendRecord[]> {
  if (!messages.length) return [];
  const context = await readContext(messages);
  return Promise.all(
    messages.map(async (message): Promise<SendRecord> => {
      const mail = await compose(message, context);
      if ("error" in mail) return { message, outcome: { result: "fail", error: mail.error } };
      return { message, outcome: await sendMail(mail) };
    }),
  );
}

/**
 * Records a batch of attempts in one transaction. Sent is final; a temporary failure waits for
 * the retry schedule's next delay and fails once the schedule is used up; a refusal of the
 * address fails the message and marks its subscriber `bounced`, and nothing more goes to that
 * address. Only a claim that still holds its message records it (a worker whose lease ran out
 * does not). A failure of the send itself is logged once per reason and batch.
 */
export async function recordSends(records: SendRecord[]): Promise<void> {
  if (!records.length) return;
  const planned = records.map(({ message, outcome }) => {
    const attempts = message.attempts + 1;
    const delay = outcome.result === "retry" ? retryDelayMs(attempts) : null;
    const retrying = delay !== null;
    return {
      id: message.id,
      lease: message.lease,
      attempts,
      state: outcome.result === "sent" ? "sent" : retrying ? "pending" : "failed",
      next_attempt_at: retrying ? new Date(Date.now() + delay).toISOString() : null,
      error: "error" in outcome ? outcome.error : null,
    };
  });
  const rows = JSON.stringify(planned);
  logSendFailures(records, planned);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const held = await tx.execute(sql`
      update email_message set
        attempts = done.attempts,
        state = done.state,
        next_attempt_at = coalesce(done.next_attempt_at, now()),
        last_error = done.error,
        sent_at = case when done.state = 'sent' then now() else null end,
        lease = null
      from json_to_recordset(${rows}::json) as done(id uuid, lease uuid, attempts int,
        state email_state, next_attempt_at timestamptz, error text)
      where email_message.id = done.id and email_message.state = 'pending'
        and email_message.lease = done.lease
      returning email_message.id`);
    const heldIds = new Set(rowsOf<{ id: string }>(held).map((row) => row.id));
    const bouncing = records
      .filter((r) => r.outcome.result === "refused" && r.message.subscriberId)
      .filter((r) => heldIds.has(r.message.id))
      .map((r) => r.message.subscriberId!);
    if (!bouncing.length) return;
    // A chat or webhook subscription keeps going: only its contact's mail was refused.
    await tx
      .update(subscriber)
      .set({ state: "bounced", bouncedAt: new Date() })
      .where(and(inArray(subscriber.id, bouncing), eq(subscriber.channel, "email")));
    // A link the address refused never arrived; only a request made since can re-subscribe it.
    await tx
      .delete(subscriptionConfirmation)
      .where(inArray(subscriptionConfirmation.subscriberId, bouncing));
    await tx
      .update(emailMessage)
      .set({ state: "failed", lastError: "Not sent: the address refused an earlier message." })
      .where(and(inArray(emailMessage.subscriberId, bouncing), eq(emailMessage.state, "pending")));
  });
}
