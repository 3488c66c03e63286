"use client";

import { closeOnEscape, FormActions } from "@/app/ui/form-actions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useParams, useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { focusItemWhenShown, useAnnounce } from "@/app/ui/announcer";
import { Markdown } from "@/lib/content/markdown";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { Field } from "@/app/ui/field";
import { MarkdownField } from "@/app/ui/markdown-field";
import { SelectField } from "@/app/ui/select-field";
import { FormError } from "@/app/ui/form-error";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { withZone } from "@/app/ui/time";
import { useCan } from "../../actor";
import { ComponentPicker, type Picked } from "../../component-picker";
import { STATUS_LABELS, useComponentPage } from "../../components/use-components";
import {
  IMPACT_OPTIONS,
  label,
  STATUS_OPTIONS,
  type Incident,
  type IncidentUpdate,
} from "../incident-types";

const EDIT_CONTROL = '[data-opens="edit"]';
const INCIDENTS_HEADING = "incidents";

function RenameForm({ incident, onDone }: { incident: Incident; onDone: () => void }) {
  const rename = useIncidentChange(incident.id, (body) =>
    apiFetch<Incident>(`/v1/incidents/${incident.id}`, { method: "PATCH", body }),
  );
  const error = rename.error instanceof ApiError ? rename.error : null;
  const announce = useAnnounce();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get("title")).trim();
    rename.mutate(
      { title },
      {
        onSuccess: (renamed) => {
          onDone();
          announce(`Title saved: ${renamed.title}.`);
          document.getElementById("incident-title")?.focus();
        },
      },
    );
  }
  return (
    <form
      className="form card"
      aria-label="Rename incident"
      onSubmit={submit}
      onKeyDown={closeOnEscape(onDone)}
    >
      <FormError error={error} />
      <Field
        label="Title"
        name="title"
        required
        maxLength={200}
        defaultValue={incident.title}
        autoFocus
        error={error?.forField("title")}
      />
      <FormActions
        label="Save title"
        pendingLabel="Saving…"
        pending={rename.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

function ResolveForm({ incident, onDone }: { incident: Incident; onDone: () => void }) {
  const resolve = useIncidentChange(incident.id, (body) =>
    apiFetch<Incident>(`/v1/incidents/${incident.id}/updates`, { method: "POST", body }),
  );
  const error = resolve.error instanceof ApiError ? resolve.error : null;
  const announce = useAnnounce();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = String(new FormData(event.currentTarget).get("body")).trim();
    resolve.mutate(
      { status: "resolved", body },
      {
        onSuccess: () => {
          onDone();
          announce("Incident resolved.");
          document.getElementById("timeline-heading")?.focus();
        },
      },
    );
  }
  return (
    <form
      className="form card"
      aria-label="Resolve incident"
      onSubmit={submit}
      onKeyDown={closeOnEscape(onDone)}
    >
      <h2>Resolve</h2>
      <p className="muted">
        The affected components return to operational unless something else still holds them.
      </p>
      <FormError error={error} />
      <MarkdownField
        label="Closing message"
        name="body"
        required
        autoFocus
        defaultValue="This incident has been resolved."
        error={error?.forField("body")}
      />
      <FormActions
        label="Resolve incident"
        pendingLabel="Resolving…"
        pending={resolve.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

function TimelineEntry({
  incidentId,
  update,
  canEdit,
}: {
  incidentId: string;
  update: IncidentUpdate;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const edit = useIncidentChange(incidentId, (body) =>
    apiFetch<Incident>(`/v1/incidents/${incidentId}/updates/${update.id}`, {
      method: "PATCH",
      body,
    }),
  );
  const error = edit.error instanceof ApiError ? edit.error : null;
  const announce = useAnnounce();
  const when = withZone(update.createdAt);
  const close = () => {
    setEditing(false);
    focusItemWhenShown(update.id, EDIT_CONTROL);
  };
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = String(new FormData(event.currentTarget).get("body")).trim();
    edit.mutate(
      { body },
      {
        onSuccess: () => {
          close();
          announce(`Correction to the update of ${when} saved.`);
        },
      },
    );
  }
  return (
    <li data-item-id={update.id}>
      <div className="meta">
        <strong>{label(STATUS_OPTIONS, update.status)}</strong>
        <span className="muted">
          {when}
          {update.author ? ` · ${update.author.name}` : " · posted automatically"}
          {update.editedAt && ` · edited ${withZone(update.editedAt)}`}
        </span>
      </div>
      {editing ? (
        <form
          className="form"
          aria-label={`Edit the update of ${when}`}
          onSubmit={submit}
          onKeyDown={closeOnEscape(close)}
        >
          <FormError error={error} />
          <MarkdownField
            label="Message"
            name="body"
            required
            autoFocus
            defaultValue={update.body}
            error={error?.forField("body")}
          />
          <FormActions
            label="Save correction"
            pendingLabel="Saving…"
            pending={edit.isPending}
            onCancel={close}
          />
        </form>
      ) : (
        <>
          <Markdown text={update.body} />
          {canEdit && (
            <button
              type="button"
              className="secondary small"
              aria-label={`Edit the update of ${when}`}
              data-opens="edit"
              onClick={() => setEditing(true)}
            >
              Edit
            </button>
          )}
        </>
      )}
    </li>
  );
}

/** A change to the incident; the answer is the incident as it now is. */
function useIncidentChange(id: string, send: (body: Record<string, unknown>) => Promise<Incident>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (incident) => {
      queryClient.setQueryData(["incident", id], incident);
      void queryClient.invalidateQueries({ queryKey: ["incidents"] });
      void queryClient.invalidateQueries({ queryKey: ["components"] });
    },
  });
}

function UpdateForm({ incident }: { incident: Incident }) {
  const post = useIncidentChange(incident.id, (body) =>
    apiFetch<Incident>(`/v1/incidents/${incident.id}/updates`, { method: "POST", body }),
  );
  const [components, setComponents] = useState<Picked[] | null>(null);
  const [formKey, setFormKey] = useState(0);
  const announce = useAnnounce();
  const error = post.error instanceof ApiError ? post.error : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const impact = String(form.get("impact"));
    post.mutate(
      {
        status: form.get("status"),
        body: String(form.get("body")).trim(),
        // Impact and components change only when sent.
        ...(impact !== incident.impact ? { impact } : {}),
        ...(components ? { components } : {}),
      },
      {
        onSuccess: (incident) => {
          setComponents(null);
          setFormKey((key) => key + 1);
          announce(`Update posted: ${label(STATUS_OPTIONS, incident.status)}.`);
          // The new update is the first in the timeline: focus goes there, and says so.
          document.getElementById("timeline-heading")?.focus();
        },
      },
    );
  }

  return (
    <section className="card">
      <h2>Post update</h2>
      <form className="form" onSubmit={submit} key={formKey}>
        <FormError error={error} />
        <div className="row">
          <SelectField
            label="Status"
            name="status"
            options={STATUS_OPTIONS}
            defaultValue={incident.status}
          />
          <SelectField
            label="Impact"
            name="impact"
            options={IMPACT_OPTIONS}
            defaultValue={incident.impact}
          />
        </div>
        <MarkdownField label="Message" name="body" required error={error?.forField("body")} />
        <ComponentPicker
          legend="Affected components"
          initial={incident.components}
          withStatus
          onChange={setComponents}
        />
        <div>
          <button type="submit" disabled={post.isPending}>
            {post.isPending ? "Posting…" : "Post update"}
          </button>
        </div>
      </form>
    </section>
  );
}

export default function IncidentPage() {
  const { id } = useParams<{ id: string }>();
  const canEdit = useCan("editor");
  const incident = useQuery({
    queryKey: ["incident", id],
    queryFn: () => apiFetch<Incident>(`/v1/incidents/${id}`),
  });
  const components = useComponentPage();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [resolving, setResolving] = useState(false);
  const announce = useAnnounce();
  const remove = useMutation({
    mutationFn: () => apiFetch(`/v1/incidents/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["incidents"] });
      router.push("/dashboard/incidents");
      announce(`Draft ${incident.data?.title ?? ""} deleted.`);
      focusItemWhenShown(INCIDENTS_HEADING);
    },
  });
  const publish = useIncidentChange(id, () =>
    apiFetch<Incident>(`/v1/incidents/${id}`, {
      method: "PATCH",
      body: { visibility: "published" },
    }),
  );

  if (incident.isPending) return <Loading />;
  if (incident.isError) return <ErrorNotice error={incident.error} />;
  const current = incident.data;
  const names = new Map(components.data?.components.map((c) => [c.id, c.name]));

  return (
    <div className="stack">
      <p>
        <Link href="/dashboard/incidents">← Incidents</Link>
      </p>
      <div className="page-header" data-item-id={current.id}>
        <div className="row">
          <h1 id="incident-title" tabIndex={-1} data-item-focus>
            {current.title}
          </h1>
          {canEdit && !renaming && (
            <button type="button" className="secondary small" onClick={() => setRenaming(true)}>
              Rename
            </button>
          )}
        </div>
        <div className="meta">
          {current.visibility === "draft" && <span className="badge draft">Draft</span>}
          <span className="badge">{label(STATUS_OPTIONS, current.status)}</span>
          <span className={`badge impact-${current.impact}`}>
            {label(IMPACT_OPTIONS, current.impact)} impact
          </span>
        </div>
      </div>
      {renaming && <RenameForm incident={current} onDone={() => setRenaming(false)} />}
      {current.visibility === "draft" && (
        <div className="notice">
          <p>
            This incident is a draft: visitors do not see it, nobody is notified, and components
            keep their status.
          </p>
          {canEdit && (
            <div className="row">
              <button
                type="button"
                onClick={() =>
                  publish.mutate(
                    {},
                    {
                      onSuccess: () =>
                        announce("Published: visitors see it and subscribers are told."),
                    },
                  )
                }
                disabled={publish.isPending}
              >
                Publish incident
              </button>
              <ConfirmButton
                label="Delete draft"
                item={current.title}
                confirmLabel={`Delete ${current.title}`}
                question="Delete this draft for good?"
                onConfirm={() => remove.mutate()}
                pending={remove.isPending}
              />
            </div>
          )}
          <ErrorNotice error={publish.error ?? remove.error} />
        </div>
      )}
      <section className="card">
        <h2>Affected components</h2>
        {current.components.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul className="list">
            {current.components.map((affected) =>
              current.status === "resolved" ? (
                <li key={affected.componentId}>
                  <span>{names.get(affected.componentId) ?? "…"}</span>
                  <span className="muted">
                    {STATUS_LABELS[affected.status]} during the incident; released when it was
                    resolved
                  </span>
                </li>
              ) : (
                <li key={affected.componentId}>
                  <span>{names.get(affected.componentId) ?? "…"}</span>
                  <span className={`status status-${affected.status}`}>
                    {STATUS_LABELS[affected.status]}
                  </span>
                </li>
              ),
            )}
          </ul>
        )}
        <p className="muted">
          Started {withZone(current.startedAt)}
          {current.resolvedAt && ` · resolved ${withZone(current.resolvedAt)}`}
        </p>
      </section>
      {canEdit && current.status !== "resolved" && !resolving && (
        <div className="row">
          <button type="button" onClick={() => setResolving(true)}>
            Resolve…
          </button>
        </div>
      )}
      {resolving && current.status !== "resolved" && (
        <ResolveForm incident={current} onDone={() => setResolving(false)} />
      )}
      {canEdit && current.status !== "resolved" && <UpdateForm incident={current} />}
      {current.status === "resolved" && (
        <p className="notice">This incident is resolved and closed.</p>
      )}
      <section className="card">
        <h2 id="timeline-heading" tabIndex={-1}>
          Timeline
        </h2>
        <ol className="timeline" aria-label="Updates">
          {current.updates.map((update) => (
            <TimelineEntry
              key={update.id}
              incidentId={current.id}
              update={update}
              canEdit={canEdit}
            />
          ))}
        </ol>
      </section>
    </div>
  );
}
