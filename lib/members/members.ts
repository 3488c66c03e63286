import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { getDb, schema, type Executor } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import type { Actor } from "@/lib/contract/actor";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { config } from "@/lib/config";
import { hashToken } from "@/lib/crypto/tokens";
import { queueInvitation, sealLink } from "@/lib/email/queue";
import { announceEmail } from "@/lib/jobs/engine";
import { AppError, ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { roleAtLeast, type Role } from "@/lib/contract/roles";
import type { AcceptInput, InviteInput } from "./schemas";

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const { member, user, invitation } = schema;

const memberColumns = {
  userId: user.id,
  email: user.email,
  name: user.name,
  role: member.role,
  twoFactorEnabled: user.twoFactorEnabled,
  createdAt: member.createdAt,
};

const invitationColumns = {
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  expiresAt: invitation.expiresAt,
  createdAt: invitation.createdAt,
};

const alreadyMember = (email: string) =>
  new ConflictError("already_member", `${email} is already a member of this workspace.`);

function refuseOwnerRole(role: Role) {
  if (role === "owner") {
    throw new ForbiddenError("Nobody can be made owner: a workspace has exactly one owner.");
  }
}

export async function listMembers({ ctx }: { ctx: Actor }) {
  const db = await getDb();
  const [members, invitations] = await Promise.all([
    db
      .select(memberColumns)
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(eq(member.workspaceId, ctx.workspaceId))
      .orderBy(asc(member.createdAt), asc(member.userId)),
    db
      .select(invitationColumns)
      .from(invitation)
      .where(
        and(
          eq(invitation.workspaceId, ctx.workspaceId),
          isNull(invitation.acceptedAt),
          gt(invitation.expiresAt, new Date()),
        ),
      )
      .orderBy(asc(invitation.createdAt)),
  ]);
  return { members, invitations };
}

/** Invites an address with a role; a newer invitation for the same address replaces older ones. */
export async function inviteMember({ ctx, input }: { ctx: Actor; input: InviteInput }) {
  refuseOwnerRole(input.role);
  const db = await getDb();
  const token = randomBytes(32).toString("base64url");
  const acceptUrl = acceptUrlFor(token);
  const mail = await sealLink(acceptUrl);
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ userId: member.userId })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(member.workspaceId, ctx.workspaceId), eq(user.email, input.email)));
    if (existing) throw alreadyMember(input.email);
    await tx
      .delete(invitation)
      .where(
        and(
          eq(invitation.workspaceId, ctx.workspaceId),
          eq(invitation.email, input.email),
          isNull(invitation.acceptedAt),
        ),
      );
    const [row] = await tx
      .insert(invitation)
      .values({
        workspaceId: ctx.workspaceId,
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: ctx.userId,
        expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
      })
      .returning(invitationColumns);
    await queueInvitation(tx, { workspaceId: ctx.workspaceId, email: input.email }, mail);
    await recordAudit(
      tx,
      ctx,
      "invitation.create",
      { type: "invitation", id: row!.id, name: row!.email },
      changesBetween(null, { email: row!.email, role: row!.role }),
    );
    return row!;
  });
  announceEmail();
  return { invitation: created, token, acceptUrl };
}

const acceptUrlFor = (token: string) =>
  `${config().baseUrl}/accept-invitation?token=${encodeURIComponent(token)}`;

/**
 * Mails a pending invitation again with a fresh link, valid seven days from now; the link sent
 * before stops working.
 */
export async function resendInvitation({ ctx, id }: { ctx: Actor; id: string }) {
  const db = await getDb();
  const token = randomBytes(32).toString("base64url");
  const acceptUrl = acceptUrlFor(token);
  const mail = await sealLink(acceptUrl);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(invitation)
      .set({
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
      })
      .where(
        and(
          eq(invitation.id, id),
          eq(invitation.workspaceId, ctx.workspaceId),
          isNull(invitation.acceptedAt),
        ),
      )
      .returning(invitationColumns);
    if (!row) throw new NotFoundError("pending invitation");
    await queueInvitation(tx, { workspaceId: ctx.workspaceId, email: row.email }, mail);
    await recordAudit(tx, ctx, "invitation.resend", { type: "invitation", id, name: row.email });
    return row;
  });
  announceEmail();
  return { invitation: updated, token, acceptUrl };
}

export async function revokeInvitation({ ctx, id }: { ctx: Actor; id: string }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(invitation)
      .where(
        and(
          eq(invitation.id, id),
          eq(invitation.workspaceId, ctx.workspaceId),
          isNull(invitation.acceptedAt),
        ),
      )
      .returning({ email: invitation.email });
    if (!deleted) throw new NotFoundError("pending invitation");
    await recordAudit(tx, ctx, "invitation.revoke", {
      type: "invitation",
      id,
      name: deleted.email,
    });
  });
}

type InvitationRow = typeof invitation.$inferSelect;

/** An invitation that can still be accepted; otherwise the error that says why not. */
function assertAcceptable(found: InvitationRow | undefined): asserts found is InvitationRow {
  if (!found) {
    throw new AppError(
      404,
      "invitation_not_found",
      "Invitation not found",
      "This invitation link is not valid.",
    );
  }
  if (found.acceptedAt) {
    throw new ConflictError(
      "invitation_used",
      "This invitation has already been used; sign in instead.",
    );
  }
  if (found.expiresAt.getTime() <= Date.now()) {
    throw new AppError(
      410,
      "invitation_expired",
      "Invitation expired",
      "This invitation has expired; ask an admin for a new one.",
    );
  }
}

