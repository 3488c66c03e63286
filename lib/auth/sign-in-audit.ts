import { eq } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import { recordAudit } from "@/lib/audit/audit";
import type { Actor } from "@/lib/contract/actor";
import { AUTH_BASE_PATH } from "./auth";

const PASSWORD_PATH = `${AUTH_BASE_PATH}/sign-in/email`;
const TOTP_PATH = `${AUTH_BASE_PATH}/two-factor/verify-totp`;
const SECOND_FACTOR_PATHS = new Set([TOTP_PATH, `${AUTH_BASE_PATH}/two-factor/verify-backup-code`]);

/**
 * What a signed-in member's successful request to these paths changes about their account. A
 * first code verified while signed in (no sign-in challenge pending) confirms two-factor enrolment.
 */
const ACCOUNT_CHANGES: Record<string, string> = {
  [`${AUTH_BASE_PATH}/change-password`]: "password.change",
  [`${AUTH_BASE_PATH}/two-factor/disable`]: "two_factor.disable",
  [TOTP_PATH]: "two_factor.enable",
};

/** Whether an answer to a POST at `path` may be written to the audit log (see auditSignIn). */
export function isAuditedAuthPath(path: string): boolean {
  return path === PASSWORD_PATH || SECOND_FACTOR_PATHS.has(path) || path in ACCOUNT_CHANGES;
}

async function memberOf(where: { email: string } | { userId: string }) {
  const { user, member } = schema;
  const db = await getDb();
  const [found] = await db
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      workspaceId: member.workspaceId,
    })
    .from(user)
    .innerJoin(member, eq(member.userId, user.id))
    .where("email" in where ? eq(user.email, where.email) : eq(user.id, where.userId));
  return found ?? null;
}

async function wantsSecondFactor(response: Response): Promise<boolean> {
  try {
    const body = (await response.clone().json()) as { twoFactorRedirect?: unknown };
    return body.twoFactorRedirect === true;
  } catch {
    return false;
  }
}

/**
 * Writes `sign_in.success` or `sign_in.failure` for an answered sign-in step: a password (a right
 * one that still needs a second factor is not yet a success) or a two-factor or backup code; and
 * `password.change`, `two_factor.enable` or `two_factor.disable` for a signed-in member's own
 * account. Only members' accounts are logged: an address nobody has belongs to no workspace's log.
 */
export async function auditSignIn(
  path: string,
  who: { email: string | null; challengeUserId: string | null; signedIn: Actor | null },
  response: Response,
): Promise<void> {
  const change = ACCOUNT_CHANGES[path];
  if (change && response.ok && who.signedIn && !who.challengeUserId) {
    const db = await getDb();
    await recordAudit(db, who.signedIn, change, {
      type: "member",
      id: who.signedIn.userId,
      name: who.signedIn.email,
    });
    return;
  }
  const isPassword = path === PASSWORD_PATH;
  if (!isPassword && !SECOND_FACTOR_PATHS.has(path)) return;
  const outcome = response.ok ? "success" : response.status === 401 ? "failure" : null;
  if (!outcome) return;
  if (outcome === "success" && isPassword && (await wantsSecondFactor(response))) return;
  const key = isPassword
    ? who.email && { email: who.email.trim().toLowerCase() }
    : who.challengeUserId && { userId: who.challengeUserId };
  const found = key ? await memberOf(key) : null;
  if (!found) return;
  const db = await getDb();
  await recordAudit(
    db,
    { workspaceId: found.workspaceId, by: { type: "user", id: found.userId, name: found.name } },
    `sign_in.${outcome}`,
    { type: "member", id: found.userId, name: found.email },
    {
      step: { from: null, to: isPassword ? "password" : "second factor" },
    },
  );
}
