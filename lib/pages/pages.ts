import { hashPassword, verifyPassword } from "better-auth/crypto";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { getDb, schema, type Executor } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { changesBetween, recordAudit, REDACTED, type Changes } from "@/lib/audit/audit";
import { pageAccessKey, pageReadToken, preparePageAccess } from "@/lib/crypto/page-access";
import { transactionChangingData } from "@/lib/changes/changes";
import { config } from "@/lib/config";
import type { Actor } from "@/lib/contract/actor";
import { decryptSecret } from "@/lib/crypto/secrets";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/errors";
import { openIdClientSecret, SECRET_MASK } from "@/lib/net/openid";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { workspaceColumns } from "@/lib/workspace/workspace";
import { pageUrl } from "./url";
import {
  type CreatePageInput,
  type Page,
  type PageBrandingInput,
  type PageOidcInput,
  type PatchPageInput,
} from "./schemas";

const { statusPage, workspace, component, componentGroup } = schema;

type PageRow = typeof statusPage.$inferSelect;
type WorkspaceRow = Awaited<ReturnType<typeof readWorkspace>>;

const BRANDING_FIELDS = [
  "accentColor",
  "accentColorDark",
  "headerLinks",
  "supportUrl",
  "footerText",
  "showPoweredBy",
] as const;

async function readWorkspace(tx: Executor, workspaceId: string) {
  const [row] = await tx
    .select(workspaceColumns)
    .from(workspace)
    .where(eq(workspace.id, workspaceId));
  if (!row) throw new NotFoundError("workspace");
  return row;
}

/** What the API answers for a page: the first one wears the workspace's name and dress. */
function pageOf(
  row: PageRow,
  ws: WorkspaceRow,
  order: string[],
  groupOrder: string[],
  readToken: string | null,
): Page {
  const own = row.isDefault ? ws : row;
  const inOrder = (ids: string[], all: string[]) => {
    const wanted = new Set(ids);
    return all.filter((id) => wanted.has(id));
  };
  const locale = row.isDefault ? ws.defaultLocale : row.defaultLocale;
  return {
    id: row.id,
    name: (row.isDefault ? ws.name : row.name) ?? ws.name,
    slug: row.slug,
    host: row.host,
    visibility: row.visibility,
    hasPassword: row.passwordHash !== null,
    readToken,
    isDefault: row.isDefault,
    url: pageUrl(row),
    componentIds: inOrder(row.componentIds, order),
    groupIds: inOrder(row.groupIds, groupOrder),
    branding: {
      accentColor: own.accentColor ?? null,
      accentColorDark: own.accentColorDark ?? null,
      headerLinks: own.headerLinks ?? [],
      supportUrl: own.supportUrl ?? null,
      footerText: own.footerText ?? "",
      showPoweredBy: own.showPoweredBy ?? true,
    },
    language: locale && isLocale(locale) ? locale : "en",
    timeZone: (row.isDefault ? ws.timeZone : row.timeZone) ?? ws.timeZone,
    oidc:
      row.oidcIssuer && row.oidcClientId
        ? {
            issuer: row.oidcIssuer,
            clientId: row.oidcClientId,
            clientSecret: SECRET_MASK,
            callbackUrl: pageCallbackUrl(row),
          }
        : null,
    createdAt: row.createdAt,
  };
}

/** Where a page's OpenID provider sends its readers back: the redirect URI to register. */
export const pageCallbackUrl = (page: { isDefault: boolean; slug: string; host: string | null }) =>
  `${pageUrl(page)}/access/callback`;

const oidcBinding = (pageId: string) => `status_page.oidc_client_secret:${pageId}`;

/**
 * The provider columns a change sets: none when `oidc` is not sent, cleared by null, else
 * checked at the provider with the secret encrypted for the page's row (see
 * openIdClientSecret). Done before the transaction: it asks the provider.
 */
async function oidcColumns(
  pageId: string,
  oidc: PageOidcInput | null | undefined,
  stored: { issuer: string | null; clientId: string | null; secret: string | null } | null,
) {
  if (oidc === undefined) return {};
  if (oidc === null) {
    return { oidcIssuer: null, oidcClientId: null, oidcClientSecretEncrypted: null };
  }
  return {
    oidcIssuer: oidc.issuer,
    oidcClientId: oidc.clientId,
    oidcClientSecretEncrypted: await openIdClientSecret({
      input: oidc,
      stored,
      field: "oidc.",
      binding: oidcBinding(pageId),
    }),
  };
}

