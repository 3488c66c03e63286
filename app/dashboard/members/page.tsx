"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { useAnnounce, useRemoval } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { CopyField } from "@/app/ui/copy-field";
import { Field } from "@/app/ui/field";
import { SelectField } from "@/app/ui/select-field";
import { FormError } from "@/app/ui/form-error";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useActor, useCan, useMailIsLocal } from "../actor";

type Role = "viewer" | "editor" | "admin" | "owner";
type Member = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  twoFactorEnabled: boolean;
  createdAt: string;
};
type Invitation = { id: string; email: string; role: Role; expiresAt: string; createdAt: string };
type MemberList = { members: Member[]; invitations: Invitation[] };

const ASSIGNABLE = [
  { value: "viewer", label: "Viewer — reads everything" },
  { value: "editor", label: "Editor — runs the status page" },
  { value: "admin", label: "Admin — also members and notifications" },
] as const;

const MEMBERS = ["members"];

function InviteForm() {
  const queryClient = useQueryClient();
  const mailIsLocal = useMailIsLocal();
  const invite = useMutation({
    mutationFn: (body: { email: string; role: string }) =>
      apiFetch<{ acceptUrl: string; invitation: Invitation }>("/v1/invitations", {
        method: "POST",
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERS }),
  });
  const error = invite.error instanceof ApiError ? invite.error : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    invite.mutate({ email: String(form.get("email")), role: String(form.get("role")) });
  }

  return (
    <section className="card">
      <h2>Invite someone</h2>
      <form className="form" onSubmit={onSubmit}>
        <div className="row">
          <Field
            label="Email"
            name="email"
            type="email"
            required
            error={error?.forField("email")}
          />
          <SelectField label="Role" name="role" options={ASSIGNABLE} defaultValue="editor" />
          <button type="submit" disabled={invite.isPending}>
            {invite.isPending ? "Inviting…" : "Invite"}
          </button>
        </div>
        <FormError error={error} />
      </form>
      {invite.data && (
        <div className="stack spaced">
          <p className="success" role="status">
            {mailIsLocal
              ? `Invitation for ${invite.data.invitation.email} created. No mail server is set up, so it was not mailed: pass the link on yourself. It works once, for 7 days.`
              : `Invitation for ${invite.data.invitation.email} created, and the link was mailed to them. It works once, for 7 days; you can also pass it on yourself.`}
          </p>
          <CopyField label="Invitation link" value={invite.data.acceptUrl} />
        </div>
      )}
    </section>
  );
}

const article = (role: string) => (/^[aeiou]/.test(role) ? "an" : "a");

