import type { Locale } from "@/lib/i18n/locales";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
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
    /** The language of the public page when a visitor's browser asks for none it speaks. */
    defaultLocale: text().$type<Locale>().notNull().default("en"),
    /** The page's accent (`#rrggbb`) in the light scheme, and in the dark one (else derived). */
    accentColor: text(),
    accentColorDark: text(),
    headerLinks: jsonb().$type<{ label: string; url: string }[]>().notNull().default([]),
    supportUrl: text(),
    /** Markdown, shown at the foot of every public page. */
    footerText: text().notNull().default(""),
    showPoweredBy: boolean().notNull().default(true),
    /** Minutes to the next update that an incident update promises when it names no time. */
    updateCadenceMinutes: integer(),
    /** Addresses the availability report is mailed to each month; none = not mailed. */
    reportRecipients: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("workspace_singleton_key").on(t.singleton),
    check("workspace_singleton_true", sql`${t.singleton}`),
  ],
);

export const imageKindEnum = pgEnum("image_kind", ["logo_light", "logo_dark", "favicon"]);

/** The public page's images (logos, favicon), kept with the data so every instance serves them. */
export const workspaceImage = pgTable(
  "workspace_image",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    kind: imageKindEnum().notNull(),
    contentType: text().notNull(),
    /** The image's bytes, base64. */
    data: text().notNull(),
    /** SHA-256 of the bytes (hex): the version in the image's address. */
    digest: text().notNull(),
    size: integer().notNull(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind] })],
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