/** An audience page's provider with its secret, for the sign-in that needs it (null: none). */
export async function pageSignInClient(pageId: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      issuer: statusPage.oidcIssuer,
      clientId: statusPage.oidcClientId,
      secret: statusPage.oidcClientSecretEncrypted,
      visibility: statusPage.visibility,
    })
    .from(statusPage)
    .where(eq(statusPage.id, pageId));
  if (!row?.issuer || !row.clientId || !row.secret || row.visibility !== "audience") return null;
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: await decryptSecret(row.secret, oidcBinding(pageId)),
  };
}

/** The workspace's components and groups in page order, to answer a page's lists in it. */
export async function orders(tx: Executor, workspaceId: string) {
  const [components, groups] = await Promise.all([
    tx
      .select({ id: component.id })
      .from(component)
      .leftJoin(componentGroup, eq(componentGroup.id, component.groupId))
      .where(eq(component.workspaceId, workspaceId))
      .orderBy(sql`${componentGroup.position} asc nulls first`, asc(component.position)),
    tx
      .select({ id: componentGroup.id })
      .from(componentGroup)
      .where(eq(componentGroup.workspaceId, workspaceId))
      .orderBy(asc(componentGroup.position)),
  ]);
  return { components: components.map((c) => c.id), groups: groups.map((g) => g.id) };
}

async function answer(tx: Executor, workspaceId: string, rows: PageRow[]): Promise<Page[]> {
  const [ws, order] = await Promise.all([readWorkspace(tx, workspaceId), orders(tx, workspaceId)]);
  return Promise.all(
    rows.map(async (row) =>
      pageOf(row, ws, order.components, order.groups, await readTokenOf(row)),
    ),
  );
}

async function readTokenOf(row: PageRow): Promise<string | null> {
  if (row.visibility !== "password" || !row.passwordHash) return null;
  return pageReadToken(await pageAccessKey(row.id, row.passwordHash));
}

/**
 * Who may read a page, as it will be: the first page stays public (its subscription pages are
 * the workspace's), a password page needs a password, an audience page its audiences.
 */
function assertVisibility(page: {
  isDefault: boolean;
  visibility: PageRow["visibility"];
  passwordHash: string | null;
}) {
  if (page.visibility === "public") return;
  if (page.isDefault) {
    throw ValidationError.field(
      "visibility",
      "The first page is public (it takes the workspace's email subscriptions); make another page private.",
    );
  }
  // Readers of an audience page sign in; its audiences say who may and what each sees.
  if (page.visibility === "audience") return;
  if (!page.passwordHash) {
    throw ValidationError.field("password", "A password page needs a password.");
  }
}

/** A visitor's password for a page, checked against the page's (false for any other page). */
export async function verifyPagePassword(pageId: string, password: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ hash: statusPage.passwordHash, visibility: statusPage.visibility })
    .from(statusPage)
    .where(eq(statusPage.id, pageId));
  if (!row?.hash || row.visibility !== "password") return false;
  return verifyPassword({ hash: row.hash, password });
}

export async function listPages({ ctx }: { ctx: Pick<Actor, "workspaceId"> }) {
  const db = await getDb();
  await preparePageAccess();
  const rows = await db
    .select()
    .from(statusPage)
    .where(eq(statusPage.workspaceId, ctx.workspaceId))
    .orderBy(desc(statusPage.isDefault), asc(statusPage.createdAt), asc(statusPage.id));
  return { data: await answer(db, ctx.workspaceId, rows) };
}

async function pageRow(tx: Executor, workspaceId: string, id: string, lock = false) {
  const query = tx
    .select()
    .from(statusPage)
    .where(and(eq(statusPage.workspaceId, workspaceId), eq(statusPage.id, id)));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw new NotFoundError("page");
  return row;
}

export async function getPage({ ctx, id }: { ctx: Pick<Actor, "workspaceId">; id: string }) {
  const db = await getDb();
  await preparePageAccess();
  const [page] = await answer(db, ctx.workspaceId, [await pageRow(db, ctx.workspaceId, id)]);
  return page!;
}

