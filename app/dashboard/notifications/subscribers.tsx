"use client";

import { closeOnEscape, FormActions } from "@/app/ui/form-actions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { focusItemWhenShown, focusOnMount, focusWhenShown, useRemoval } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { Field } from "@/app/ui/field";
import { FormError } from "@/app/ui/form-error";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { ComponentPicker } from "../component-picker";
import { OutgoingMailNotice } from "../mailbox/outgoing-notice";

type Subscriber = {
  id: string;
  email: string;
  state: "pending_confirmation" | "active" | "bounced";
  componentIds: string[];
  createdAt: string;
};

const KEY = ["subscribers"];
const STATE_LABEL = {
  pending_confirmation: "Waiting for confirmation",
  active: "Active",
  bounced: "Bounced",
};

const OPENER = '[data-opens="add-subscriber"]';

function AddSubscriber({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [componentIds, setComponentIds] = useState<string[]>([]);
  const add = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<Subscriber>("/v1/subscribers", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const error = add.error instanceof ApiError ? add.error : null;
  const cancel = () => {
    onDone();
    focusWhenShown(OPENER);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    add.mutate({ email: String(form.get("email")).trim(), componentIds });
  }

  if (add.data) {
    return (
      <section className="card stack">
        <p className="success" role="status" tabIndex={-1} ref={focusOnMount}>
          A confirmation link was mailed to {add.data.email}. They hear nothing else until they
          confirm.
        </p>
        <div>
          <button
            type="button"
            onClick={() => {
              onDone();
              focusItemWhenShown(add.data.id);
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
      <h3>Add subscriber</h3>
      <form
        className="form"
        onSubmit={submit}
        onInput={() => add.error && add.reset()}
        onKeyDown={closeOnEscape(cancel)}
      >
        <FormError
          error={error}
          shown={["email"]}
          describe={(field) => (field.startsWith("componentIds") ? "Components followed" : field)}
        />
        <Field
          label="Email address"
          name="email"
          type="email"
          required
          autoFocus
          maxLength={254}
          error={error?.forField("email")}
        />
        <ComponentPicker
          legend="Components followed (none chosen = every component)"
          initial={[]}
          withStatus={false}
          onChange={(picked) => setComponentIds(picked.map((p) => p.componentId))}
        />
        <FormActions
          label="Add subscriber"
          pendingLabel="Adding…"
          pending={add.isPending}
          onCancel={cancel}
        />
      </form>
    </section>
  );
}

function SubscriberRow({
  subscriber,
  names,
}: {
  subscriber: Subscriber;
  names: Map<string, string>;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => apiFetch(`/v1/subscribers/${subscriber.id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const removeItem = useRemoval();
  return (
    <tr data-testid="subscriber" data-item-id={subscriber.id}>
      <td>{subscriber.email}</td>
      <td>
        <span className={`badge ${subscriber.state === "bounced" ? "impact-critical" : ""}`}>
          {STATE_LABEL[subscriber.state]}
        </span>
      </td>
      <td>
        {subscriber.componentIds.length
          ? subscriber.componentIds.map((id) => names.get(id) ?? "…").join(", ")
          : "Every component"}
      </td>
      <td>{new Date(subscriber.createdAt).toLocaleString()}</td>
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

/** Email subscribers: who they are, their state, what they follow; adding and deleting. */
export function Subscribers({ names }: { names: Map<string, string> }) {
  const [adding, setAdding] = useState(false);
  const subscribers = useQuery({
    queryKey: KEY,
    queryFn: () => apiFetch<Subscriber[]>("/v1/subscribers"),
    refetchInterval: 10_000,
  });
  return (
    <section className="stack" aria-labelledby="subscribers-heading">
      <div className="page-header">
        <h2 id="subscribers-heading">Email subscribers</h2>
        {!adding && (
          <button type="button" data-opens="add-subscriber" onClick={() => setAdding(true)}>
            Add subscriber
          </button>
        )}
      </div>
      <p className="muted">
        Visitors subscribe from the status page and confirm from a mailed link. Active subscribers
        get incident and maintenance mail about the components they follow; an address that refuses
        mail is marked bounced and mailed nothing more.
      </p>
      <OutgoingMailNotice />
      {adding && <AddSubscriber onDone={() => setAdding(false)} />}
      {subscribers.isPending && <Loading />}
      <ErrorNotice error={subscribers.error} />
      {subscribers.data?.length === 0 && !adding && <p className="notice">No subscribers yet.</p>}
      {subscribers.data && subscribers.data.length > 0 && (
        <div className="table-wrap">
          <table className="table" aria-label="Subscribers">
            <thead>
              <tr>
                <th>Email</th>
                <th>State</th>
                <th>Follows</th>
                <th>Subscribed</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {subscribers.data.map((subscriber) => (
                <SubscriberRow key={subscriber.id} subscriber={subscriber} names={names} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
