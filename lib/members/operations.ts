import { idParams } from "@/lib/contract/fields";
import { defineOperation } from "@/lib/contract/operation";
import {
  AcceptInput,
  AcceptResult,
  InvitationCreated,
  InviteInput,
  Member,
  MemberList,
  RoleChange,
  userIdParams,
} from "./schemas";

const tag = "Members";

export const listMembers = defineOperation({
  id: "listMembers",
  method: "GET",
  path: "/v1/members",
  tag,
  summary: "Members and pending invitations",
  access: "admin",
  sessionOnly: true,
  response: MemberList,
  status: 200,
});

export const createInvitation = defineOperation({
  id: "createInvitation",
  method: "POST",
  path: "/v1/invitations",
  tag,
  summary: "Invite someone with a role",
  description:
    "Mails the accept link to the address, and answers the invitation with its token and link too (valid 7 days, usable once). A newer invitation for the same address replaces older ones.",
  access: "admin",
  sessionOnly: true,
  body: InviteInput,
  response: InvitationCreated,
  status: 201,
  problems: [{ status: 409, code: "already_member" }],
});

export const resendInvitation = defineOperation({
  id: "resendInvitation",
  method: "POST",
  path: "/v1/invitations/{id}/resend",
  tag,
  summary: "Mail an invitation again",
  description:
    "Mails the invitation again with a fresh link, valid 7 days from now; the earlier link stops working. 404 once it was accepted, revoked or replaced.",
  access: "admin",
  sessionOnly: true,
  params: idParams,
  response: InvitationCreated,
  status: 200,
});

export const revokeInvitation = defineOperation({
  id: "revokeInvitation",
  method: "DELETE",
  path: "/v1/invitations/{id}",
  tag,
  summary: "Revoke a pending invitation",
  access: "admin",
  sessionOnly: true,
  params: idParams,
  status: 204,
});

export const acceptInvitation = defineOperation({
  id: "acceptInvitation",
  method: "POST",
  path: "/v1/invitations/accept",
  tag,
  summary: "Accept an invitation",
  description: "Creates the member's account with the given name and password, and signs them in.",
  access: "public",
  body: AcceptInput,
  response: AcceptResult,
  status: 201,
  problems: [
    { status: 404, code: "invitation_not_found" },
    { status: 409, code: "invitation_used" },
    { status: 409, code: "already_member" },
    { status: 410, code: "invitation_expired" },
  ],
});

export const changeMemberRole = defineOperation({
  id: "changeMemberRole",
  method: "PATCH",
  path: "/v1/members/{userId}",
  tag,
  summary: "Change a member's role",
  description: "The owner's role cannot be changed, and nobody can be made owner (403).",
  access: "admin",
  sessionOnly: true,
  params: userIdParams,
  body: RoleChange,
  response: Member,
  status: 200,
});

export const removeMember = defineOperation({
  id: "removeMember",
  method: "DELETE",
  path: "/v1/members/{userId}",
  tag,
  summary: "Remove a member",
  description: "Ends the member's sessions at once. The owner cannot be removed (403).",
  access: "admin",
  sessionOnly: true,
  params: userIdParams,
  status: 204,
});
