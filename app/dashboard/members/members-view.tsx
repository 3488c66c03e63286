"use client";

import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../actor";
import { InvitationRow } from "./invitation-row";
import { InviteForm } from "./invite-form";
import { MemberRow } from "./member-row";
import { useMembers } from "./use-members";
import { DataTable } from "@/app/ui/data-table";

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
          <DataTable columns={["Member", "Role", "Two-factor"]} actions>
            {list.data.members.map((member) => (
              <MemberRow key={member.userId} member={member} />
            ))}
          </DataTable>
        )}
      </section>
      <section className="card">
        <h2>Pending invitations</h2>
        {list.data && list.data.invitations.length === 0 && (
          <p className="muted">No pending invitations.</p>
        )}
        {list.data && list.data.invitations.length > 0 && (
          <DataTable columns={["Email", "Role", "Expires"]} actions>
            {list.data.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}
