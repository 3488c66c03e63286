import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, or, gt, sql } from "drizzle-orm";
import { getDb, preparedRead, schema } from "@/db/client";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import type { Actor } from "@/lib/contract/actor";
import { roleAtLeast, type Role } from "@/lib/contract/roles";
import { hashToken } from "@/lib/crypto/tokens";
import { ForbiddenError, NotFoundError, ValidationError } from "@/lib/errors";
import type { ApiToken, ApiTokenInput } from "./schemas";

const { apiToken, member, user, workspaceDataVersion } = schema;

export const SECRET_PREFIX = "ac_";
const SECRET_SHAPE = /^ac_[A-Za-z0-9_-]{40}$/;
/** How often a token's last use is written: a busy script does not write on every request. */
const LAST_USE_PRECISION_MS = 60_000;

const tokenColumns = {
  id: apiToken.id,
  name: apiToken.name,
  role: apiToken.role,
  prefix: apiToken.prefix,
  createdAt: apiToken.createdAt,
  createdBy: apiToken.createdBy,
  createdByEmail: apiToken.createdByEmail,
  expiresAt: apiToken.expiresAt,
  lastUsedAt: apiToken.lastUsedAt,
  creatorRole: member.role,
};

type TokenRow = {
  id: string;
  name: string;
  role: Role;
  prefix: string;
  createdAt: Date;
  createdBy: string | null;
  createdByEmail: string;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  creatorRole: Role | null;
};

function present(row: TokenRow): ApiToken {
  const { createdBy, createdByEmail, creatorRole, ...token } = row;
  const status =
    row.expiresAt && row.expiresAt.getTime() <= Date.now()
      ? "expired"
      : !createdBy || !creatorRole
        ? "creator_removed"
        : !roleAtLeast(creatorRole, row.role)
          ? "creator_role_too_low"
          : "active";
  return {
    ...token,
    role: token.role as ApiToken["role"],
    createdBy: { userId: createdBy, email: createdByEmail },
    status,
  };
}

function readTokens(workspaceId: string, id?: string) {
  return getDb().then((db) =>
    db
      .select(tokenColumns)
      .from(apiToken)
      .leftJoin(
        member,
        and(eq(member.userId, apiToken.createdBy), eq(member.workspaceId, apiToken.workspaceId)),
      )
      .where(and(eq(apiToken.workspaceId, workspaceId), id ? eq(apiToken.id, id) : undefined))
      .orderBy(desc(apiToken.createdAt), desc(apiToken.id)),
  );
}

export async function listApiTokens({ ctx }: { ctx: Pick<Actor, "workspaceId"> }) {
  return { tokens: (await readTokens(ctx.workspaceId)).map(present) };
}

/** Makes a token with a role no higher than the caller's own; its secret is answered once. */
export async function createApiToken({ ctx, input }: { ctx: Actor; input: ApiTokenInput }) {
  if (!roleAtLeast(ctx.role, input.role)) {
    throw new ForbiddenError(`A token cannot have a role above yours (${ctx.role}).`);
  }
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw ValidationError.field("expiresAt", "Must be in the future.");
  }
  const secret = SECRET_PREFIX + randomBytes(30).toString("base64url");
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiToken)
      .values({
        workspaceId: ctx.workspaceId,
        name: input.name,
        role: input.role,
        prefix: secret.slice(SECRET_PREFIX.length, SECRET_PREFIX.length + 8),
        secretHash: hashToken(secret),
        createdBy: ctx.userId,
        createdByEmail: ctx.email,
        expiresAt,
      })
      .returning({ id: apiToken.id });
    await recordAudit(
      tx,
      ctx,
      "api_token.create",
      { type: "api_token", id: row!.id, name: input.name },
      changesBetween(null, { name: input.name, role: input.role, expiresAt }),
    );
    return row!.id;
  });
  const [created] = await readTokens(ctx.workspaceId, id);
  return { token: present(created!), secret };
}

/** Revokes a token: the next request made with it is refused. */
export async function deleteApiToken({ ctx, id }: { ctx: Actor; id: string }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(apiToken)
      .where(and(eq(apiToken.workspaceId, ctx.workspaceId), eq(apiToken.id, id)))
      .returning({ name: apiToken.name, role: apiToken.role });
    if (!deleted) throw new NotFoundError("API token");
    await recordAudit(tx, ctx, "api_token.delete", { type: "api_token", id, name: deleted.name });
  });
}

const readTokenActor = preparedRead("actor_by_api_token", async () => {
  const db = await getDb();
  return db
    .select({
      tokenId: apiToken.id,
      tokenName: apiToken.name,
      tokenRole: apiToken.role,
      memberRole: member.role,
      userId: user.id,
      email: user.email,
      name: user.name,
      workspaceId: apiToken.workspaceId,
      dataVersion: sql`coalesce(${workspaceDataVersion.version}, 0)::text`,
      lastUsedAt: sql`(extract(epoch from ${apiToken.lastUsedAt}) * 1000)::bigint::text`,
    })
    .from(apiToken)
    .innerJoin(user, eq(user.id, apiToken.createdBy))
    .innerJoin(
      member,
      and(eq(member.userId, apiToken.createdBy), eq(member.workspaceId, apiToken.workspaceId)),
    )
    .leftJoin(workspaceDataVersion, eq(workspaceDataVersion.workspaceId, apiToken.workspaceId))
    .where(
      and(
        eq(apiToken.secretHash, sql.placeholder("hash")),
        or(isNull(apiToken.expiresAt), gt(apiToken.expiresAt, sql`now()`)),
      ),
    )
    .toSQL().sql;
});

const store = globalThis as typeof globalThis & { __allclearTokenUses?: Map<string, number> };

/**
 * Writes a token's last use when the stored one is a minute old. Of the requests in flight at
 * that moment, only the first in this process writes: a busy script's concurrent requests would
 * otherwise all queue for the same row.
 */
async function noteUse(tokenId: string, storedAt: number): Promise<void> {
  const now = Date.now();
  const writes = (store.__allclearTokenUses ??= new Map());
  const written = Math.max(storedAt, writes.get(tokenId) ?? 0);
  if (now - written < LAST_USE_PRECISION_MS) return;
  writes.set(tokenId, now);
  if (writes.size > 10_000) writes.clear();
  const db = await getDb();
  await db
    .update(apiToken)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(apiToken.id, tokenId));
}

/** Whether a request's credentials look like one of our token secrets (no lookup needed to refuse). */
export function isTokenSecret(value: string): boolean {
  return SECRET_SHAPE.test(value);
}

/**
 * The actor of a request made with a token secret: the token's role, on behalf of its creator.
 * One indexed read, kept prepared; null for an unknown, revoked or expired token, a removed
 * creator, or a creator whose role is now below the token's.
 */
export async function actorFromApiToken(secret: string): Promise<Actor | null> {
  if (!isTokenSecret(secret)) return null;
  const [row] = await readTokenActor([hashToken(secret)]);
  if (!row) return null;
  // In the select list's order.
  const [
    tokenId,
    tokenName,
    tokenRole,
    memberRole,
    userId,
    email,
    name,
    workspaceId,
    version,
    used,
  ] = row as [string, string, Role, Role, string, string, string, string, string, string | null];
  if (!roleAtLeast(memberRole, tokenRole)) return null;
  await noteUse(tokenId, used === null ? 0 : Number(used));
  return {
    sessionId: null,
    tokenId,
    userId,
    email,
    name,
    role: tokenRole,
    workspaceId,
    dataVersion: version,
    by: { type: "token", id: tokenId, name: tokenName },
  };
}
