"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { Markdown } from "@/lib/content/markdown";
import { MarkdownField } from "@/app/ui/markdown-field";
import { SelectField } from "@/app/ui/select-field";
import { FormError } from "@/app/ui/form-error";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../../actor";
import { ComponentPicker, type Picked } from "../../component-picker";
import { STATUS_LABELS, useComponentPage } from "../../components/use-components";
import { IMPACT_OPTIONS, label, STATUS_OPTIONS, type Incident } from "../incident-types";

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
        onSuccess: () => {
          setComponents(null);
          setFormKey((key) => key + 1);
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
      <div className="page-header">
        <h1>{current.title}</h1>
        <div className="meta">
          {current.visibility === "draft" && <span className="badge draft">Draft</span>}
          <span className="badge">{label(STATUS_OPTIONS, current.status)}</span>
          <span className={`badge impact-${current.impact}`}>
            {label(IMPACT_OPTIONS, current.impact)} impact
          </span>
        </div>
      </div>
      {current.visibility === "draft" && (
        <div className="notice">
          <p>
            This incident is a draft: visitors do not see it, nobody is notified, and components
            keep their status.
          </p>
          {canEdit && (
            <button type="button" onClick={() => publish.mutate({})} disabled={publish.isPending}>
              Publish incident
            </button>
          )}
          <ErrorNotice error={publish.error} />
        </div>
      )}
      <section className="card">
        <h2>Affected components</h2>
        {current.components.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul className="list">
            {current.components.map((affected) => (
              <li key={affected.componentId}>
                <span>{names.get(affected.componentId) ?? "…"}</span>
                <span className={`status status-${affected.status}`}>
                  {STATUS_LABELS[affected.status]}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="muted">
          Started {new Date(current.startedAt).toLocaleString()}
          {current.resolvedAt && ` · resolved ${new Date(current.resolvedAt).toLocaleString()}`}
        </p>
      </section>
      {canEdit && current.status !== "resolved" && <UpdateForm incident={current} />}
      {current.status === "resolved" && (
        <p className="notice">This incident is resolved and closed.</p>
      )}
      <section className="card">
        <h2>Timeline</h2>
        <ol className="timeline" aria-label="Updates">
          {current.updates.map((update) => (
            <li key={update.id}>
              <div className="meta">
                <strong>{label(STATUS_OPTIONS, update.status)}</strong>
                <span className="muted">{new Date(update.createdAt).toLocaleString()}</span>
              </div>
              <Markdown text={update.body} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
