"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { focusWhenShown, useAnnounce } from "@/app/ui/announcer";
import { ComponentPicker, type Picked } from "@/app/ui/component-picker";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { DataTable } from "@/app/ui/data-table";
import { Field } from "@/app/ui/field";
import { FormError } from "@/app/ui/form-error";
import { ListSection } from "@/app/ui/list-section";
import { MarkdownField } from "@/app/ui/markdown-field";
import { ApiError, apiFetch } from "@/lib/client/api";
import { useCan } from "../../actor";
import type { IncidentTemplate } from "../../api-types";
import { useComponentChoices } from "../../components/use-components";
import { templateKeys } from "../../query-keys";
import { OpeningFields } from "../opening-fields";
import { useIncidentTemplates } from "../use-templates";

const VARIABLES_HINT =
  "{{component}} becomes the affected components' names, {{start}} the start time in the workspace's zone, {{monitor}} the monitor's name; any other {{variable}} is filled in when declaring.";

function TemplateForm({
  template,
  onDone,
}: {
  template: IncidentTemplate | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const choices = useComponentChoices();
  const [components, setComponents] = useState<Picked[]>(template?.components ?? []);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      template
        ? apiFetch<IncidentTemplate>(`/v1/incident-templates/${template.id}`, {
            method: "PATCH",
            body,
          })
        : apiFetch<IncidentTemplate>("/v1/incident-templates", { method: "POST", body }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
      announce(template ? `Template ${saved.name} saved.` : `Template ${saved.name} created.`);
      onDone();
    },
  });
  const error = save.error instanceof ApiError ? save.error : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate({
      name: String(form.get("name")).trim(),
      title: String(form.get("title")).trim(),
      body: String(form.get("body")).trim(),
      status: form.get("status"),
      impact: form.get("impact"),
      components,
    });
  }

  return (
    <section className="card" aria-label={template ? `Edit ${template.name}` : "New template"}>
      <h2>{template ? `Edit ${template.name}` : "New template"}</h2>
      <form className="form" onSubmit={submit} onInput={() => save.error && save.reset()}>
        <FormError error={error} shown={["name", "title", "body"]} />
        <Field
          label="Template name"
          name="name"
          required
          maxLength={200}
          autoFocus
          defaultValue={template?.name ?? ""}
          error={error?.forField("name")}
        />
        <Field
          label="Incident title"
          name="title"
          required
          maxLength={200}
          defaultValue={template?.title ?? ""}
          hint={VARIABLES_HINT}
          error={error?.forField("title")}
        />
        <OpeningFields
          status={template?.status ?? "investigating"}
          impact={template?.impact ?? "minor"}
        />
        <MarkdownField
          label="First update"
          name="body"
          required
          defaultValue={template?.body ?? ""}
          error={error?.forField("body")}
        />
        <ComponentPicker
          legend="Affected components"
          choices={choices}
          initial={components}
          withStatus
          onChange={setComponents}
        />
        <div className="row">
          <button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : template ? "Save template" : "Create template"}
          </button>
          <button type="button" className="secondary" onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

/** Prepared incidents: made and changed by editors, offered when declaring. */
export function TemplatesView() {
  const canEdit = useCan("editor");
  const templates = useIncidentTemplates();
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const [editing, setEditing] = useState<IncidentTemplate | "new" | null>(null);
  const remove = useMutation({
    mutationFn: (template: IncidentTemplate) =>
      apiFetch<void>(`/v1/incident-templates/${template.id}`, { method: "DELETE" }),
    onSuccess: (_answer, template) => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
      announce(`Template ${template.name} deleted.`);
      focusWhenShown("h1");
    },
  });
  const list = templates.data?.templates;
  return (
    <div className="stack">
      <div className="page-header">
        <h1 tabIndex={-1}>Incident templates</h1>
        {canEdit && editing === null && (
          <button type="button" onClick={() => setEditing("new")}>
            New template
          </button>
        )}
      </div>
      <p className="muted">
        Prepared incidents for what tends to go wrong: declare one from{" "}
        <Link href="/dashboard/incidents">the incidents page</Link>, or let a monitor word its
        incidents with one.
      </p>
      {editing !== null && (
        <TemplateForm
          key={editing === "new" ? "new" : editing.id}
          template={editing === "new" ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <ListSection
        label="Templates"
        className="card"
        pending={templates.isPending}
        error={templates.error}
        empty={list?.length === 0 ? "No templates yet." : undefined}
      >
        {list && list.length > 0 && (
          <DataTable
            label="Incident templates"
            columns={["Name", "Title", "Impact"]}
            actions={canEdit}
          >
            {list.map((template) => (
              <tr key={template.id}>
                <td>{template.name}</td>
                <td>{template.title}</td>
                <td>{template.impact}</td>
                {canEdit && (
                  <td className="actions">
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => setEditing(template)}
                      aria-label={`Edit ${template.name}`}
                    >
                      Edit
                    </button>
                    <ConfirmButton
                      label="Delete"
                      item={template.name}
                      confirmLabel={`Delete ${template.name}`}
                      question="Delete this template? Monitors that use it word their incidents themselves again."
                      pending={remove.isPending}
                      onConfirm={() => remove.mutate(template)}
                    />
                  </td>
                )}
              </tr>
            ))}
          </DataTable>
        )}
      </ListSection>
    </div>
  );
}
