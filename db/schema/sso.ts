import { sql } from "drizzle-orm";
import { boolean, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { at, createdAt } from "./columns";
import { roleEnum, workspace } from "./workspace";

/**
 * The team's OpenID Connect sign-in: the provider, the client registered with it (its secret
 * encrypted for this row), who may join through it and with what role, and whether it is the
 * only way in for everyone but the owner.
 */
export const workspaceSso = pgTable("workspace_sso", {
  workspaceId: uuid()
    .primaryKey()
    .references(() => workspace.id, { onDelete: "cascade" }),
  enabled: boolean().notNull().default(true),
  issuer: text().notNull(),
  clientId: text().notNull(),
  clientSecretEncrypted: text().notNull(),
  /** Lower-cased domains whose addresses may join as new members through the provider. */
  allowedDomains: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  defaultRole: roleEnum().notNull().default("viewer"),
  requireSso: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: at().notNull().defaultNow(),
});

/**
 * Addresses of members removed from the workspace: the provider may not bring them back as new
 * members; an invitation does.
 */
export const removedMember = pgTable(
  "removed_member",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    email: text().notNull(),
    removedAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.email] })],
);
