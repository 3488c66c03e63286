import { index, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { at, createdAt, id } from "./columns";
import { roleEnum, workspace } from "./workspace";

/**
 * A token for scripts. Only the SHA-256 of its secret is kept; the creator's address is copied so
 * the list still says who made it after they have left.
 */
export const apiToken = pgTable(
  "api_token",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    name: text().notNull(),
    role: roleEnum().notNull(),
    prefix: text().notNull(),
    secretHash: text().notNull(),
    // Null once the creator's account is gone: the token stops working and stays listed.
    createdBy: uuid().references(() => user.id, { onDelete: "set null" }),
    createdByEmail: text().notNull(),
    createdAt: createdAt(),
    expiresAt: at(),
    lastUsedAt: at(),
  },
  (t) => [
    uniqueIndex("api_token_secret_hash_key").on(t.secretHash),
    index("api_token_workspace_id_created_at_idx").on(t.workspaceId, t.createdAt),
    index("api_token_created_by_idx").on(t.createdBy),
  ],
);

export const auditActorTypeEnum = pgEnum("audit_actor_type", [
  "user",
  "token",
  "monitor",
  "system",
]);

/** One change, written in the transaction that made it. */
export const auditEntry = pgTable(
  "audit_entry",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    at: at().notNull().defaultNow(),
    actorType: auditActorTypeEnum().notNull(),
    actorId: text(),
    actorName: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    targetName: text(),
    changes: jsonb(),
  },
  (t) => [
    index("audit_entry_workspace_id_at_idx").on(t.workspaceId, t.at.desc(), t.id.desc()),
    index("audit_entry_workspace_id_target_idx").on(t.workspaceId, t.targetType, t.targetId),
    index("audit_entry_workspace_id_actor_idx").on(t.workspaceId, t.actorId),
  ],
);
