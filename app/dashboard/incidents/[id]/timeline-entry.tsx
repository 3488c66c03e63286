"use client";

import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { Markdown } from "@/lib/content/markdown";
import { INCIDENT_STATUS_LABEL } from "@/lib/status/labels";
import { focusItemWhenShown, useAnnounce } from "@/app/ui/announcer";
import { closeOnEscape, FormActions } from "@/app/ui/form-actions";
import { FormError } from "@/app/ui/form-error";
import { OpenFormButton } from "@/app/ui/item-actions";
import { MarkdownField } from "@/app/ui/markdown-field";
import { Time, withZone } from "@/app/ui/time";
import type { Incident, IncidentUpdate } from "../../api-types";
import { useIncidentChange } from "./use-incident-change";

const EDIT_CONTROL = '[data-opens="edit"]';

export function TimelineEntry({
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
  // Names the update in labels and announcements, which take words rather than markup.
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
        <strong>{INCIDENT_STATUS_LABEL[update.status]}</strong>
        <span className="muted">
          <Time iso={update.createdAt} />
          {update.author ? ` · ${update.author.name}` : " · posted automatically"}
          {update.editedAt && (
            <>
              {" · edited "}
              <Time iso={update.editedAt} />
            </>
          )}
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
          {(update.estimatedResolutionAt || update.nextUpdateBy) && (
            <p className="muted small">
              {update.estimatedResolutionAt && (
                <>
                  Estimated resolution <Time iso={update.estimatedResolutionAt} />
                  {update.nextUpdateBy && " · "}
                </>
              )}
              {update.nextUpdateBy && (
                <>
                  Next update by <Time iso={update.nextUpdateBy} />
                </>
              )}
            </p>
          )}
          {canEdit && (
            <OpenFormButton
              name={`Edit the update of ${when}`}
              small
              onClick={() => setEditing(true)}
            />
          )}
        </>
      )}
    </li>
  );
}
