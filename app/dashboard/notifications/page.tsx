"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
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
};
type Attempt = {
  attemptedAt: string;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  nextAttemptAt: string | null;
};
type Delivery = { id: string; type: string; state: string; createdAt: string; attempts: Attempt[] };

const KEY = ["webhook-endpoints"];
const KINDS = [
  { value: "webhook", label: "Webhook (signed, Standard Webhooks)" },
  { value: "slack", label: "Slack incoming webhook" },
  { value: "discord", label: "Discord webhook" },
] as const;
const KIND_LABEL = { webhook: "Webhook", slack: "Slack", discord: "Discord" };

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
        <p className="success" role="status">
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
          <button type="button" onClick={onDone}>
            Done
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="card">
      <h2>Add endpoint</h2>
      <form className="form" onSubmit={submit}>
        <FormError error={error} />
        <div className="row">
          <SelectField label="Kind" name="kind" options={KINDS} defaultValue="webhook" />
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
        <div className="row">
          <button type="submit" disabled={add.isPending}>
            {add.isPending ? "Adding…" : "Add endpoint"}
          </button>
          <button type="button" className="secondary" onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
    </section>
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
                <span className={`badge ${delivery.state === "failed" ? "impact-critical" : ""}`}>
                  {delivery.state}
                </span>
              </td>
              <td>
                <ol className="plain">
                  {delivery.attempts.map((attempt) => (
                    <li key={attempt.attemptedAt}>
                      {new Date(attempt.attemptedAt).toLocaleTimeString()} ·{" "}
                      {attempt.statusCode
                        ? `HTTP ${attempt.statusCode}`
                        : (attempt.error ?? "no answer")}{" "}
                      · {attempt.latencyMs} ms
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

function EndpointCard({ endpoint, names }: { endpoint: Endpoint; names: Map<string, string> }) {
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const test = useMutation({
    mutationFn: () =>
      apiFetch<{ ok: boolean; status: number; detail: string }>(
        `/v1/webhook-endpoints/${endpoint.id}/test`,
        {
          method: "POST",
        },
      ),
  });
  const remove = useMutation({
    mutationFn: () => apiFetch(`/v1/webhook-endpoints/${endpoint.id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  return (
    <li className="card stack" data-testid="endpoint">
      <div className="page-header">
        <h3>{endpoint.name}</h3>
        <div className="meta">
          <span className="badge">{KIND_LABEL[endpoint.kind]}</span>
          {endpoint.state === "failing" ? (
            <span
              className="badge impact-critical"
              title="Deliveries fail; it still receives new events"
            >
              Failing since {new Date(endpoint.failingSince!).toLocaleString()}
            </span>
          ) : (
            <span className="badge">Active</span>
          )}
        </div>
      </div>
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
        <ConfirmButton
          label="Delete"
          confirmLabel={`Delete ${endpoint.name}`}
          question="Stop sending to this endpoint?"
          onConfirm={() => remove.mutate()}
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
          <button type="button" onClick={() => setAdding(true)}>
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
