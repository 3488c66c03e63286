"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { focusItemWhenShown, focusWhenShown, PAGE_OPENER, useAnnounce } from "@/app/ui/announcer";
import { ComponentPicker, type Picked } from "@/app/ui/component-picker";
import { Field } from "@/app/ui/field";
import { FormError } from "@/app/ui/form-error";
import { useKeptDraft } from "@/app/ui/kept-draft";
import { MarkdownField } from "@/app/ui/markdown-field";
import { SelectField } from "@/app/ui/select-field";
import type { Incident } from "../api-types";
import { useComponentChoices } from "../components/use-components";
import { componentKeys, incidentKeys } from "../query-keys";
import { fillVariables, startWording } from "@/lib/content/placeholders";
import { useWorkspace } from "../settings/use-workspace";
import { OpeningFields } from "./opening-fields";
import { PromiseFields, promisesIn } from "./promise-fields";
import { useIncidentTemplates } from "./use-templates";

type Preset = { title: string; body: string; status: string; impact: string };

export const DECLARE_DRAFT = "allclear:declare-incident";

/** A field the API named, in the form's words ("components.1.componentId" → "Component 2"). */
function describeIncidentField(field: string): string {
  const component = /^components\.(\d+)/.exec(field);
  if (component) return `Affected component ${Number(component[1]) + 1}`;
  return (
    {
      impact: "Impact",
      status: "Status",
      startedAt: "Start",
      nextUpdateBy: "Next update by",
      estimatedResolutionAt: "Estimated resolution",
    }[field] ?? field
  );
}

export function DeclareForm({ onDone }: { onDone: () => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const draft = useKeptDraft(DECLARE_DRAFT);
  const form = useRef<HTMLFormElement>(null);
  const choices = useComponentChoices();
  const [components, setComponents] = useState<Picked[]>(
    () => (draft.restored?.extra as Picked[] | undefined) ?? [],
  );
  const templates = useIncidentTemplates();
  const zone = useWorkspace().data?.timeZone ?? "Etc/UTC";
  // A chosen template fills the form anew; what it leaves as {{variable}} is for the writer.
  const [preset, setPreset] = useState<{ key: number; values: Preset } | null>(null);
  const field = (name: keyof Preset, fallback?: string) =>
    preset ? preset.values[name] : draft.field(name, fallback);
  function applyTemplate(id: string) {
    const template = templates.data?.templates.find((t) => t.id === id);
    if (!template) return;
    const names = new Map(choices?.map((c) => [c.id, c.name]));
    const named = template.components.map((c) => names.get(c.componentId));
    // {{component}} is filled only when every name is known; else it is left for the writer.
    const values = {
      start: startWording(new Date(), zone),
      ...(named.length && named.every(Boolean) ? { component: named.join(", ") } : {}),
    };
    setComponents(template.components);
    setPreset({
      key: (preset?.key ?? 0) + 1,
      values: {
        title: fillVariables(template.title, values),
        body: fillVariables(template.body, values),
        status: template.status,
        impact: template.impact,
      },
    });
  }
  const announce = useAnnounce();
  const declare = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<Incident>("/v1/incidents", { method: "POST", body }),
    onSuccess: (incident) => {
      draft.drop();
      void queryClient.invalidateQueries({ queryKey: incidentKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: componentKeys.all });
      onDone();
      router.push(`/dashboard/incidents/${incident.id}`);
      announce(
        incident.visibility === "draft"
          ? `Draft ${incident.title} saved.`
          : `Incident ${incident.title} declared.`,
      );
      focusItemWhenShown(incident.id);
    },
  });
  const error = declare.error instanceof ApiError ? declare.error : null;
  const cancel = () => {
    draft.drop();
    onDone();
    focusWhenShown(PAGE_OPENER);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    declare.mutate({
      title: String(form.get("title")).trim(),
      impact: form.get("impact"),
      status: form.get("status"),
      body: String(form.get("body")).trim(),
      visibility: form.get("publish") ? "published" : "draft",
      components,
      ...(form.get("status") === "resolved" ? {} : promisesIn(form, zone)),
    });
  }

  return (
    <section className="card">
      <h2>Declare incident</h2>
      {draft.restored && <p className="notice">What you had typed is back; Cancel drops it.</p>}
      {/* A refusal stays until the form changes: what it named may be fixed by then. */}
      {templates.data && templates.data.templates.length > 0 && (
        <SelectField
          label="Start from a template"
          name="template"
          options={[
            { value: "", label: "No template" },
            ...templates.data.templates.map((t) => ({ value: t.id, label: t.name })),
          ]}
          defaultValue=""
          hint="Fills in the form; replace any {{variable}} left in it before declaring."
          onChange={(event) => applyTemplate(event.target.value)}
        />
      )}
      <form
        key={preset?.key ?? 0}
        ref={form}
        className="form"
        onSubmit={submit}
        onInput={(event) => {
          draft.keep(event.currentTarget, components);
          if (declare.error) declare.reset();
        }}
      >
        <FormError
          error={error}
          shown={["title", "body", "nextUpdateBy", "estimatedResolutionAt"]}
          describe={describeIncidentField}
        />
        <Field
          label="Title"
          name="title"
          required
          maxLength={200}
          autoFocus
          defaultValue={field("title")}
          error={error?.forField("title")}
        />
        <OpeningFields
          status={field("status", "investigating")}
          impact={field("impact", "minor")}
        />
        <MarkdownField
          label="Message"
          name="body"
          required
          defaultValue={field("body")}
          error={error?.forField("body")}
        />
        <PromiseFields error={error} />
        <ComponentPicker
          legend="Affected components"
          choices={choices}
          initial={components}
          withStatus
          onChange={(picked) => {
            setComponents(picked);
            if (form.current) draft.keep(form.current, picked);
          }}
        />
        <label className="check">
          <input
            type="checkbox"
            name="publish"
            defaultChecked={draft.field("publish", "true") === "true"}
          />
          Publish now (visitors see it and subscribers are notified); unchecked keeps a draft
        </label>
        <div className="row">
          <button type="submit" disabled={declare.isPending}>
            {declare.isPending ? "Declaring…" : "Declare incident"}
          </button>
          <button type="button" className="secondary" onClick={cancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
