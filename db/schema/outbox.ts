import { index, integer, jsonb, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./columns";
import { workspace } from "./workspace";

export const eventTypeEnum = pgEnum("event_type", [
  "incident.created",
  "incident.updated",
  "incident.resolved",
  "maintenance.scheduled",
  "maintenance.started",
  "maintenance.completed",
  "maintenance.cancelled",
  "maintenance.updated",
  "monitor.certificate_expiring",
  "incident.update_overdue",
  "incident.postmortem_published",
  "maintenance.reminder",
]);

/**
 * The transactional outbox: each event is written in the same transaction as the change it
 * reports, so a crash between commit and delivery loses nothing. `data` is the event's payload
 * as receivers get it (docs/design.md §5).
 */
export const outboxEvent = pgTable(
  "outbox_event",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    type: eventTypeEnum().notNull(),
    data: jsonb().notNull(),
    occurredAt: at().notNull(),
    /** Set once the event's deliveries exist; the fan-out picks up events where it is null. */
    fannedOutAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_event_workspace_id_occurred_at_idx").on(t.workspaceId, t.occurredAt),
    index("outbox_event_fanned_out_at_idx").on(t.fannedOutAt, t.occurredAt),
  ],
);

export const jobStateEnum = pgEnum("job_state", ["pending", "done", "cancelled", "failed"]);

/**
 * Time-driven work, as durable rows: the embedded runner (and Inngest's sweep) runs what is due,
 * so a window whose time passed while the server was down is caught up right after start.
 */
export const scheduledJob = pgTable(
  "scheduled_job",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    subjectId: uuid().notNull(),
    revision: integer().notNull().default(0),
    runAt: at().notNull(),
    state: jobStateEnum().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    doneAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    index("scheduled_job_state_run_at_idx").on(t.state, t.runAt),
    index("scheduled_job_workspace_id_subject_id_idx").on(t.workspaceId, t.subjectId),
  ],
);
