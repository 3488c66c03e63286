import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { getDb, schema, type Database } from "@/db/client";
import type { Role } from "@/lib/workspace/roles";
import { getAuth, sessionCookieName } from "./auth";

/** Who is making a request: the signed-in member and the workspace every query is scoped to. */
export type Actor = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  workspaceId: string;
  sessionId: string;
};

/** The raw value of one cookie in a Cookie header. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eqAt = part.indexOf("=");
    if (eqAt > 0 && part.slice(0, eqAt).trim() === name) return part.slice(eqAt + 1).trim();
  }
  return null;
}

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

function prepareActorQuery(db: Database) {
  const { session, user, member } = schema;
  return db
    .select({
      sessionId: session.id,
      userId: user.id,
      email: user.email,
      name: user.name,
      role: member.role,
      workspaceId: member.workspaceId,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .innerJoin(member, eq(member.userId, session.userId))
    .where(and(eq(session.token, sql.placeholder("token")), gt(session.expiresAt, sql`now()`)))
    .prepare("actor_by_session_token");
}

// Built once per database handle: this runs on every request.
const prepared = new WeakMap<Database, ReturnType<typeof prepareActorQuery>>();

/** The session token of a request's session cookie when the cookie is one this server signed. */
export async function sessionTokenFromHeaders(headers: Headers): Promise<string | null> {
  const raw = readCookie(headers.get("cookie"), sessionCookieName());
  if (!raw) return null;
  const auth = await getAuth();
  return verifySignedCookie(raw, auth.options.secret!);
}

/**
 * Reads the session, its user and their membership in one indexed query, on every request, so a
 * signed-out or removed member and a changed role take effect on the very next request.
 */
export async function actorFromToken(token: string): Promise<Actor | null> {
  const db = await getDb();
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepareActorQuery(db)));
  const [row] = await query.execute({ token });
  return row ?? null;
}

export async function actorFromHeaders(headers: Headers): Promise<Actor | null> {
  const token = await sessionTokenFromHeaders(headers);
  return token ? actorFromToken(token) : null;
}
