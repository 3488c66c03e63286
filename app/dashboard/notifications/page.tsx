"use client";

import { closeOnEscape, FormActions } from "@/app/ui/form-actions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import {
  focusItemWhenShown,
  focusOnMount,
  focusWhenShown,
  PAGE_OPENER,
  useAnnounce,
  useRemoval,
} from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { CopyField } from "@/app/ui/copy-field";
import { Field } from "@/app/ui/field";
import { SelectField } from "@/app/ui/select-field";
import { FormError } from "@/app/ui/form-error";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../actor";
import { ComponentPicker } from "../component-picker";
import { useComponentPage } from "../components/use-components";
import { Subscribers } from "./subscribers";

type Endpoint = {
  id: string;
  kind: "webhook" | "slack" | "discord";
  name: string;
  state: "active" | "failing";
  componentIds: string[];
  failingSince: string | null;
  createdAt: string;
  lastAttempt: {
    attemptedAt: string;
    statusCode: number | null;
    error: string | null;
    nextAttemptAt: string | null;
  } | null;
  retrying: number;
};
type Attempt = {
  state: "completed" | "sending" | "interrupted";
  attemptedAt: string;
  statusCode: number | null;
  latencyMs: number | null;
  error: string | null;
  nextAttemptAt: string | null;
};
type Delivery = {
  id: string;
  type: string;
  test: boolean;
  state: "pending" | "succeeded" | "failed";
  createdAt: string;
  attempts: Attempt[];
};

/** A delivery's state in words: a pending one that already failed is being retried. */
function deliveryState(delivery: Delivery): string {
  if (delivery.attempts.at(-1)?.state === "sending") return "sending";
  if (delivery.state === "pending" && delivery.attempts.length > 0) {
    return `retrying (${delivery.attempts.length} ${delivery.attempts.length === 1 ? "attempt" : "attempts"})`;
  }
  return delivery.state;
}

const answerOf = (
  attempt: Pick<Attempt, "statusCode" | "error"> & Partial<Pick<Attempt, "state">>,
) =>
  attempt.state === "sending"
    ? "sending"
    : attempt.statusCode
      ? `HTTP ${attempt.statusCode}`
      : (attempt.error ?? "no answer");

const KEY = ["webhook-endpoints"];
const KINDS = [
  { value: "webhook", label: "Webhook (signed, Standard Webhooks)" },
  { value: "slack", label: "Slack incoming webhook" },
  { value: "discord", label: "Discord webhook" },
] as const;
const KIND_LABEL = { webhook: "Webhook", slack: "Slack", discord: "Discord" };

const describeEndpointField = (field: string) =>
  field.startsWith("componentIds") ? "Components followed" : field;

