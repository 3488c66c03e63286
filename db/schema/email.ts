import type { Locale } from "@/lib/i18n/locales";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./columns";
import { component } from "./components";
import { outboxEvent } from "./outbox";
import { statusPage } from "./pages";
import { workspace } from "./workspace";

/** How a subscriber hears: by email, or in a chat channel or webhook of theirs. */
export const subscriberChannelEnum = pgEnum("subscriber_channel", [
  "email",
  "slack",
  "teams",
  "webhook",
]);

/**
 * Where a chat or webhook subscription will send, sealed when the visitor asked: the endpoint
 * row it becomes once confirmed, and its URL and signing secret encrypted for that row.
 */
export type ChannelTarget = {
  endpointId: string;
  urlEncrypted: string;
  secretEncrypted: string | null;
};

export const subscriberStateEnum = pgEnum("subscriber_state", [
  "pending_confirmation",
  "active",
  "bounced",
]);

/**
 * An email subscriber of one status page: they hear of what that page shows them (on an audience
 * page, what their audiences see), and one address may follow several pages. Its links to
 * confirm are `subscription_confirmation` rows;
 * `lastConfirmationAt` holds mail to one address to one confirmation per 15 minutes, and a
 * subscription still pending 7 days after its last confirmation mail is deleted.
 */
export const subscriber = pgTable(
  "subscriber",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    pageId: uuid()
      .notNull()
      .references(() => statusPage.id, { onDelete: "cascade" }),
    /**
     * Lowercased, so one address is one subscriber of a page per channel. For a chat or webhook
     * subscription it is the contact who confirmed it and is told when it ends.
     */
    email: text().notNull(),
    channel: subscriberChannelEnum().notNull().default("email"),
    state: subscriberStateEnum().notNull().default("pending_confirmation"),
    /** The language the subscriber subscribed in: their mail is written in it. */
    locale: text().$type<Locale>().notNull().default("en"),
    /** Whether they also hear of postmortems, which they choose on their subscription's page. */
    postmortems: boolean().notNull().default(false),
    lastConfirmationAt: at(),
    confirmedAt: at(),
    bouncedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("subscriber_workspace_id_page_id_channel_email_key").on(
      t.workspaceId,
      t.pageId,
      t.channel,
      t.email,
    ),
    index("subscriber_workspace_id_created_at_idx").on(t.workspaceId, t.createdAt),
    index("subscriber_page_id_idx").on(t.pageId),
  ],
);

/** The components a subscriber follows; none = every component. */
export const subscriberComponent = pgTable(
  "subscriber_component",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    subscriberId: uuid()
      .notNull()
      .references(() => subscriber.id, { onDelete: "cascade" }),
    componentId: uuid()
      .notNull()
      .references(() => component.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("subscriber_component_component_id_idx").on(t.componentId),
    primaryKey({ columns: [t.subscriberId, t.componentId] }),
    index("subscriber_component_workspace_id_idx").on(t.workspaceId, t.componentId),
  ],
);

/**
 * A visitor's request to subscribe, as the public form wrote it. The form answers the same for
 * every address because all it does is write this row; what the address's state calls for
 * (a subscriber, a confirmation mail, nothing) is decided in the background.
 */
export const subscriptionRequest = pgTable(
  "subscription_request",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    /** The page whose form sent it. */
    pageId: uuid()
      .notNull()
      .references(() => statusPage.id, { onDelete: "cascade" }),
    email: text().notNull(),
    channel: subscriberChannelEnum().notNull().default("email"),
    /** For a chat or webhook subscription: where it will send. */
    target: jsonb().$type<ChannelTarget>(),
    componentIds: jsonb().$type<string[]>().notNull(),
    /** The language of the page the request was sent from. */
    locale: text().$type<Locale>().notNull().default("en"),
    createdAt: createdAt(),
  },
  (t) => [
    index("subscription_request_created_at_idx").on(t.createdAt),
    index("subscription_request_workspace_id_idx").on(t.workspaceId),
    // Deleting a page deletes its requests by this index.
    index("subscription_request_page_id_idx").on(t.pageId),
  ],
);

export const emailKindEnum = pgEnum("email_kind", [
  "confirmation",
  "already_subscribed",
  "event",
  "invitation",
  "password_reset",
  "monitor_alert",
  "page_sign_in",
  "channel_ended",
  "update_overdue",
  "availability_report",
]);
export const emailStateEnum = pgEnum("email_state", ["pending", "sent", "failed"]);

/**
 * A link to confirm a subscription, with the choices of the request that asked for it. The token
 * is kept only as its SHA-256 and works until `expiresAt`. An address that asks again gets a
 * link of its own with its own choices, and nothing about the subscription changes until one is
 * used (so a stranger asking again can neither void a pending link nor re-subscribe a bounced
 * address); using one ends the others.
 */
export const subscriptionConfirmation = pgTable(
  "subscription_confirmation",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    subscriberId: uuid()
      .notNull()
      .references(() => subscriber.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    /** The components the request asked to follow; none = every component. */
    componentIds: jsonb().$type<string[]>().notNull(),
    /** For a chat or webhook subscription: where the request asked it to send. */
    target: jsonb().$type<ChannelTarget>(),
    /** The message that carries the link, which names the choices it confirms. */
    emailMessageId: uuid().references(() => emailMessage.id, { onDelete: "set null" }),
    expiresAt: at().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("subscription_confirmation_workspace_id_idx").on(t.workspaceId),
    uniqueIndex("subscription_confirmation_token_hash_key").on(t.tokenHash),
    uniqueIndex("subscription_confirmation_email_message_id_key").on(t.emailMessageId),
    index("subscription_confirmation_subscriber_id_idx").on(t.subscriberId),
    index("subscription_confirmation_expires_at_idx").on(t.expiresAt),
  ],
);

/**
 * One message to one address. Its id is the `Message-ID`, the same on every attempt. Event mail
 * is rendered from the outbox event when sent; the one secret a confirmation or invitation
 * carries (its link) is stored encrypted. `nextAttemptAt` doubles as the lease, as for
 * webhook deliveries.
 */
export const emailMessage = pgTable(
  "email_message",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    kind: emailKindEnum().notNull(),
    toAddress: text().notNull(),
    subscriberId: uuid().references(() => subscriber.id, { onDelete: "cascade" }),
    eventId: uuid().references(() => outboxEvent.id, { onDelete: "cascade" }),
    linkEncrypted: text(),
    /** For a monthly availability report: the period it reports (`2026-10`). */
    reportPeriod: text(),
    state: emailStateEnum().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: at().notNull().defaultNow(),
    lease: uuid(),
    lastError: text(),
    sentAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_message_subscriber_id_idx").on(t.subscriberId),
    index("email_message_state_next_attempt_at_idx").on(t.state, t.nextAttemptAt),
    index("email_message_workspace_id_created_at_idx").on(t.workspaceId, t.createdAt),
    uniqueIndex("email_message_event_id_subscriber_id_key").on(t.eventId, t.subscriberId),
  ],
);

/** Mail kept locally when no SMTP server is configured, as it would have been sent. */
export const mailboxMessage = pgTable(
  "mailbox_message",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    messageId: text().notNull(),
    fromAddress: text().notNull(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("mailbox_message_workspace_id_created_at_idx").on(t.workspaceId, t.createdAt),
    uniqueIndex("mailbox_message_message_id_key").on(t.messageId),
  ],
);