export type InvitationPreview =
  | { state: "valid"; workspaceName: string; email: string; role: Role; expiresAt: Date }
  | { state: "used" | "expired" | "invalid" };

/** What an invitation link offers, for its page: shown before anyone fills the form in. */
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  const db = await getDb();
  const [found] = await db
    .select({
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
      acceptedAt: invitation.acceptedAt,
      workspaceName: schema.workspace.name,
    })
    .from(invitation)
    .innerJoin(schema.workspace, eq(schema.workspace.id, invitation.workspaceId))
    .where(eq(invitation.tokenHash, hashToken(token)));
  if (!found) return { state: "invalid" };
  if (found.acceptedAt) return { state: "used" };
  if (found.expiresAt.getTime() <= Date.now()) return { state: "expired" };
  return {
    state: "valid",
    workspaceName: found.workspaceName,
    email: found.email,
    role: found.role,
    expiresAt: found.expiresAt,
  };
}

/**
 * Turns an invitation into a member with their own password. The token works once, for seven
 * days; the row lock makes two simultaneous uses of one token end in one member. The token is
 * checked before the password is hashed, so a made-up link costs the server nothing.
 */
export async function acceptInvitation({ input }: { input: AcceptInput }) {
  const db = await getDb();
  const tokenHash = hashToken(input.token);
  const [pending] = await db.select().from(invitation).where(eq(invitation.tokenHash, tokenHash));
  assertAcceptable(pending);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [found] = await tx
        .select()
        .from(invitation)
        .where(eq(invitation.tokenHash, tokenHash))
        .for("update");
      assertAcceptable(found);
      const userId = uuidv7();
      await tx.insert(user).values({ id: userId, name: input.name, email: found.email });
      await tx.insert(schema.account).values({
        userId,
        accountId: userId,
        providerId: "credential",
        password: passwordHash,
      });
      await tx.insert(member).values({ workspaceId: found.workspaceId, userId, role: found.role });
      await tx
        .update(invitation)
        .set({ acceptedAt: new Date() })
        .where(eq(invitation.id, found.id));
      await recordAudit(
        tx,
        { workspaceId: found.workspaceId, by: { type: "user", id: userId, name: input.name } },
        "invitation.accept",
        { type: "member", id: userId, name: found.email },
        changesBetween(null, { email: found.email, role: found.role }),
      );
      return { userId, workspaceId: found.workspaceId, email: found.email };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError("already_member", "This address already has an account.");
    throw error;
  }
}

/** An invitation speaks for the admin who made it: it ends when they can no longer invite. */
async function revokeInvitationsBy(tx: Executor, workspaceId: string, userId: string) {
  await tx
    .delete(invitation)
    .where(
      and(
        eq(invitation.workspaceId, workspaceId),
        eq(invitation.invitedBy, userId),
        isNull(invitation.acceptedAt),
      ),
    );
}

async function findMember(ctx: Actor, userId: string) {
  const db = await getDb();
  const [found] = await db
    .select(memberColumns)
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.workspaceId, ctx.workspaceId), eq(member.userId, userId)));
  if (!found) throw new NotFoundError("member");
  return found;
}

export async function changeMemberRole({
  ctx,
  userId,
  role,
}: {
  ctx: Actor;
  userId: string;
  role: Role;
}) {
  const target = await findMember(ctx, userId);
  if (target.role === "owner") throw new ForbiddenError("The owner's role cannot be changed.");
  refuseOwnerRole(role);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(member)
      .set({ role })
      .where(and(eq(member.workspaceId, ctx.workspaceId), eq(member.userId, userId)));
    if (!roleAtLeast(role, "admin")) await revokeInvitationsBy(tx, ctx.workspaceId, userId);
    await recordAudit(
      tx,
      ctx,
      "member.role_change",
      { type: "member", id: userId, name: target.email },
      changesBetween({ role: target.role }, { role }),
    );
  });
  return { ...target, role };
}

/** Removes a member: their account, and with it every session, ends at once. */
export async function removeMember({ ctx, userId }: { ctx: Actor; userId: string }) {
  const target = await findMember(ctx, userId);
  if (target.role === "owner") throw new ForbiddenError("The owner cannot be removed.");
  const db = await getDb();
  await db.transaction(async (tx) => {
    await revokeInvitationsBy(tx, ctx.workspaceId, target.userId);
    // A user belongs to exactly one workspace, so leaving it is deleting the account.
    await tx.delete(user).where(eq(user.id, target.userId));
    // The team's provider may not bring the address back as a new member; an invitation may.
    await tx
      .insert(schema.removedMember)
      .values({ workspaceId: ctx.workspaceId, email: target.email.toLowerCase() })
      .onConflictDoUpdate({
        target: [schema.removedMember.workspaceId, schema.removedMember.email],
        set: { removedAt: new Date() },
      });
    await recordAudit(
      tx,
      ctx,
      "member.remove",
      { type: "member", id: target.userId, name: target.email },
      changesBetween({ email: target.email, role: target.role }, null),
    );
  });
}