function AddEndpoint({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [componentIds, setComponentIds] = useState<string[]>([]);
  const add = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<{ endpoint: Endpoint; secret: string | null }>("/v1/webhook-endpoints", {
        method: "POST",
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const error = add.error instanceof ApiError ? add.error : null;
  const cancel = () => {
    onDone();
    focusWhenShown(PAGE_OPENER);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    add.mutate({
      kind: form.get("kind"),
      name: String(form.get("name")).trim(),
      url: String(form.get("url")).trim(),
      componentIds,
    });
  }

  if (add.data) {
    return (
      <section className="card stack">
        <p className="success" role="status" tabIndex={-1} ref={focusOnMount}>
          {add.data.endpoint.name} added.
        </p>
        {add.data.secret && (
          <>
            <CopyField label="Signing secret" value={add.data.secret} />
            <p className="notice">
              Copy the signing secret now: it is shown only this once. Verify each request with it
              (Standard Webhooks); if it is lost, delete the endpoint and add it again.
            </p>
          </>
        )}
        <div>
          <button
            type="button"
            onClick={() => {
              onDone();
              focusItemWhenShown(add.data.endpoint.id);
            }}
          >
            Done
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="card">
      <h2>Add endpoint</h2>
      <form
        className="form"
        onSubmit={submit}
        onInput={() => add.error && add.reset()}
        onKeyDown={closeOnEscape(cancel)}
      >
        <FormError error={error} shown={["kind", "name", "url"]} describe={describeEndpointField} />
        <div className="row">
          <SelectField label="Kind" name="kind" options={KINDS} defaultValue="webhook" autoFocus />
          <Field
            label="Name"
            name="name"
            required
            maxLength={200}
            error={error?.forField("name")}
          />
        </div>
        <Field
          label="URL"
          name="url"
          type="url"
          required
          placeholder="https://"
          hint="A public https address. It is stored encrypted and never shown again."
          error={error?.forField("url")}
        />
        <ComponentPicker
          legend="Components followed (none chosen = every component)"
          initial={[]}
          withStatus={false}
          onChange={(picked) => setComponentIds(picked.map((p) => p.componentId))}
        />
        <FormActions
          label="Add endpoint"
          pendingLabel="Adding…"
          pending={add.isPending}
          onCancel={cancel}
        />
      </form>
    </section>
  );
}

function RetryButton({ endpointId, delivery }: { endpointId: string; delivery: Delivery }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () =>
      apiFetch(`/v1/webhook-endpoints/${endpointId}/deliveries/${delivery.id}/retry`, {
        method: "POST",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  return (
    <>
      <button
        type="button"
        className="secondary small"
        aria-label={`Retry the ${delivery.type} delivery of ${new Date(delivery.createdAt).toLocaleString()} now`}
        onClick={() => retry.mutate()}
        disabled={retry.isPending}
      >
        {retry.isPending ? "Retrying…" : "Retry now"}
      </button>
      <ErrorNotice error={retry.error} />
    </>
  );
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const log = useQuery({
    queryKey: [...KEY, endpointId, "deliveries"],
    queryFn: () =>
      apiFetch<{ deliveries: Delivery[] }>(`/v1/webhook-endpoints/${endpointId}/deliveries`),
    refetchInterval: 5000,
  });
  if (log.isPending) return <Loading />;
  if (log.isError) return <ErrorNotice error={log.error} />;
  if (!log.data.deliveries.length) return <p className="muted">No deliveries yet.</p>;
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Delivery log">
        <thead>
          <tr>
            <th>Event</th>
            <th>State</th>
            <th>Attempts</th>
          </tr>
        </thead>
        <tbody>
          {log.data.deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <td>
                <strong>{delivery.type}</strong>
                <div className="muted">
                  <code>{delivery.id}</code>
                </div>
                <div className="muted">{new Date(delivery.createdAt).toLocaleString()}</div>
              </td>
              <td>
                <span
                  className={`badge ${delivery.state === "failed" ? "impact-critical" : delivery.attempts.length > 0 && delivery.state === "pending" ? "impact-major" : ""}`}
                >
                  {deliveryState(delivery)}
                </span>
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
                      {new Date(attempt.attemptedAt).toLocaleTimeString()} · {answerOf(attempt)}
                      {attempt.latencyMs !== null && ` · ${attempt.latencyMs} ms`}
                      {attempt.statusCode &&
                      attempt.error &&
                      attempt.error !== `HTTP ${attempt.statusCode}`
                        ? ` · ${attempt.error}`
                        : ""}
                      {attempt.nextAttemptAt &&
                        ` · next ${new Date(attempt.nextAttemptAt).toLocaleTimeString()}`}
                    </li>
                  ))}
                </ol>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EditEndpoint({ endpoint, onDone }: { endpoint: Endpoint; onDone: () => void }) {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const [componentIds, setComponentIds] = useState<string[]>(endpoint.componentIds);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<Endpoint>(`/v1/webhook-endpoints/${endpoint.id}`, { method: "PATCH", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const error = save.error instanceof ApiError ? save.error : null;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name")).trim();
    save.mutate(
      { name, componentIds },
      {
        onSuccess: (saved) => {
          onDone();
          announce(`${saved.name} saved.`);
        },
      },
    );
  }
  return (
    <form
      className="form"
      aria-label={`Edit ${endpoint.name}`}
      onSubmit={submit}
      onInput={() => save.error && save.reset()}
      onKeyDown={closeOnEscape(onDone)}
    >
      <FormError error={error} shown={["name"]} describe={describeEndpointField} />
      <Field
        label="Name"
        name="name"
        required
        maxLength={200}
        defaultValue={endpoint.name}
        autoFocus
        error={error?.forField("name")}
      />
      <ComponentPicker
        legend="Components followed (none chosen = every component)"
        initial={endpoint.componentIds.map((componentId) => ({
          componentId,
          status: "operational",
        }))}
        withStatus={false}
        onChange={(picked) => setComponentIds(picked.map((p) => p.componentId))}
      />
      <FormActions
        label="Save endpoint"
        pendingLabel="Saving…"
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

function RotateSecret({ endpoint }: { endpoint: Endpoint }) {
  const rotate = useMutation({
    mutationFn: () =>
      apiFetch<{ secret: string; previousSecretExpiresAt: string }>(
        `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`,
        { method: "POST" },
      ),
  });
  if (rotate.data) {
    return (
      <div className="stack">
        <CopyField label="New signing secret" value={rotate.data.secret} />
        <p className="notice" role="status">
          Copy the new secret now: it is shown only this once. Until{" "}
          {new Date(rotate.data.previousSecretExpiresAt).toLocaleString()}, every request carries
          signatures from both the old and the new secret, so switch your receiver before then.
        </p>
      </div>
    );
  }
  return (
    <>
      <ConfirmButton
        label="Rotate secret"
        item={endpoint.name}
        confirmLabel={`Rotate the secret of ${endpoint.name}`}
        question="Make a new signing secret? The old one keeps signing for 24 hours."
        onConfirm={() => rotate.mutate()}
        pending={rotate.isPending}
      />
      <ErrorNotice error={rotate.error} />
    </>
  );
}

function EndpointCard({ endpoint, names }: { endpoint: Endpoint; names: Map<string, string> }) {
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const [editing, setEditing] = useState(false);
  const test = useMutation({
    mutationFn: () =>
      apiFetch<{ ok: boolean; status: number; detail: string }>(
        `/v1/webhook-endpoints/${endpoint.id}/test`,
        {
          method: "POST",
        },
      ),
    // The test send is in the delivery log now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, endpoint.id] }),
  });
  const remove = useMutation({
    mutationFn: () => apiFetch(`/v1/webhook-endpoints/${endpoint.id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
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
          {endpoint.state === "failing" ? (
            <span
              className="badge impact-critical"
              title="Deliveries fail; it still receives new events"
            >
              Failing since {new Date(endpoint.failingSince!).toLocaleString()}
            </span>
          ) : endpoint.retrying > 0 ? (
            <span className="badge impact-major" title="Deliveries failed and are being retried">
              Retrying {endpoint.retrying} {endpoint.retrying === 1 ? "delivery" : "deliveries"}
            </span>
          ) : (
            <span className="badge">Active</span>
          )}
        </div>
      </div>
      {endpoint.lastAttempt && (
        <p className="muted" data-testid="last-attempt">
          Last attempt {new Date(endpoint.lastAttempt.attemptedAt).toLocaleString()}:{" "}
          {answerOf(endpoint.lastAttempt)}
          {endpoint.lastAttempt.nextAttemptAt &&
            ` · next try ${new Date(endpoint.lastAttempt.nextAttemptAt).toLocaleTimeString()}`}
        </p>
      )}
      {editing && <EditEndpoint endpoint={endpoint} onDone={closeEdit} />}
      <p className="muted">
        Follows:{" "}
        {endpoint.componentIds.length
          ? endpoint.componentIds.map((id) => names.get(id) ?? "…").join(", ")
          : "every component"}
      </p>
      <div className="row">
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
          <button
            type="button"
            className="secondary"
            aria-label={`Edit ${endpoint.name}`}
            data-opens="edit"
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
        )}
        {endpoint.kind === "webhook" && <RotateSecret endpoint={endpoint} />}
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
      </div>
      {test.data && (
        <p className={test.data.ok ? "success" : "alert"} role="status" data-testid="test-result">
          {test.data.ok ? "Delivered" : "Not delivered"}:{" "}
          {test.data.status ? `HTTP ${test.data.status}` : "no answer"}
          {test.data.detail && ` — ${test.data.detail}`}
        </p>
      )}
      <ErrorNotice error={test.error ?? remove.error} />
      {showLog && <DeliveryLog endpointId={endpoint.id} />}
    </li>
  );
}

export default function NotificationsPage() {
  const isAdmin = useCan("admin");
  const [adding, setAdding] = useState(false);
  const components = useComponentPage();
  const endpoints = useQuery({
    queryKey: KEY,
    queryFn: () => apiFetch<Endpoint[]>("/v1/webhook-endpoints"),
    enabled: isAdmin,
    refetchInterval: 10_000,
  });
  const names = new Map(components.data?.components.map((c) => [c.id, c.name]));

  if (!isAdmin) {
    return (
      <>
        <h1>Notifications</h1>
        <p className="notice">Only admins and the owner manage notifications.</p>
      </>
    );
  }
  return (
    <div className="stack">
      <div className="page-header">
        <h1>Notifications</h1>
        {!adding && (
          <button type="button" data-opens="page-form" onClick={() => setAdding(true)}>
            Add endpoint
          </button>
        )}
      </div>
      <p className="muted">
        Webhook endpoints receive every incident and maintenance event about the components they
        follow: signed JSON for webhooks, messages for Slack and Discord. Failed deliveries are
        retried on a schedule (by default for about 18 minutes).
      </p>
      {adding && <AddEndpoint onDone={() => setAdding(false)} />}
      {endpoints.isPending && <Loading />}
      <ErrorNotice error={endpoints.error} />
      {endpoints.data?.length === 0 && !adding && <p className="notice">No endpoints yet.</p>}
      {endpoints.data && endpoints.data.length > 0 && (
        <ul className="plain stack" aria-label="Endpoints">
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} names={names} />
          ))}
        </ul>
      )}
      <Subscribers names={names} />
    </div>
  );
}