/** Every id must name a component (or group) of the workspace: else 400 naming each entry. */
export async function assertAllExist(
  tx: Executor,
  workspaceId: string,
  table: typeof component | typeof componentGroup,
  ids: readonly string[],
  field: "componentIds" | "groupIds",
) {
  if (!ids.length) return;
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), inArray(table.id, [...ids])));
  const known = new Set(found.map((row) => row.id));
  const what = field === "componentIds" ? "component" : "component group";
  const errors = ids.flatMap((id, index) =>
    known.has(id)
      ? []
      : [{ field: `${field}.${index}`, message: `No ${what} with that id in this workspace.` }],
  );
  if (errors.length) throw new ValidationError(errors);
}

/** A page's host may not be where the dashboard or the first page's STATUS_PAGE_HOST answer. */
function assertHostFree(host: string | null | undefined) {
  if (!host) return;
  const { baseUrl, statusPageHost } = config();
  if (host === new URL(baseUrl).host || host === statusPageHost) {
    throw ValidationError.field(
      "host",
      "This host already serves the dashboard or the first page (BASE_URL, STATUS_PAGE_HOST).",
    );
  }
}

async function checkMembers(tx: Executor, workspaceId: string, input: PatchPageInput) {
  const unique = (ids?: string[]) => (ids ? [...new Set(ids)] : undefined);
  const componentIds = unique(input.componentIds);
  const groupIds = unique(input.groupIds);
  if (componentIds) {
    await assertAllExist(tx, workspaceId, component, componentIds, "componentIds");
  }
  if (groupIds) await assertAllExist(tx, workspaceId, componentGroup, groupIds, "groupIds");
  return { componentIds, groupIds };
}

/** The name of the unique index a write broke (postgres.js and PGlite name it differently). */
function violatedIndex(error: unknown): string | undefined {
  for (let e = error as Record<string, unknown> | undefined; e; e = e.cause as typeof e) {
    const name = e.constraint_name ?? e.constraint;
    if (typeof name === "string") return name;
  }
  return undefined;
}

function taken(error: unknown, input: PatchPageInput): never {
  if (isUniqueViolation(error)) {
    if (input.host && violatedIndex(error)?.includes("host")) {
      throw new ConflictError("host_taken", `Another page already answers on ${input.host}.`);
    }
    throw new ConflictError("slug_taken", `Another page already has the slug ${input.slug}.`);
  }
  throw error;
}

const brandingColumns = (branding: PageBrandingInput | undefined) =>
  Object.fromEntries(
    BRANDING_FIELDS.filter((field) => branding?.[field] !== undefined).map((field) => [
      field,
      branding![field],
    ]),
  ) as PageBrandingInput;

/** A password set is in the audit log as a change, never with its value. */
const withPassword = (changes: Changes | undefined, set: boolean): Changes | undefined =>
  set ? { ...changes, password: { from: REDACTED, to: REDACTED } } : changes;

const audited = (page: Page) => ({
  name: page.name,
  slug: page.slug,
  host: page.host,
  visibility: page.visibility,
  componentIds: page.componentIds,
  groupIds: page.groupIds,
  language: page.language,
  timeZone: page.timeZone,
  ...page.branding,
  oidcIssuer: page.oidc?.issuer ?? null,
  oidcClientId: page.oidc?.clientId ?? null,
});

/** A provider's secret set is in the audit log as a change, never with its value. */
const withOidcSecret = (changes: Changes | undefined, oidc: PageOidcInput | null | undefined) =>
  oidc && oidc.clientSecret !== SECRET_MASK
    ? { ...changes, oidcClientSecret: { from: REDACTED, to: REDACTED } }
    : changes;

/** Only an audience page signs readers in with a provider. */
function assertOidcFits(visibility: PageRow["visibility"], oidc: PageOidcInput | null | undefined) {
  if (oidc && visibility !== "audience") {
    throw ValidationError.field(
      "oidc",
      "Only an audience page signs its readers in with a provider.",
    );
  }
}

/** A page beside the first: its own dress starts as the workspace's unless given. */
export async function createPage({ ctx, input }: { ctx: Actor; input: CreatePageInput }) {
  assertHostFree(input.host);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  assertVisibility({ isDefault: false, visibility: input.visibility ?? "public", passwordHash });
  assertOidcFits(input.visibility ?? "public", input.oidc);
  const id = uuidv7();
  const oidc = await oidcColumns(id, input.oidc, null);
  await preparePageAccess();
  try {
    return await transactionChangingData(ctx.workspaceId, (tx) =>
      insertPage(tx, ctx, input, { id, oidc, passwordHash }),
    );
  } catch (error) {
    taken(error, input);
  }
}

