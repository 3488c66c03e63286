import { and, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import { changesBetween, recordAudit, REDACTED } from "@/lib/audit/audit";
import { config } from "@/lib/config";
import type { Actor } from "@/lib/contract/actor";
import type { Role } from "@/lib/contract/roles";
import { decryptSecret } from "@/lib/crypto/secrets";
import { NotFoundError } from "@/lib/errors";
import { openIdClientSecret, SECRET_MASK } from "@/lib/net/openid";
import type { SsoInput, SsoSettings } from "./schemas";

const { workspaceSso, removedMember, member, user, invitation, session } = schema;

/** The provider's id in better-auth: its callback is `/auth/callback/sso`. */
export const SSO_PROVIDER_ID = "sso";

const secretBinding = (workspaceId: string) => `workspace_sso.client_secret:${workspaceId}`;

export const ssoCallbackUrl = () => `${config().baseUrl}/auth/callback/${SSO_PROVIDER_ID}`;

type SsoRow = typeof workspaceSso.$inferSelect;

function settingsOf(row: SsoRow): SsoSettings {
  return {
    enabled: row.enabled,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: SECRET_MASK,
    allowedDomains: row.allowedDomains,
    defaultRole: row.defaultRole as SsoSettings["defaultRole"],
    requireSso: row.requireSso,
    callbackUrl: ssoCallbackUrl(),
    updatedAt: row.updatedAt,
  };
}

async function ssoRow(workspaceId: string): Promise<SsoRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(workspaceSso)
    .where(eq(workspaceSso.workspaceId, workspaceId));
  return row;
}

/** The setup; before there is one, the same shape with nothing set up and sign-in off. */
export async function readSso({ ctx }: { ctx: Pick<Actor, "workspaceId"> }): Promise<SsoSettings> {
  const row = await ssoRow(ctx.workspaceId);
  if (row) return settingsOf(row);
  return {
    enabled: false,
    issuer: null,
    clientId: null,
    clientSecret: null,
    allowedDomains: [],
    defaultRole: "viewer",
    requireSso: false,
    callbackUrl: ssoCallbackUrl(),
    updatedAt: null,
  };
}

const audited = (settings: SsoSettings) => ({
  enabled: settings.enabled,
  issuer: settings.issuer,
  clientId: settings.clientId,
  allowedDomains: settings.allowedDomains,
  defaultRole: settings.defaultRole,
  requireSso: settings.requireSso,
});

export async function putSso({ ctx, input }: { ctx: Actor; input: SsoInput }) {
  const before = await ssoRow(ctx.workspaceId);
  const clientSecretEncrypted = await openIdClientSecret({
    input,
    stored: before
      ? { issuer: before.issuer, clientId: before.clientId, secret: before.clientSecretEncrypted }
      : null,
    field: "",
    binding: secretBinding(ctx.workspaceId),
    checkIssuer: input.enabled,
  });
  const secretChanged = input.clientSecret !== SECRET_MASK;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const values = {
      enabled: input.enabled,
      issuer: input.issuer,
      clientId: input.clientId,
      clientSecretEncrypted,
      allowedDomains: [...new Set(input.allowedDomains)],
      defaultRole: input.defaultRole,
      requireSso: input.requireSso,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(workspaceSso)
      .values({ workspaceId: ctx.workspaceId, ...values })
      .onConflictDoUpdate({ target: workspaceSso.workspaceId, set: values })
      .returning();
    // Required from now on: the password sessions of everyone but the owner end (they sign in
    // again through the provider).
    if (input.enabled && input.requireSso && !(before?.enabled && before.requireSso)) {
      await tx.delete(session).where(
        inArray(
          session.userId,
          tx
            .select({ userId: member.userId })
            .from(member)
            .where(and(eq(member.workspaceId, ctx.workspaceId), ne(member.role, "owner"))),
        ),
      );
    }
    const settings = settingsOf(row!);
    const changes = changesBetween(before ? audited(settingsOf(before)) : null, audited(settings));
    await recordAudit(
      tx,
      ctx,
      "sso.update",
      { type: "sso", id: ctx.workspaceId, name: settings.issuer },
      secretChanged ? { ...changes, clientSecret: { from: REDACTED, to: REDACTED } } : changes,
    );
    return settings;
  });
}

