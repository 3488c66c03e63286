"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import { useAnnounce, useRemoval } from "@/app/ui/announcer";
import { CopyField } from "@/app/ui/copy-field";
import { ErrorNotice } from "@/app/ui/states";
import { Time } from "@/app/ui/time";
import { useMailIsLocal } from "../actor";
import type { Invitation, InvitationCreated } from "../api-types";
import { memberKeys } from "../query-keys";

export function InvitationRow({ invitation }: { invitation: Invitation }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => apiFetch(`/v1/invitations/${invitation.id}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
  const resend = useMutation({
    mutationFn: () =>
      apiFetch<InvitationCreated>(`/v1/invitations/${invitation.id}/resend`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
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
      <td>
        <Time iso={invitation.expiresAt} />
      </td>
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
