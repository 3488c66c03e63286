"use client";

import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../actor";
import { InvitationRow } from "./invitation-row";
import { InviteForm } from "./invite-form";
import { MemberRow } from "./member-row";
import { useMembers } from "./use-members";

export function MembersView() {
  const isAdmin = useCan("admin");
  const list = useMembers({ enabled: isAdmin });

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
