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
import { component, componentStatusEnum } from "./components";
import { incident, incidentTemplate } from "./incidents";
import { workspace } from "./workspace";

export const httpMethodEnum = pgEnum("http_method", [
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
]);
export const publishPolicyEnum = pgEnum("publish_policy", ["auto", "manual", "none"]);
export const monitorStateEnum = pgEnum("monitor_state", [
  "pending",
  "up",
  "down",
  "paused",
  "degraded",
]);
export const checkStatusEnum = pgEnum("check_status", ["up", "down", "degraded"]);
export const monitorTypeEnum = pgEnum("monitor_type", ["http", "tcp", "dns", "heartbeat"]);
export const outageStateEnum = pgEnum("outage_state", ["down", "degraded"]);

export const monitor = pgTable(
  "monitor",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    componentId: uuid()
      .notNull()
      .references(() => component.id, { onDelete: "cascade" }),
    name: text().notNull(),
    type: monitorTypeEnum().notNull().default("http"),
    /** The URL an http monitor checks; null for the other types. */
    url: text(),
    method: httpMethodEnum().notNull(),
    expectedStatus: integer().array().notNull(),
    keyword: text(),
    timeoutMs: integer().notNull(),
    followRedirects: boolean().notNull(),
    publishPolicy: publishPolicyEnum().notNull(),
    downStatus: componentStatusEnum().notNull(),
    intervalSeconds: integer().notNull(),
    failureThreshold: integer().notNull(),
    recoveryThreshold: integer().notNull(),
    enabled: boolean().notNull(),
    /** The type's settings that are not secret (docs/design.md §29); see lib/monitors/settings.ts. */
    settings: jsonb().notNull().default({}),
    /** The type's secret values (header values, body, password, token, heartbeat secret), encrypted. */
    secretsEncrypted: text(),
    /** The customer-facing text of the incidents the monitor opens and resolves. */
    wording: jsonb().notNull().default({}),
    /** The certificate expiry a warning was sent for, so each certificate is announced once. */
    certificateWarnedFor: at(),
    /** The verdict across regions (docs/design.md §8), and when it began. */
    state: monitorStateEnum().notNull().default("pending"),
    since: at().notNull().defaultNow(),
    /** The incident this monitor opened for its current or last outage, while it is open. */
    /** The template its incidents are worded from; null: its own wording. */
    incidentTemplateId: uuid().references(() => incidentTemplate.id, { onDelete: "set null" }),
    incidentId: uuid().references(() => incident.id, { onDelete: "set null" }),
    /** A state change whose effects an in-progress maintenance held back; applied once it ends. */
    effectsHeld: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    index("monitor_incident_id_idx").on(t.incidentId),
    index("monitor_incident_template_id_idx").on(t.incidentTemplateId),
    index("monitor_workspace_id_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("monitor_component_id_idx").on(t.componentId),
  ],
);

/**
 * One row per (monitor, region): the region's schedule, lease and verdict. A checker claims due
 * rows of its region with a lease; only the lease holder records the check's result.
 */
export const monitorRegion = pgTable(
  "monitor_region",
  {
    monitorId: uuid()
      .notNull()
      .references(() => monitor.id, { onDelete: "cascade" }),
    region: text().notNull(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    nextDueAt: at().notNull(),
    lease: uuid(),
    leaseUntil: at(),
    state: monitorStateEnum().notNull().default("pending"),
    since: at().notNull().defaultNow(),
    /** Consecutive checks that disagree with `state`: positive when worse, negative when better. */
    streak: integer().notNull().default(0),
    /** The first check of the current streak: a new state is back-dated to it. */
    streakSince: at(),
    lastReportedAt: at(),
    lastResult: jsonb(),
    /** Checks that could not start within one interval of their slot. */
    skipped: integer().notNull().default(0),
    /** The statuses of the latest checks, oldest first, one letter each (u, g, d): at most 30. */
    recent: text().notNull().default(""),
    /** A heartbeat monitor's one slot: the SHA-256 of its ping secret, and its pings. */
    pingSecretHash: text(),
    lastPingAt: at(),
    /** The latest ping reported a failure (`/fail`); the next plain ping clears it. */
    pingFailed: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.monitorId, t.region] }),
    uniqueIndex("monitor_region_ping_secret_hash_key").on(t.pingSecretHash),
    index("monitor_region_workspace_id_reported_idx").on(t.workspaceId, t.lastReportedAt),
    // The checkers' claim reads due rows across workspaces, by region and time.
    index("monitor_region_region_next_due_idx").on(t.region, t.nextDueAt),
  ],
);

