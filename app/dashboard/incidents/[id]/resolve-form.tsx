"use client";

import type { FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { useAnnounce } from "@/app/ui/announcer";
import { closeOnEscape, FormActions } from "@/app/ui/form-actions";
import { FormError } from "@/app/ui/form-error";
import { MarkdownField } from "@/app/ui/markdown-field";
import type { Incident } from "../../api-types";
import { useIncidentChange } from "./use-incident-change";

export function ResolveForm({ incident, onDone }: { incident: Incident; onDone: () => void }) {
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
