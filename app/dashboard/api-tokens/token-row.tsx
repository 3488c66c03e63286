"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import { useRemoval } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { ErrorNotice } from "@/app/ui/states";
import { Time } from "@/app/ui/time";
import type { ApiToken } from "../api-types";
import { apiTokenKeys, auditKeys } from "../query-keys";
import { shownPrefix, STATUS_HINT, STATUS_LABEL } from "./token-words";

export function TokenRow({ token }: { token: ApiToken }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => apiFetch(`/v1/api-tokens/${token.id}`, { method: "DELETE" }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
  const removeItem = useRemoval();
  const hint = STATUS_HINT[token.status];
  return (
    <tr data-item-id={token.id}>
      <td>
        <strong>{token.name}</strong>
        <div className="muted">
          <code>{shownPrefix(token)}</code>
        </div>
      </td>
      <td>{token.role}</td>
      <td>
        <span className={token.status === "active" ? "badge" : "badge impact-critical"}>
          {STATUS_LABEL[token.status]}
        </span>
        {hint && <div className="muted">{hint}</div>}
      </td>
      <td>
        {token.createdBy.email}
        <div className="muted">
          <Time iso={token.createdAt} />
        </div>
      </td>
      <td>{token.expiresAt ? <Time iso={token.expiresAt} /> : "Never"}</td>
      <td>{token.lastUsedAt ? <Time iso={token.lastUsedAt} /> : "Never"}</td>
      <td>
        <ConfirmButton
          label="Revoke"
          item={token.name}
          confirmLabel={`Revoke ${token.name}`}
          question="Revoke this token? Requests made with it are refused from now on."
          onConfirm={(button) =>
            removeItem(
              button,
              () => revoke.mutateAsync(),
              `${token.name} revoked; its secret no longer works.`,
            )
          }
          pending={revoke.isPending}
        />
        <ErrorNotice error={revoke.error} />
      </td>
    </tr>
  );
}
