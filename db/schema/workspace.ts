import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { at, createdAt, id } from "./columns";

export const roleEnum = pgEnum("role", ["viewer", "editor", "admin", "owner"]);

export const workspace = pgTable(
  "workspace",
  {
    id: id(),
    name: text().notNull(),
    /** The IANA time zone the public page speaks in (its days, its `time_zone`). */
    timeZone: text().notNull().default("Etc/UTC"),
    // One workspace per deployment: the unique singleton makes a second setup fail in the database,
    // whatever the timing of two concurrent first calls.
    singleton: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("workspace_singleton_key").on(t.singleton),
    check("workspace_singleton_true", sql`${t.singleton}`),
  ],
);

export const member = pgTable(
  "member",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: roleEnum().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    // A user belongs to exactly one workspace; the session lookup joins on it.
    uniqueIndex("member_user_id_key").on(t.userId),
    index("member_workspace_id_role_idx").on(t.workspaceId, t.role),
  ],
);

/**
 * Counts the committed writes that may change what a workspace shows, across every instance.
 * Requests read it with their session (one round trip), so a copy kept in memory is checked
 * against the database on every request rather than trusted until a notification arrives.
 */
export const workspaceDataVersion = pgTable("workspace_data_version", {
  workspaceId: uuid()
    .primaryKey()
    .references(() => workspace.id, { onDelete: "cascade" }),
  version: bigint({ mode: "bigint" })
    .notNull()
    .default(sql`0`),
});

/** Values the deployment generates once and keeps with its data, such as the session secret. */
export const instanceSetting = pgTable("instance_setting", {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});
