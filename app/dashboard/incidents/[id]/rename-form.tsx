"use client";

import type { FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { useAnnounce } from "@/app/ui/announcer";
import { Field } from "@/app/ui/field";
import { closeOnEscape, FormActions } from "@/app/ui/form-actions";
import { FormError } from "@/app/ui/form-error";
import type { Incident } from "../../api-types";
import { useIncidentChange } from "./use-incident-change";

export function RenameForm({ incident, onDone }: { incident: Incident; onDone: () => void }) {
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
