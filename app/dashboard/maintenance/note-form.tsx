"use client";

import type { FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { useAnnounce } from "@/app/ui/announcer";
import { closeOnEscape, FormActions } from "@/app/ui/form-actions";
import { FormError } from "@/app/ui/form-error";
import { MarkdownField } from "@/app/ui/markdown-field";
import type { Maintenance } from "../api-types";
import { useMaintenanceChange } from "./use-maintenance-change";

/** A progress note on a window, shown publicly and sent to everyone who follows it. */
export function NoteForm({ window, onDone }: { window: Maintenance; onDone: () => void }) {
  const announce = useAnnounce();
  const post = useMaintenanceChange((body: Record<string, unknown>) =>
    apiFetch(`/v1/maintenances/${window.id}/updates`, { method: "POST", body }),
  );
  const error = post.error instanceof ApiError ? post.error : null;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = String(new FormData(event.currentTarget).get("body")).trim();
    post
      .mutateAsync({ body })
      .then(() => {
        onDone();
        announce(`Update on ${window.title} posted.`);
      })
      .catch(() => {});
  }
  return (
    <form
      className="form"
      aria-label={`Post an update on ${window.title}`}
      onSubmit={submit}
      onKeyDown={closeOnEscape(onDone)}
    >
      <FormError error={error} />
      <MarkdownField
        label="Update"
        name="body"
        required
        autoFocus
        error={error?.forField("body")}
      />
      <p className="muted">Shown on the status page and sent to subscribers and webhooks.</p>
      <FormActions
        label="Post update"
        pendingLabel="Posting…"
        pending={post.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
