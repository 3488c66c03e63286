"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api";
import { focusItemWhenShown, useRemoval } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { ItemActions, OpenFormButton } from "@/app/ui/item-actions";
import { ErrorNotice } from "@/app/ui/states";
import { Time } from "@/app/ui/time";
import type { Endpoint, TestResult } from "../api-types";
import { endpointKeys } from "../query-keys";
import { DeliveryLog } from "./delivery-log";
import { EditEndpoint } from "./edit-endpoint";
import { answerOf, KIND_LABEL, settingsOf } from "./endpoint-words";
import { NewSecret, RotateSecretButton, useRotateSecret } from "./rotate-secret";

/** Whether the endpoint gets its deliveries: failing, retrying some, or active. */
function DeliveryHealth({ endpoint }: { endpoint: Endpoint }) {
  if (endpoint.state === "failing") {
    return (
      <span className="badge impact-critical" title="Deliveries fail; it still receives new events">
        Failing since {endpoint.failingSince && <Time iso={endpoint.failingSince} />}
      </span>
    );
  }
  if (endpoint.retrying > 0) {
    return (
      <span className="badge impact-major" title="Deliveries failed and are being retried">
        Retrying {endpoint.retrying} {endpoint.retrying === 1 ? "delivery" : "deliveries"}
      </span>
    );
  }
  return <span className="badge">Active</span>;
}

export function EndpointCard({
  endpoint,
  names,
}: {
  endpoint: Endpoint;
  names: Map<string, string>;
}) {
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const [editing, setEditing] = useState(false);
  const test = useMutation({
    mutationFn: () =>
      apiFetch<TestResult>(`/v1/webhook-endpoints/${endpoint.id}/test`, { method: "POST" }),
    // The test send is in the delivery log now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKeys.one(endpoint.id) }),
  });
  const remove = useMutation({
    mutationFn: () => apiFetch(`/v1/webhook-endpoints/${endpoint.id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKeys.all }),
  });
  const rotate = useRotateSecret(endpoint.id);
  const removeItem = useRemoval();
  const closeEdit = () => {
    setEditing(false);
    focusItemWhenShown(endpoint.id, '[data-opens="edit"]');
  };
  return (
    <li className="card stack" data-testid="endpoint" data-item-id={endpoint.id}>
      <div className="page-header">
        <h3 data-item-focus tabIndex={-1}>
          {endpoint.name}
        </h3>
        <div className="meta">
          <span className="badge">{KIND_LABEL[endpoint.kind]}</span>
          <DeliveryHealth endpoint={endpoint} />
        </div>
      </div>
      {settingsOf(endpoint) && <p className="muted">{settingsOf(endpoint)}</p>}
      {endpoint.lastAttempt && (
        <p className="muted" data-testid="last-attempt">
          Last attempt <Time iso={endpoint.lastAttempt.attemptedAt} />:{" "}
          {answerOf(endpoint.lastAttempt)}
          {endpoint.lastAttempt.nextAttemptAt && (
            <>
              {" · next try "}
              <Time iso={endpoint.lastAttempt.nextAttemptAt} />
            </>
          )}
        </p>
      )}
      {editing && <EditEndpoint endpoint={endpoint} onDone={closeEdit} />}
      <p className="muted">
        Follows:{" "}
        {endpoint.componentIds.length
          ? endpoint.componentIds.map((id) => names.get(id) ?? "…").join(", ")
          : "every component"}
      </p>
      <ItemActions>
        <button
          type="button"
          className="secondary"
          aria-label={`Send test to ${endpoint.name}`}
          onClick={() => test.mutate()}
          disabled={test.isPending}
        >
          {test.isPending ? "Sending…" : "Send test"}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => setShowLog(!showLog)}
          aria-expanded={showLog}
        >
          {showLog ? "Hide deliveries" : "Deliveries"}
        </button>
        {!editing && (
          <OpenFormButton name={`Edit ${endpoint.name}`} onClick={() => setEditing(true)} />
        )}
        {endpoint.kind === "webhook" && <RotateSecretButton endpoint={endpoint} rotate={rotate} />}
        <ConfirmButton
          label="Delete"
          item={endpoint.name}
          confirmLabel={`Delete ${endpoint.name}`}
          question="Stop sending to this endpoint?"
          onConfirm={(button) =>
            removeItem(
              button,
              () => remove.mutateAsync(),
              `${endpoint.name} deleted; nothing more is sent to it.`,
            )
          }
          pending={remove.isPending}
        />
      </ItemActions>
      {test.data && (
        <p className={test.data.ok ? "success" : "alert"} role="status" data-testid="test-result">
          {test.data.ok ? "Delivered" : "Not delivered"}:{" "}
          {test.data.status ? `HTTP ${test.data.status}` : "no answer"}
          {test.data.detail && ` — ${test.data.detail}`}
        </p>
      )}
      <NewSecret rotate={rotate} />
      <ErrorNotice error={test.error ?? remove.error ?? rotate.error} />
      {showLog && <DeliveryLog endpointId={endpoint.id} />}
    </li>
  );
}
