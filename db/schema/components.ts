import { index, integer, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./columns";
import { workspace } from "./workspace";

export const componentStatusEnum = pgEnum("component_status", [
  "operational",
  "degraded_performance",
  "partial_outage",
  "major_outage",
  "under_maintenance",
]);

export const statusCauseEnum = pgEnum("status_cause", [
  "manual",
  "incident",
  "maintenance",
  "monitor",
]);

export const componentGroup = pgTable(
  "component_group",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    name: text().notNull(),
    // 0..n-1 within the workspace, without gaps (kept so under the workspace row lock).
    position: integer().notNull(),
    createdAt: createdAt(),
  },
  // Unique (workspace_id, position), deferred: see migration 0003.
);

export const component = pgTable(
  "component",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    groupId: uuid().references(() => componentGroup.id, { onDelete: "set null" }),
    name: text().notNull(),
    description: text().notNull().default(""),
    status: componentStatusEnum().notNull().default("operational"),
    // The index in the workspace's component order (PUT /v1/components/order), without gaps.
    position: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  // Unique (workspace_id, position), deferred: see migration 0003.
  (t) => [index("component_group_id_idx").on(t.groupId)],
);

/**
 * Every change of a component's status, from its first status at creation on. The public
 * page's uptime bars aggregate it per day: one range scan per component and period.
 */
export const componentStatusChange = pgTable(
  "component_status_change",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    componentId: uuid()
      .notNull()
      .references(() => component.id, { onDelete: "cascade" }),
    fromStatus: componentStatusEnum(),
    toStatus: componentStatusEnum().notNull(),
    cause: statusCauseEnum().notNull(),
    /** The incident, maintenance or monitor that caused it; null for manual changes. */
    causeId: uuid(),
    changedBy: uuid(),
    changedAt: at().notNull().defaultNow(),
  },
  (t) => [
    index("component_status_change_component_id_idx").on(t.componentId),
    // With id and status in the key, a component's history in a period is read from the index
    // alone, already in order (availability reports, uptime bars).
    index("component_status_change_workspace_component_changed_idx").on(
      t.workspaceId,
      t.componentId,
      t.changedAt,
      t.id,
      t.toStatus,
    ),
  ],
);
