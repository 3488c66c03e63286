import type { Locale } from "@/lib/i18n/locales";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./columns";
import { workspace } from "./workspace";

export const pageVisibilityEnum = pgEnum("page_visibility", ["public", "password", "audience"]);

/**
 * A status page: the first one (`isDefault`) answers at `/` and wears the workspace's name,
 * language, zone and dress; every other one answers at `/p/{slug}` (and at its own host) and
 * carries its own. Components are shared: a page shows those it lists and the members of the
 * groups it lists, in the workspace's order.
 */
export const statusPage = pgTable(
  "status_page",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    isDefault: boolean().notNull().default(false),
    slug: text().notNull(),
    /** Lowercased host name (`status.example.com`) the page also answers on, or null. */
    host: text(),
    visibility: pageVisibilityEnum().notNull().default("public"),
    /** A password page's password (scrypt); changing it ends every visitor's access. */
    passwordHash: text(),
    componentIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    groupIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    // The first page reads these from the workspace; they are null on its row.
    name: text(),
    timeZone: text(),
    defaultLocale: text().$type<Locale>(),
    accentColor: text(),
    accentColorDark: text(),
    headerLinks: jsonb().$type<{ label: string; url: string }[]>(),
    supportUrl: text(),
    footerText: text(),
    showPoweredBy: boolean(),
    /** An audience page's OpenID provider for its readers, with its client (secret encrypted). */
    oidcIssuer: text(),
    oidcClientId: text(),
    oidcClientSecretEncrypted: text(),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("status_page_workspace_id_slug_key").on(t.workspaceId, t.slug),
    uniqueIndex("status_page_workspace_id_default_key")
      .on(t.workspaceId)
      .where(sql`${t.isDefault}`),
    uniqueIndex("status_page_host_key").on(t.host),
    index("status_page_workspace_id_created_at_idx").on(t.workspaceId, t.createdAt),
  ],
);

/**
 * Who may read an audience page, and what each reader sees: the components listed, to the
 * addresses listed and to every address in the domains listed. A visitor in several audiences
 * sees the union of theirs.
 */
export const pageAudience = pgTable(
  "page_audience",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    pageId: uuid()
      .notNull()
      .references(() => statusPage.id, { onDelete: "cascade" }),
    name: text().notNull(),
    componentIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Lower-cased domains (`example.com`) whose every address belongs to the audience. */
    emailDomains: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lower-cased addresses that belong to the audience. */
    members: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    index("page_audience_workspace_id_page_id_idx").on(t.workspaceId, t.pageId, t.createdAt),
    // Deleting a page deletes its audiences by this index.
    index("page_audience_page_id_idx").on(t.pageId),
  ],
);
