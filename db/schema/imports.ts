import { index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { workspace } from "./workspace";

/**
 * What an import made of each record of its source: importing the same source again finds the
 * record here and changes it (or leaves it) instead of making it twice.
 */
export const importRecord = pgTable(
  "import_record",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    /** statuspage, instatus, betterstack or uptime-kuma. */
    source: text().notNull(),
    /** page, group, component, incident, incident_update, maintenance, template, subscriber, monitor. */
    kind: text().notNull(),
    sourceId: text().notNull(),
    targetId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.source, t.kind, t.sourceId] }),
    index("import_record_workspace_id_target_id_idx").on(t.workspaceId, t.targetId),
  ],
);
