import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { getDb, preparedRead, schema } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import type { Role } from "@/lib/contract/roles";
import { readCookie } from "@/lib/http/cookies";
import { getAuth, sessionCookieName } from "./auth";

/** The value of one of better-auth's signed cookies (`value.base64(HMAC-SHA256)`), if genuine. */
export function verifySignedCookie(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

const readActor = preparedRead("actor_by_session_token", async () => {
  const { session, user, member, workspaceDataVersion } = schema;
  const db = await getDb();
  return db
    .select({
      sessionId: session.id,
      userId: user.id,
      email: user.email,
      name: user.name,
      role: member.role,
      workspaceId: member.workspaceId,
      dataVersion: sql`coalesce(${workspaceDataVersion.version}, 0)::text`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .innerJoin(member, eq(member.userId, session.userId))
    .leftJoin(workspaceDataVersion, eq(workspaceDataVersion.workspaceId, member.workspaceId))
    .where(and(eq(session.token, sql.placeholder("token")), gt(session.expiresAt, sql`now()`)))
    .toSQL().sql;
});

/** The session token of a request's session cookie when the cookie is one this server signed. */
export async function sessionTokenFromHeaders(headers: Headers): Promise<string | null> {
  const raw = readCookie(headers.get("cookie"), sessionCookieName());
  if (!raw) return null;
  const auth = await getAuth();
  return verifySignedCookie(raw, auth.options.secret!);
}

/**
 * Reads the session, its user, their membership and the workspace's data version in one indexed
 * query, on every request, so a signed-out or removed member and a changed role take effect on
 * the very next request.
 */
export async function actorFromToken(token: string): Promise<Actor | null> {
  const [row] = await readActor([token]);
  if (!row) return null;
  // In the select list's order.
  const [sessionId, userId, email, name, role, workspaceId, dataVersion] = row as [
    string,
    string,
    string,
    string,
    Role,
    string,
    string,
  ];
  return {
    sessionId,
    tokenId: null,
    userId,
    email,
    name,
    role,
    workspaceId,
    dataVersion,
    by: { type: "user", id: userId, name: name || email },
  };
}

export async function actorFromHeaders(headers: Headers): Promise<Actor | null> {
  const token = await sessionTokenFromHeaders(headers);
  return token ? actorFromToken(token) : null;
}