/**
 * createPage in the caller's transaction, with what it prepared before (the id, the sign-in
 * columns and the password's hash). A page taken by slug or host is a unique violation.
 */
export async function insertPage(
  tx: Executor,
  ctx: Actor,
  input: CreatePageInput,
  prepared: {
    id: string;
    oidc: Awaited<ReturnType<typeof oidcColumns>>;
    passwordHash: string | null;
  },
) {
  const { id, oidc, passwordHash } = prepared;
  const ws = await readWorkspace(tx, ctx.workspaceId);
  const { componentIds, groupIds } = await checkMembers(tx, ctx.workspaceId, input);
  const [row] = await tx
    .insert(statusPage)
    .values({
      id,
      workspaceId: ctx.workspaceId,
      ...oidc,
      name: input.name,
      slug: input.slug,
      host: input.host ?? null,
      visibility: input.visibility ?? "public",
      passwordHash: input.visibility === "password" ? passwordHash : null,
      componentIds: componentIds ?? [],
      groupIds: groupIds ?? [],
      timeZone: input.timeZone ?? ws.timeZone,
      defaultLocale: (input.language ?? ws.defaultLocale) as Locale,
      accentColor: ws.accentColor,
      accentColorDark: ws.accentColorDark,
      headerLinks: ws.headerLinks,
      supportUrl: ws.supportUrl,
      footerText: ws.footerText,
      showPoweredBy: ws.showPoweredBy,
      ...brandingColumns(input.branding),
    })
    .returning();
  const [page] = await answer(tx, ctx.workspaceId, [row!]);
  await recordAudit(
    tx,
    ctx,
    "page.create",
    { type: "page", id: page!.id, name: page!.name },
    withOidcSecret(
      withPassword(changesBetween(null, audited(page!)), !!input.password),
      input.oidc,
    ),
  );
  return page!;
}

/**
 * Ends a page's subscriptions, and the requests not handled yet, when it closes (it becomes
 * private, or takes a new password): as with its readers' access, whoever subscribed while they
 * could read it may not any more, and would otherwise keep hearing what it shows.
 */
async function endSubscriptions(tx: Executor, workspaceId: string, pageId: string) {
  for (const table of [schema.subscriber, schema.subscriptionRequest]) {
    await tx.delete(table).where(and(eq(table.workspaceId, workspaceId), eq(table.pageId, pageId)));
  }
}

/**
 * Changes what is sent. The first page's name, language, zone and dress are the workspace's:
 * changing them here changes the workspace's.
 */
