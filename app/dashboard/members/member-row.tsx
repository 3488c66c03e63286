"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import { useAnnounce, useRemoval } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { ConfirmSelect } from "@/app/ui/confirm-select";
import { ErrorNotice } from "@/app/ui/states";
import { useActor } from "../actor";
import type { Member, Role } from "../api-types";
import { memberKeys } from "../query-keys";
import { article, ASSIGNABLE } from "./roles";

// The closed select shows the bare role, so the column stays narrow enough for a phone.
const ROLE_OPTIONS = ASSIGNABLE.map((option) => ({
  value: option.value as Role,
  label: option.value,
}));

export function MemberRow({ member }: { member: Member }) {
  const actor = useActor();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: memberKeys.all });
  const changeRole = useMutation({
    mutationFn: (role: Role) =>
      apiFetch(`/v1/members/${member.userId}`, { method: "PATCH", body: { role } }),
    onSettled: refresh,
  });
  const announce = useAnnounce();
  const removeItem = useRemoval();
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
            {/* A role is chosen first and applied only when confirmed: it changes what someone can do. */}
            <ConfirmSelect
              className="role-select"
              label={`Role of ${member.email}`}
              value={member.role}
              options={ROLE_OPTIONS}
              confirmLabel={`Change the role of ${member.email}`}
              question={(chosen) => `Make ${member.name} ${article(chosen)} ${chosen}?`}
              action="Change role"
              onConfirm={async (chosen) => {
                await changeRole.mutateAsync(chosen);
                announce(`${member.name} is now ${article(chosen)} ${chosen}.`);
              }}
            />
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
