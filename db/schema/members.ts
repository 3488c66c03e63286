import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { at, createdAt, id } from "./columns";
import { roleEnum, workspace } from "./workspace";

/** A pending invitation; only the SHA-256 of its token is kept. */
export const invitation = pgTable(
  "invitation",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    email: text().notNull(),
    role: roleEnum().notNull(),
    tokenHash: text().notNull(),
    invitedBy: uuid().references(() => user.id, { onDelete: "set null" }),
    expiresAt: at().notNull(),
    acceptedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    index("invitation_invited_by_idx").on(t.invitedBy),
    uniqueIndex("invitation_token_hash_key").on(t.tokenHash),
    index("invitation_workspace_id_email_idx").on(t.workspaceId, t.email),
  ],
);
