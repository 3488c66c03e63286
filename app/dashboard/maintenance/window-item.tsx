"use client";

import { useState } from "react";
import { apiFetch } from "@/lib/client/api";
import { Markdown } from "@/lib/content/markdown";
import { MAINTENANCE_STATUS_LABEL } from "@/lib/status/labels";
import { focusItemWhenShown, useAnnounce } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { ItemActions, OpenFormButton } from "@/app/ui/item-actions";
import { ErrorNotice } from "@/app/ui/states";
import { Time } from "@/app/ui/time";
import { useCan } from "../actor";
import type { Maintenance } from "../api-types";
import { NoteForm } from "./note-form";
import { useMaintenanceChange } from "./use-maintenance-change";
import { WindowForm } from "./window-form";

const EDIT_CONTROL = '[data-opens="edit"]';
const NOTE_CONTROL = '[data-opens="note"]';

export function WindowItem({ window, names }: { window: Maintenance; names: Map<string, string> }) {
  const canEdit = useCan("editor");
  const [editing, setEditing] = useState(false);
  const [noting, setNoting] = useState(false);
  const announce = useAnnounce();
  const cancel = useMaintenanceChange(() =>
    apiFetch(`/v1/maintenances/${window.id}/cancel`, { method: "POST" }),
  );
  const complete = useMaintenanceChange(() =>
    apiFetch(`/v1/maintenances/${window.id}/complete`, { method: "POST" }),
  );
  // Ending a window moves it to Past: focus follows it there, and the change is said.
  const end = (change: typeof cancel, said: string) => () =>
    change
      .mutateAsync(undefined)
      .then(() => {
        announce(said);
        focusItemWhenShown(window.id);
      })
      .catch(() => {});
  const open = window.status === "scheduled" || window.status === "in_progress";
  if (editing) {
    const close = () => {
      setEditing(false);
      focusItemWhenShown(window.id, EDIT_CONTROL);
    };
    return (
      <li className="card" data-testid="maintenance" data-item-id={window.id}>
        <h3 className="sr-only">{window.title}</h3>
        <WindowForm
          initial={window}
          submitLabel="Save changes"
          onDone={close}
          onSaved={(saved) => {
            close();
            announce(`${saved.title} saved.`);
          }}
        />
      </li>
    );
  }
  const closeNote = () => {
    setNoting(false);
    focusItemWhenShown(window.id, NOTE_CONTROL);
  };
  return (
    <li className="card" data-testid="maintenance" data-item-id={window.id}>
      <div className="page-header">
        <h3 data-item-focus tabIndex={-1}>
          {window.title}
        </h3>
        <span className="badge">{MAINTENANCE_STATUS_LABEL[window.status]}</span>
      </div>
      <p className="muted">
        <Time iso={window.startsAt} /> – <Time iso={window.endsAt} />
        {window.cancelledAt && (
          <>
            {" · cancelled "}
            <Time iso={window.cancelledAt} />
          </>
        )}
      </p>
      {window.seriesId && (
        <p className="muted">
          One window of a recurring series: editing it here changes this window alone.
        </p>
      )}
      {window.componentIds.length > 0 && (
        <p>Components: {window.componentIds.map((id) => names.get(id) ?? "…").join(", ")}</p>
      )}
      {window.body && <Markdown text={window.body} />}
      {window.updates.length > 0 && (
        <ol className="timeline" aria-label={`Updates on ${window.title}`}>
          {window.updates.map((note) => (
            <li key={note.id}>
              <div className="meta">
                <strong>Update</strong>
                <span className="muted">
                  <Time iso={note.createdAt} />
                  {note.author && ` · ${note.author.name}`}
                </span>
              </div>
              <Markdown text={note.body} />
            </li>
          ))}
        </ol>
      )}
      {noting && <NoteForm window={window} onDone={closeNote} />}
      {canEdit && open && !noting && (
        <ItemActions>
          <OpenFormButton name={`Edit ${window.title}`} onClick={() => setEditing(true)} />
          <OpenFormButton
            name={`Post update on ${window.title}`}
            opens="note"
            onClick={() => setNoting(true)}
          >
            Post update
          </OpenFormButton>
          {window.status === "in_progress" && (
            <ConfirmButton
              label="Complete now"
              item={window.title}
              confirmLabel="Yes, it is done"
              question="End this window now as completed? Its components return."
              onConfirm={end(complete, `${window.title} completed.`)}
              pending={complete.isPending}
            />
          )}
          <ConfirmButton
            label="Cancel maintenance"
            item={window.title}
            confirmLabel="Yes, cancel it"
            question="Cancel this window? Subscribers are told."
            onConfirm={end(cancel, `${window.title} cancelled.`)}
            pending={cancel.isPending}
          />
        </ItemActions>
      )}
      <ErrorNotice error={cancel.error ?? complete.error} />
    </li>
  );
}
