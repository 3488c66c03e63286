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
import { user } from "./auth";
import { at, createdAt, id } from "./columns";
import { component } from "./components";
import { workspace } from "./workspace";

export const maintenanceStatusEnum = pgEnum("maintenance_status", [
  "scheduled",
  "in_progress",
  "completed",
  "cancelled",
]);

/**
 * A recurring window: an RFC 5545 rule read on the wall clock of `timeZone`, so every occurrence
 * starts at the same local time across clock changes. Its occurrences are ordinary windows,
 * created ahead of time (docs/design.md §33).
 */
export const maintenanceSeries = pgTable(
  "maintenance_series",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    title: text().notNull(),
    body: text().notNull(),
    /** The RRULE's properties, without DTSTART: the first window's start gives day and time. */
    recurrence: text().notNull(),
    timeZone: text().notNull(),
    /** The first window's times: its local start and its length are every occurrence's. */
    startsAt: at().notNull(),
    endsAt: at().notNull(),
    componentIds: jsonb().$type<string[]>().notNull(),
    remindBeforeMinutes: integer(),
    /** Occurrences exist up to here; the series job extends it. */
    createdUntil: at().notNull(),
    endedAt: at(),
    /** Bumped on every edit or end; older extension runs then do nothing. */
    revision: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [index("maintenance_series_workspace_id_idx").on(t.workspaceId, t.createdAt)],
);

export const maintenance = pgTable(
  "maintenance",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    title: text().notNull(),
    body: text().notNull(),
    status: maintenanceStatusEnum().notNull().default("scheduled"),
    startsAt: at().notNull(),
    endsAt: at().notNull(),
    /** When the window actually started and ended (its transitions' times). */
    startedAt: at(),
    completedAt: at(),
    cancelledAt: at(),
    /** Subscribers are told this many minutes before the start (`maintenance.reminder`). */
    remindBeforeMinutes: integer(),
    remindedAt: at(),
    /** When an event about the window first went out: from then on it is cancelled, not deleted. */
    announcedAt: at(),
    seriesId: uuid().references(() => maintenanceSeries.id, { onDelete: "set null" }),
    /** The start the series' rule gave this occurrence: the key that keeps it from coming twice. */
    occurrenceAt: at(),
    /** Edited or cancelled on its own: edits to the series leave it as it is. */
    detached: boolean().notNull().default(false),
    /** Bumped whenever the window's times change or it is cancelled; older runs then do nothing. */
    revision: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    index("maintenance_workspace_id_starts_at_idx").on(t.workspaceId, t.startsAt, t.id),
    uniqueIndex("maintenance_series_id_occurrence_at_idx").on(t.seriesId, t.occurrenceAt),
  ],
);

export const maintenanceComponent = pgTable(
  "maintenance_component",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    maintenanceId: uuid()
      .notNull()
      .references(() => maintenance.id, { onDelete: "cascade" }),
    componentId: uuid()
      .notNull()
      .references(() => component.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("maintenance_component_component_id_idx").on(t.componentId),
    primaryKey({ columns: [t.maintenanceId, t.componentId] }),
    index("maintenance_component_workspace_id_component_id_idx").on(t.workspaceId, t.componentId),
  ],
);

/** A progress note on a window, shown publicly and sent like incident updates. */
export const maintenanceUpdate = pgTable(
  "maintenance_update",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    maintenanceId: uuid()
      .notNull()
      .references(() => maintenance.id, { onDelete: "cascade" }),
    /** The window's status when the note was posted. */
    status: maintenanceStatusEnum().notNull(),
    body: text().notNull(),
    createdBy: uuid().references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("maintenance_update_created_by_idx").on(t.createdBy),
    index("maintenance_update_maintenance_id_idx").on(t.maintenanceId),
    index("maintenance_update_workspace_id_maintenance_id_idx").on(
      t.workspaceId,
      t.maintenanceId,
      t.createdAt,
    ),
  ],
);