export async function updatePage({
  ctx,
  id,
  input,
}: {
  ctx: Actor;
  id: string;
  input: PatchPageInput;
}) {
  assertHostFree(input.host);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const db = await getDb();
  const current = await pageRow(db, ctx.workspaceId, id);
  assertOidcFits(input.visibility ?? current.visibility, input.oidc);
  const oidc = await oidcColumns(id, input.oidc, {
    issuer: current.oidcIssuer,
    clientId: current.oidcClientId,
    secret: current.oidcClientSecretEncrypted,
  });
  await preparePageAccess();
  try {
    return await transactionChangingData(ctx.workspaceId, async (tx) => {
      const row = await pageRow(tx, ctx.workspaceId, id, true);
      if (row.isDefault && input.host) {
        throw ValidationError.field(
          "host",
          "The first page answers on STATUS_PAGE_HOST (set in the server's environment), with its subscription pages; give other pages hosts of their own.",
        );
      }
      assertVisibility({
        isDefault: row.isDefault,
        visibility: input.visibility ?? row.visibility,
        passwordHash: passwordHash ?? row.passwordHash,
      });
      const [before] = await answer(tx, ctx.workspaceId, [row]);
      const { componentIds, groupIds } = await checkMembers(tx, ctx.workspaceId, input);
      const dress = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
        ...(input.language !== undefined ? { defaultLocale: input.language } : {}),
        ...brandingColumns(input.branding),
      };
      const now = new Date();
      if (row.isDefault && Object.keys(dress).length) {
        await tx
          .update(workspace)
          .set({ ...dress, updatedAt: now })
          .where(eq(workspace.id, ctx.workspaceId));
      }
      const [updated] = await tx
        .update(statusPage)
        .set({
          ...(row.isDefault ? {} : dress),
          ...(input.slug !== undefined ? { slug: input.slug } : {}),
          ...(input.host !== undefined ? { host: input.host } : {}),
          ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          // A page that stops being a password page forgets its password: made one again, it
          // needs a new one, and no cookie or token of before opens it.
          ...((input.visibility ?? row.visibility) !== "password" ? { passwordHash: null } : {}),
          ...oidc,
          // Only an audience page signs readers in with a provider.
          ...((input.visibility ?? row.visibility) !== "audience"
            ? { oidcIssuer: null, oidcClientId: null, oidcClientSecretEncrypted: null }
            : {}),
          ...(componentIds ? { componentIds } : {}),
          ...(groupIds ? { groupIds } : {}),
          updatedAt: now,
        })
        .where(and(eq(statusPage.workspaceId, ctx.workspaceId), eq(statusPage.id, id)))
        .returning();
      const visibility = input.visibility ?? row.visibility;
      if (
        (visibility !== "public" && visibility !== row.visibility) ||
        (passwordHash && row.passwordHash)
      ) {
        await endSubscriptions(tx, ctx.workspaceId, id);
      }
      const [page] = await answer(tx, ctx.workspaceId, [updated!]);
      await recordAudit(
        tx,
        ctx,
        "page.update",
        { type: "page", id, name: page!.name },
        withOidcSecret(
          withPassword(changesBetween(audited(before!), audited(page!)), !!input.password),
          input.oidc,
        ),
      );
      return page!;
    });
  } catch (error) {
    taken(error, input);
  }
}

export async function deletePage({ ctx, id }: { ctx: Actor; id: string }) {
  await transactionChangingData(ctx.workspaceId, async (tx) => {
    const row = await pageRow(tx, ctx.workspaceId, id, true);
    if (row.isDefault) {
      throw new ConflictError(
        "default_page",
        "The first page answers at / and cannot be deleted; change what it shows instead.",
      );
    }
    await tx
      .delete(statusPage)
      .where(and(eq(statusPage.workspaceId, ctx.workspaceId), eq(statusPage.id, id)));
    await recordAudit(tx, ctx, "page.delete", { type: "page", id, name: row.name });
  });
}

/** A component or group created goes on the first page, which shows everything unless told not to. */
export async function addToDefaultPage(
  tx: Executor,
  workspaceId: string,
  item: { componentId: string } | { groupId: string },
) {
  await addTo(
    tx,
    and(eq(statusPage.workspaceId, workspaceId), eq(statusPage.isDefault, true)),
    item,
  );
}

/** Takes a component or group off the first page's lists (it may still show through a group). */
export async function removeFromDefaultPage(
  tx: Executor,
  workspaceId: string,
  item: { componentId: string } | { groupId: string },
) {
  await tx
    .update(statusPage)
    .set(
      "componentId" in item
        ? { componentIds: sql`array_remove(${statusPage.componentIds}, ${item.componentId}::uuid)` }
        : { groupIds: sql`array_remove(${statusPage.groupIds}, ${item.groupId}::uuid)` },
    )
    .where(and(eq(statusPage.workspaceId, workspaceId), eq(statusPage.isDefault, true)));
}

/** Lists a component or group on one page, unless it lists it already. */
export async function addToPage(
  tx: Executor,
  workspaceId: string,
  pageId: string,
  item: { componentId: string } | { groupId: string },
) {
  const [column, id] =
    "componentId" in item
      ? [statusPage.componentIds, item.componentId]
      : [statusPage.groupIds, item.groupId];
  await addTo(
    tx,
    and(
      eq(statusPage.workspaceId, workspaceId),
      eq(statusPage.id, pageId),
      sql`not (${id}::uuid = any(${column}))`,
    ),
    item,
  );
}

async function addTo(
  tx: Executor,
  where: SQL | undefined,
  item: { componentId: string } | { groupId: string },
) {
  const set =
    "componentId" in item
      ? { componentIds: sql`array_append(${statusPage.componentIds}, ${item.componentId}::uuid)` }
      : { groupIds: sql`array_append(${statusPage.groupIds}, ${item.groupId}::uuid)` };
  await tx.update(statusPage).set(set).where(where);
}