/**
 * Raw results. `monitorId` has no foreign key: deleting a monitor must not wait for hundreds of
 * thousands of rows, so its results are deleted in batches afterwards (see `monitorDeleted`), and
 * retention removes any left over.
 */
export const monitorResult = pgTable(
  "monitor_result",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    monitorId: uuid().notNull(),
    region: text().notNull(),
    scheduledAt: at().notNull(),
    startedAt: at().notNull(),
    status: checkStatusEnum().notNull(),
    latencyMs: integer().notNull(),
    statusCode: integer(),
    errorClass: text(),
    errorMessage: text(),
    timings: jsonb().notNull(),
    /** The failed assertion and the certificate's expiry, when there are any. */
    details: jsonb(),
  },
  (t) => [
    index("monitor_result_workspace_id_monitor_started_idx").on(
      t.workspaceId,
      t.monitorId,
      t.startedAt,
    ),
    // Retention deletes by age across workspaces.
    index("monitor_result_started_idx").on(t.startedAt),
    // One result per slot, whichever checker records it; a deleted monitor's results are found by it.
    uniqueIndex("monitor_result_monitor_region_scheduled_key").on(
      t.monitorId,
      t.region,
      t.scheduledAt,
    ),
  ],
);

/**
 * Hourly rollups per (monitor, region): counts and a latency histogram (log buckets) that merge
 * into any longer bucket; history and uptime read these, never the raw results.
 */
export const monitorRollup = pgTable(
  "monitor_rollup",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    monitorId: uuid()
      .notNull()
      .references(() => monitor.id, { onDelete: "cascade" }),
    region: text().notNull(),
    hour: at().notNull(),
    checks: integer().notNull(),
    failures: integer().notNull(),
    /** {bucket index: count}; see lib/monitors/histogram.ts. */
    histogram: jsonb().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.monitorId, t.region, t.hour] }),
    index("monitor_rollup_workspace_id_monitor_hour_idx").on(t.workspaceId, t.monitorId, t.hour),
    index("monitor_rollup_hour_idx").on(t.hour),
  ],
);

/**
 * The regions whose checkers have reported, and when last: a new monitor gets a slot in each
 * region seen within REGION_ACTIVE_WITHIN, so a region whose checkers are gone gets no more.
 */
export const checkerRegion = pgTable("checker_region", {
  region: text().primaryKey(),
  lastSeenAt: at().notNull(),
});

/**
 * Monitors deleted whose raw results are still being removed, a batch at a time. A trigger on
 * `monitor` adds the row, however the monitor went (its own delete, or its component's); no
 * foreign key, so it outlives what it names.
 */
export const monitorDeleted = pgTable("monitor_deleted", {
  monitorId: uuid().primaryKey(),
  workspaceId: uuid().notNull(),
  deletedAt: at().notNull().defaultNow(),
});

/**
 * The periods a monitor was down or degraded: opened when its verdict leaves `up`, closed when
 * it returns, with the first failing check's cause and the incident the monitor opened.
 */
export const monitorOutage = pgTable(
  "monitor_outage",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    monitorId: uuid()
      .notNull()
      .references(() => monitor.id, { onDelete: "cascade" }),
    state: outageStateEnum().notNull(),
    startedAt: at().notNull(),
    endedAt: at(),
    causeClass: text(),
    causeMessage: text(),
    incidentId: uuid().references(() => incident.id, { onDelete: "set null" }),
  },
  (t) => [
    index("monitor_outage_workspace_id_monitor_started_idx").on(
      t.workspaceId,
      t.monitorId,
      t.startedAt,
    ),
    index("monitor_outage_monitor_id_idx").on(t.monitorId),
    index("monitor_outage_incident_id_idx").on(t.incidentId),
  ],
);
