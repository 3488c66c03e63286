"use client";

import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { INCIDENT_STATUS_LABEL } from "@/lib/status/labels";
import { useAnnounce } from "@/app/ui/announcer";
import { ComponentPicker, type Picked } from "@/app/ui/component-picker";
import { FormError } from "@/app/ui/form-error";
import { MarkdownField } from "@/app/ui/markdown-field";
import { SelectField } from "@/app/ui/select-field";
import type { Incident } from "../../api-types";
import { useComponentChoices } from "../../components/use-components";
import { useWorkspace } from "../../settings/use-workspace";
import { IMPACT_OPTIONS, STATUS_OPTIONS } from "../options";
import { PromiseFields, promisesIn } from "../promise-fields";
import { useIncidentChange } from "./use-incident-change";

export function UpdateForm({ incident }: { incident: Incident }) {
  const post = useIncidentChange(incident.id, (body) =>
    apiFetch<Incident>(`/v1/incidents/${incident.id}/updates`, { method: "POST", body }),
  );
  const choices = useComponentChoices();
  const [components, setComponents] = useState<Picked[] | null>(null);
  const [formKey, setFormKey] = useState(0);
  const announce = useAnnounce();
  const zone = useWorkspace().data?.timeZone ?? "Etc/UTC";
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
        // A resolving update promises nothing more.
        ...(form.get("status") === "resolved" ? {} : promisesIn(form, zone)),
      },
      {
        onSuccess: (incident) => {
          setComponents(null);
          setFormKey((key) => key + 1);
          announce(`Update posted: ${INCIDENT_STATUS_LABEL[incident.status]}.`);
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
        <PromiseFields error={error} />
        <ComponentPicker
          legend="Affected components"
          choices={choices}
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