function MemberRow({ member }: { member: Member }) {
  const actor = useActor();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: MEMBERS });
  const changeRole = useMutation({
    mutationFn: (role: string) =>
      apiFetch(`/v1/members/${member.userId}`, { method: "PATCH", body: { role } }),
    onSettled: refresh,
  });
  // A role is chosen first and applied only when confirmed: it changes what someone can do.
  const [chosen, setChosen] = useState<string | null>(null);
  const announce = useAnnounce();
  const removeItem = useRemoval();
  const roleSelect = useRef<HTMLSelectElement>(null);
  const remove = useMutation({
    mutationFn: () => apiFetch(`/v1/members/${member.userId}`, { method: "DELETE" }),
    onSettled: refresh,
  });
  const isOwner = member.role === "owner";
  return (
    <tr data-item-id={member.userId}>
      <td>
        <strong>{member.name}</strong>
        {member.userId === actor.userId && <span className="muted"> (you)</span>}
        <div className="muted">{member.email}</div>
      </td>
      <td>
        {isOwner ? (
          <span className="badge">owner</span>
        ) : (
          <div className="stack tight">
            <select
              className="role-select"
              ref={roleSelect}
              aria-label={`Role of ${member.email}`}
              value={chosen ?? member.role}
              onChange={(event) => {
                setChosen(event.target.value === member.role ? null : event.target.value);
              }}
            >
              {ASSIGNABLE.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.value}
                </option>
              ))}
            </select>
            {chosen && (
              <span
                className="confirm"
                role="group"
                aria-label={`Change the role of ${member.email}`}
              >
                <span>
                  Make {member.name} {article(chosen)} {chosen}?
                </span>
                <button
                  type="button"
                  disabled={changeRole.isPending}
                  onClick={() =>
                    changeRole.mutate(chosen, {
                      onSuccess: () => {
                        announce(`${member.name} is now ${article(chosen)} ${chosen}.`);
                        setChosen(null);
                        roleSelect.current?.focus();
                      },
                    })
                  }
                >
                  Change role
                </button>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => {
                    setChosen(null);
                    roleSelect.current?.focus();
                  }}
                >
                  Cancel
                </button>
              </span>
            )}
          </div>
        )}
        <ErrorNotice error={changeRole.error} />
      </td>
      <td>
        {member.twoFactorEnabled ? (
          <span className="badge">2FA on</span>
        ) : (
          <span className="muted">off</span>
        )}
      </td>
      <td>
        {!isOwner && (
          <ConfirmButton
            label="Remove"
            item={member.email}
            confirmLabel="Remove member"
            question={`Remove ${member.email}? Their sessions end at once.`}
            onConfirm={(button) =>
              removeItem(
                button,
                () => remove.mutateAsync(),
                `${member.name} removed; their sessions have ended.`,
              )
            }
            pending={remove.isPending}
          />
        )}
        <ErrorNotice error={remove.error} />
      </td>
    </tr>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => apiFetch(`/v1/invitations/${invitation.id}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBERS }),
  });
  const resend = useMutation({
    mutationFn: () =>
      apiFetch<{ acceptUrl: string }>(`/v1/invitations/${invitation.id}/resend`, {
        method: "POST",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBERS }),
  });
  const announce = useAnnounce();
  const removeItem = useRemoval();
  const mailIsLocal = useMailIsLocal();
  const action = mailIsLocal
    ? { idle: "New link", pending: "Making…", done: "New link made" }
    : { idle: "Mail again", pending: "Mailing…", done: "Mailed again" };
  return (
    <tr data-item-id={invitation.id}>
      <td>{invitation.email}</td>
      <td>{invitation.role}</td>
      <td>{new Date(invitation.expiresAt).toLocaleString()}</td>
      <td>
        <div className="row">
          <button
            type="button"
            className="secondary"
            aria-label={`${resend.isPending ? action.pending : resend.isSuccess ? action.done : action.idle}: invitation of ${invitation.email}`}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: () =>
                  announce(
                    mailIsLocal
                      ? `New invitation link for ${invitation.email}; the old one no longer works. Pass it on yourself: no mail server is set up.`
                      : `Invitation mailed again to ${invitation.email}, with a new link; the old one no longer works.`,
                  ),
              })
            }
            disabled={resend.isPending}
          >
            {resend.isPending ? action.pending : resend.isSuccess ? action.done : action.idle}
          </button>
          <button
            type="button"
            className="secondary"
            aria-label={`Revoke: invitation of ${invitation.email}`}
            onClick={(event) =>
              removeItem(
                event.currentTarget,
                () => revoke.mutateAsync(),
                `Invitation of ${invitation.email} revoked; its link no longer works.`,
              )
            }
            disabled={revoke.isPending}
          >
            Revoke
          </button>
        </div>
        {resend.data && (
          // A new link replaces the old one; it can be passed on by hand as well as by mail.
          <CopyField label={`New link for ${invitation.email}`} value={resend.data.acceptUrl} />
        )}
        <ErrorNotice error={revoke.error ?? resend.error} />
      </td>
    </tr>
  );
}

export default function MembersPage() {
  const isAdmin = useCan("admin");
  const list = useQuery({
    queryKey: MEMBERS,
    queryFn: () => apiFetch<MemberList>("/v1/members"),
    enabled: isAdmin,
  });

  if (!isAdmin) {
    return (
      <>
        <h1>Members</h1>
        <p className="notice">Only admins and the owner manage members.</p>
      </>
    );
  }
  return (
    <div className="stack">
      <h1>Members</h1>
      <InviteForm />
      <section className="card">
        <h2>Team</h2>
        {list.isPending && <Loading />}
        <ErrorNotice error={list.error} />
        {list.data && (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th>Member</th>
                  <th>Role</th>
                  <th>Two-factor</th>
                  <th>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.members.map((member) => (
                  <MemberRow key={member.userId} member={member} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="card">
        <h2>Pending invitations</h2>
        {list.data && list.data.invitations.length === 0 && (
          <p className="muted">No pending invitations.</p>
        )}
        {list.data && list.data.invitations.length > 0 && (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th>Email</th>
                  <th>Role</th>
                  <th>Expires</th>
                  <th>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.invitations.map((invitation) => (
                  <InvitationRow key={invitation.id} invitation={invitation} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
