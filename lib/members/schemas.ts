import { z } from "zod";
import { email, name, password, uuid } from "@/lib/contract/fields";
import { Role } from "@/lib/workspace/schemas";

export const Member = z
  .object({
    userId: uuid(),
    email: z.string(),
    name: z.string(),
    role: Role,
    twoFactorEnabled: z.boolean(),
    createdAt: z.date(),
  })
  .meta({ id: "Member" });

export const Invitation = z
  .object({ id: uuid(), email: z.string(), role: Role, expiresAt: z.date(), createdAt: z.date() })
  .meta({ id: "Invitation" });

export const MemberList = z
  .object({ members: z.array(Member), invitations: z.array(Invitation) })
  .meta({ id: "MemberList" });

export const InviteInput = z
  .strictObject({ email: email(), role: Role })
  .meta({ id: "InviteInput" });
export type InviteInput = z.output<typeof InviteInput>;

export const InvitationCreated = z
  .object({
    invitation: Invitation,
    token: z.string().describe("Shown once; the link below carries it."),
    acceptUrl: z.url(),
  })
  .meta({ id: "InvitationCreated" });

export const AcceptInput = z
  .strictObject({ token: z.string().min(1).max(200), name: name(), password: password() })
  .meta({ id: "AcceptInvitationInput" });
export type AcceptInput = z.output<typeof AcceptInput>;

export const AcceptResult = z
  .object({ userId: uuid(), workspaceId: uuid() })
  .meta({ id: "AcceptInvitationResult" });

export const RoleChange = z.strictObject({ role: Role }).meta({ id: "RoleChange" });

export const userIdParams = z.object({ userId: uuid() });
