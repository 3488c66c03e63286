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
import { subscriber } from "./email";
import { outboxEvent } from "./outbox";
import { workspace } from "./workspace";

export const endpointKindEnum = pgEnum("endpoint_kind", [
  "webhook",
  "slack",
  "discord",
  "teams",
  "google_chat",
  "mattermost",
  "telegram",
  "ntfy",
  "pagerduty",
  "opsgenie",
]);
export const endpointStateEnum = pgEnum("endpoint_state", ["active", "failing"]);
export const deliveryStateEnum = pgEnum("delivery_state", ["pending", "succeeded", "failed"]);

export const webhookEndpoint = pgTable(
  "webhook_endpoint",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    kind: endpointKindEnum().notNull(),
    name: text().notNull(),
    /**
     * Encrypted at rest (lib/crypto/secrets.ts); never returned after create. Null for the kinds
     * whose provider has one address for everyone (Telegram, PagerDuty, Opsgenie).
     */
    urlEncrypted: text(),
    /** The provider kinds' credentials (bot token, topic and token, routing key, API key) as encrypted JSON. */
    credentialsEncrypted: text(),
    /** What a provider kind was told that is not secret (chat id, region, maintenance choice); returned. */
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The `whsec_` signing secret, encrypted; null for chat kinds. */
    secretEncrypted: text(),
    /** The secret replaced by a rotation, encrypted; it keeps signing beside the new one until then. */
    previousSecretEncrypted: text(),
    previousSecretExpiresAt: at(),
    state: endpointStateEnum().notNull().default("active"),
    failingSince: at(),
    /**
     * Set for a visitor's chat or webhook subscription: the endpoint is the subscriber's, not
     * the team's, and ends with it.
     */
    subscriberId: uuid().references(() => subscriber.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_endpoint_workspace_id_created_at_idx").on(t.workspaceId, t.createdAt),
    uniqueIndex("webhook_endpoint_subscriber_id_key").on(t.subscriberId),
  ],
);

/** The components an endpoint follows; none = every component. */
export const webhookEndpointComponent = pgTable(
  "webhook_endpoint_component",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: "cascade" }),
    componentId: uuid()
      .notNull()
      .references(() => component.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("webhook_endpoint_component_workspace_id_idx").on(t.workspaceId),
    primaryKey({ columns: [t.endpointId, t.componentId] }),
    index("webhook_endpoint_component_component_id_idx").on(t.componentId),
  ],
);

/**
 * One event to one endpoint. Its id is the `webhook-id` the receiver sees, the same on every
 * attempt. `nextAttemptAt` is also the lease: a worker that claims the delivery pushes it out,
 * so a worker that died mid-attempt leaves it to be attempted again later.
 */
export const delivery = pgTable(
  "delivery",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: "cascade" }),
    /** The event delivered; null for a test send. */
    eventId: uuid().references(() => outboxEvent.id, { onDelete: "cascade" }),
    /** A test send from the dashboard or `POST …/test`: logged, never retried, no effect on state. */
    test: boolean().notNull().default(false),
    state: deliveryStateEnum().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: at().notNull().defaultNow(),
    /** The claim now holding the delivery: only that claim's attempt may record its outcome. */
    lease: uuid(),
    completedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    index("delivery_event_id_idx").on(t.eventId),
    uniqueIndex("delivery_endpoint_id_event_id_key").on(t.endpointId, t.eventId),
    // The delivery queue is global: its index leads with (state, next_attempt_at).
    index("delivery_state_next_attempt_at_idx").on(t.state, t.nextAttemptAt),
    index("delivery_workspace_id_endpoint_id_created_at_idx").on(
      t.workspaceId,
      t.endpointId,
      t.createdAt,
    ),
  ],
);

export const deliveryAttempt = pgTable(
  "delivery_attempt",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    deliveryId: uuid()
      .notNull()
      .references(() => delivery.id, { onDelete: "cascade" }),
    attemptedAt: at().notNull(),
    statusCode: integer(),
    /** Null until the attempt's outcome is recorded, like the other outcome columns. */
    latencyMs: integer(),
    error: text(),
    nextAttemptAt: at(),
    /**
     * When the outcome was recorded. An attempt is logged when its delivery is claimed, before
     * the request leaves; one never completed was cut short (the sender stopped) or is in flight.
     */
    completedAt: at(),
  },
  (t) => [
    index("delivery_attempt_delivery_id_idx").on(t.deliveryId),
    index("delivery_attempt_workspace_id_delivery_id_idx").on(
      t.workspaceId,
      t.deliveryId,
      t.attemptedAt,
    ),
  ],
);
