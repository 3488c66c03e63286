"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import { useRemoval } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { ErrorNotice } from "@/app/ui/states";
import { Time } from "@/app/ui/time";
import type { Subscriber } from "../api-types";
import { subscriberKeys } from "../query-keys";

const STATE_LABEL: Record<Subscriber["state"], string> = {
  pending_confirmation: "Waiting for confirmation",
  active: "Active",
  bounced: "Bounced",
};

export function SubscriberRow({
  subscriber,
  names,
  pageName,
}: {
  subscriber: Subscriber;
  names: Map<string, string>;
  /** The page subscribed to, when there are several. */
  pageName: string | null;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => apiFetch(`/v1/subscribers/${subscriber.id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriberKeys.all }),
  });
  const removeItem = useRemoval();
  return (
    <tr data-testid="subscriber" data-item-id={subscriber.id}>
      <td>{subscriber.email}</td>
      {pageName !== null && <td>{pageName}</td>}
      <td>
        <span className={`badge ${subscriber.state === "bounced" ? "impact-critical" : ""}`}>
          {STATE_LABEL[subscriber.state]}
        </span>
      </td>
      <td>
        {subscriber.componentIds.length
          ? subscriber.componentIds.map((id) => names.get(id) ?? "…").join(", ")
          : "Everything its page shows"}
      </td>
      <td>
        <Time iso={subscriber.createdAt} />
      </td>
      <td>
        <ConfirmButton
          label="Delete"
          item={subscriber.email}
          confirmLabel={`Delete ${subscriber.email}`}
          question="Stop mailing this address?"
          onConfirm={(button) =>
            removeItem(
              button,
              () => remove.mutateAsync(),
              `${subscriber.email} deleted; nothing more is mailed to it.`,
            )
          }
          pending={remove.isPending}
        />
        <ErrorNotice error={remove.error} />
      </td>
    </tr>
  );
}