export async function deleteSso({ ctx }: { ctx: Actor }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(workspaceSso)
      .where(eq(workspaceSso.workspaceId, ctx.workspaceId))
      .returning();
    if (!row) throw new NotFoundError("single sign-on setup");
    await recordAudit(tx, ctx, "sso.delete", {
      type: "sso",
      id: ctx.workspaceId,
      name: row.issuer,
    });
  });
}

/** The deployment's setup, when it is on (a deployment has one workspace). */
async function enabledSso(): Promise<SsoRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(workspaceSso).where(eq(workspaceSso.enabled, true)).limit(1);
  return row;
}

/** The deployment's provider as better-auth needs it, or null when none is on. */
export async function ssoForAuth(): Promise<{
  version: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
} | null> {
  const row = await enabledSso();
  if (!row) return null;
  return {
    version: ssoVersionOf(row),
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: await decryptSecret(row.clientSecretEncrypted, secretBinding(row.workspaceId)),
  };
}

const ssoVersionOf = (row: { updatedAt: Date } | undefined) =>
  row ? String(row.updatedAt.getTime()) : "none";

/** What the provider setup is now, to tell whether the one in use is still current. */
export async function ssoVersion(): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ updatedAt: workspaceSso.updatedAt })
    .from(workspaceSso)
    .where(eq(workspaceSso.enabled, true))
    .limit(1);
  return ssoVersionOf(row);
}

/** Whether the sign-in page offers the provider. */
export async function ssoSignInOffered(): Promise<boolean> {
  return (await ssoVersion()) !== "none";
}

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/**
 * Whether an address that has no account may join through the provider, and how: invited, with
 * the invitation's role; else in an allowed domain and never removed, with the default role.
 */
export async function ssoAdmission(
  email: string,
): Promise<{ workspaceId: string; role: Role; invitationId: string | null } | null> {
  const sso = await enabledSso();
  if (!sso) return null;
  const db = await getDb();
  const address = email.toLowerCase();
  const [invited] = await db
    .select({ id: invitation.id, role: invitation.role })
    .from(invitation)
    .where(
      and(
        eq(invitation.workspaceId, sso.workspaceId),
        eq(invitation.email, address),
        isNull(invitation.acceptedAt),
        gt(invitation.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (invited && invited.role !== "owner") {
    return { workspaceId: sso.workspaceId, role: invited.role, invitationId: invited.id };
  }
  if (!sso.allowedDomains.includes(domainOf(address))) return null;
  const [removed] = await db
    .select({ email: removedMember.email })
    .from(removedMember)
    .where(and(eq(removedMember.workspaceId, sso.workspaceId), eq(removedMember.email, address)));
  if (removed) return null;
  return { workspaceId: sso.workspaceId, role: sso.defaultRole, invitationId: null };
}

/** Makes the account the provider just created a member, as its admission says. */
export async function joinBySso(account: { id: string; email: string; name: string }) {
  const admission = await ssoAdmission(account.email);
  if (!admission) return;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .insert(member)
      .values({ workspaceId: admission.workspaceId, userId: account.id, role: admission.role });
    if (admission.invitationId) {
      await tx
        .update(invitation)
        .set({ acceptedAt: new Date() })
        .where(eq(invitation.id, admission.invitationId));
    }
    await tx
      .delete(removedMember)
      .where(
        and(
          eq(removedMember.workspaceId, admission.workspaceId),
          eq(removedMember.email, account.email.toLowerCase()),
        ),
      );
    await recordAudit(
      tx,
      {
        workspaceId: admission.workspaceId,
        by: { type: "user", id: account.id, name: account.name },
      },
      "member.join",
      { type: "member", id: account.id, name: account.email },
      changesBetween(null, {
        email: account.email,
        role: admission.role,
        via: admission.invitationId ? "invitation" : "single sign-on",
      }),
    );
  });
}

/** Whether this account may sign in with its password: not while SSO is required, but the owner. */
export async function passwordSignInRefused(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({
      role: member.role,
      requireSso: workspaceSso.requireSso,
      enabled: workspaceSso.enabled,
    })
    .from(member)
    .innerJoin(workspaceSso, eq(workspaceSso.workspaceId, member.workspaceId))
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.userId, userId));
  return !!row && row.enabled && row.requireSso && row.role !== "owner";
}

/** Whether an account may sign in through the provider: a member's, but not the owner's. */
export async function mayUseProvider(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ role: member.role })
    .from(member)
    .where(eq(member.userId, userId));
  return !!row && row.role !== "owner";
}
