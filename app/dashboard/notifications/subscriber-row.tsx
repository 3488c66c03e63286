"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import { useRemoval } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { ErrorNotice } from "@/app/ui/states";
import { Time } from "@/app/ui/time";
import type { Subscriber } from "../api-types";
import { subscriberKeys } from "../query-keys";

const CHANNEL_LABEL: Record<Subscriber["channel"], string> = {
  email: "Email",
  slack: "Slack",
  teams: "Teams",
  webhook: "Webhook",
};

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
      <td>
        {subscriber.email}
        {subscriber.channel !== "email" && (
          <>
            {" "}
            <span
              className="badge"
              title={`Contact of a ${CHANNEL_LABEL[subscriber.channel]} subscription`}
            >
              {CHANNEL_LABEL[subscriber.channel]}
            </span>
          </>
        )}
      </td>
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
          question={
            subscriber.channel === "email"
              ? "Stop mailing this address?"
              : `Stop sending to this ${CHANNEL_LABEL[subscriber.channel]} subscription?`
          }
          onConfirm={(button) =>
            removeItem(
              button,
              () => remove.mutateAsync(),
              subscriber.channel === "email"
                ? `${subscriber.email} deleted; nothing more is mailed to it.`
                : `${subscriber.email}'s ${CHANNEL_LABEL[subscriber.channel]} subscription deleted.`,
            )
          }
          pending={remove.isPending}
        />
        <ErrorNotice error={remove.error} />
      </td>
    </tr>
  );
}
