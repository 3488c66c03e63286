"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { Time, withZone } from "@/app/ui/time";
import type { Delivery, DeliveryList } from "../api-types";
import { endpointKeys } from "../query-keys";
import { answerOf, deliveryState } from "./endpoint-words";
import { DataTable } from "@/app/ui/data-table";

function RetryButton({ endpointId, delivery }: { endpointId: string; delivery: Delivery }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () =>
      apiFetch(`/v1/webhook-endpoints/${endpointId}/deliveries/${delivery.id}/retry`, {
        method: "POST",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKeys.all }),
  });
  return (
    <>
      <button
        type="button"
        className="secondary small"
        aria-label={`Retry the ${delivery.type} delivery of ${withZone(delivery.createdAt)} now`}
        onClick={() => retry.mutate()}
        disabled={retry.isPending}
      >
        {retry.isPending ? "Retrying…" : "Retry now"}
      </button>
      <ErrorNotice error={retry.error} />
    </>
  );
}

const stateBadge = (delivery: Delivery) =>
  delivery.state === "failed"
    ? "impact-critical"
    : delivery.attempts.length > 0 && delivery.state === "pending"
      ? "impact-major"
      : "";

export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const log = useQuery({
    queryKey: endpointKeys.deliveries(endpointId),
    queryFn: () => apiFetch<DeliveryList>(`/v1/webhook-endpoints/${endpointId}/deliveries`),
    refetchInterval: 5000,
  });
  if (log.isPending) return <Loading />;
  if (log.isError) return <ErrorNotice error={log.error} />;
  if (!log.data.deliveries.length) return <p className="muted">No deliveries yet.</p>;
  return (
    <DataTable label="Delivery log" columns={["Event", "State", "Attempts"]}>
      {log.data.deliveries.map((delivery) => (
        <tr key={delivery.id}>
          <td>
            <strong>{delivery.type}</strong>
            <div className="muted">
              <code>{delivery.id}</code>
            </div>
            <div className="muted">
              <Time iso={delivery.createdAt} />
            </div>
          </td>
          <td>
            <span className={`badge ${stateBadge(delivery)}`}>{deliveryState(delivery)}</span>
            {delivery.state === "failed" && !delivery.test && (
              <div>
                <RetryButton endpointId={endpointId} delivery={delivery} />
              </div>
            )}
          </td>
          <td>
            <ol className="plain">
              {delivery.attempts.map((attempt) => (
                <li key={attempt.attemptedAt}>
                  <Time iso={attempt.attemptedAt} /> · {answerOf(attempt)}
                  {attempt.latencyMs !== null && ` · ${attempt.latencyMs} ms`}
                  {attempt.statusCode &&
                  attempt.error &&
                  attempt.error !== `HTTP ${attempt.statusCode}`
                    ? ` · ${attempt.error}`
                    : ""}
                  {attempt.nextAttemptAt && (
                    <>
                      {" · next "}
                      <Time iso={attempt.nextAttemptAt} />
                    </>
                  )}
                </li>
              ))}
            </ol>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
