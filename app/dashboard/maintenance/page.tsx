"use client";

import { closeOnEscape, FormActions } from "@/app/ui/form-actions";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { focusItemWhenShown, focusWhenShown, PAGE_OPENER, useAnnounce } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { Field } from "@/app/ui/field";
import { Markdown } from "@/lib/content/markdown";
import { MarkdownField } from "@/app/ui/markdown-field";
import { FormError } from "@/app/ui/form-error";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { withZone } from "@/app/ui/time";
import { useCan } from "../actor";
import { ComponentPicker } from "../component-picker";
import { useComponentPage } from "../components/use-components";

type Maintenance = {
  id: string;
  title: string;
  body: string;
  status: "scheduled" | "in_progress" | "completed" | "cancelled";
  startsAt: string;
  endsAt: string;
  cancelledAt: string | null;
  componentIds: string[];
  updates: {
    id: string;
    body: string;
    createdAt: string;
    author: { userId: string; name: string } | null;
  }[];
};

const KEY = ["maintenances"];
const STATUS_TEXT: Record<Maintenance["status"], string> = {
  scheduled: "Scheduled",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** The value a datetime-local input shows for an instant, in the viewer's time zone. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value is the viewer's local time; the API takes UTC instants. */
function fromLocalInput(value: string): string {
  return new Date(value).toISOString();
}

/** A change to a window; it settles once the list shows it, so focus can move to it. */
function useMaintenanceChange<Vars, Result>(send: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: ["components"] }),
      ]),
  });
}

const EDIT_CONTROL = '[data-opens="edit"]';
const NOTE_CONTROL = '[data-opens="note"]';

function WindowForm({
  initial,
  submitLabel,
  onDone,
  onSaved,
}: {
  initial?: Maintenance;
  submitLabel: string;
  onDone: () => void;
  onSaved: (saved: Maintenance) => void;
}) {
  const [componentIds, setComponentIds] = useState<string[]>(initial?.componentIds ?? []);
  const save = useMaintenanceChange((body: Record<string, unknown>) =>
    initial
      ? apiFetch<Maintenance>(`/v1/maintenances/${initial.id}`, { method: "PUT", body })
      : apiFetch<Maintenance>("/v1/maintenances", { method: "POST", body }),
  );
  const error = save.error instanceof ApiError ? save.error : null;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const soon = new Date(Date.now() + 60 * 60_000);
  soon.setMinutes(0, 0, 0);

  // A window in progress has started: its start is history and stays as it is.
  const started = initial?.status === "in_progress";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate(
      {
        title: String(form.get("title")).trim(),
        body: String(form.get("body")).trim(),
        startsAt: started ? initial!.startsAt : fromLocalInput(String(form.get("startsAt"))),
        endsAt: fromLocalInput(String(form.get("endsAt"))),
        componentIds,
      },
      { onSuccess: onSaved },
    );
  }

  return (
    <form className="form" onSubmit={submit} onKeyDown={closeOnEscape(onDone)}>
      <FormError error={error} />
      <Field
        label="Title"
        name="title"
        defaultValue={initial?.title}
        required
        maxLength={200}
        autoFocus
        error={error?.forField("title")}
      />
      <div className="row">
        <Field
          label={`Starts (${zone})`}
          name="startsAt"
          type="datetime-local"
          defaultValue={toLocalInput(initial?.startsAt ?? soon.toISOString())}
          required
          disabled={started}
          hint={started ? "The window has started; its start can no longer move." : undefined}
          error={error?.forField("startsAt")}
        />
        <Field
          label={`Ends (${zone})`}
          name="endsAt"
          type="datetime-local"
          defaultValue={toLocalInput(
            initial?.endsAt ?? new Date(soon.getTime() + 60 * 60_000).toISOString(),
          )}
          required
          error={error?.forField("endsAt")}
        />
      </div>
      <MarkdownField
        label="Message"
        name="body"
        defaultValue={initial?.body}
        error={error?.forField("body")}
      />
      <ComponentPicker
        legend="Components under maintenance"
        initial={(initial?.componentIds ?? []).map((componentId) => ({
          componentId,
          status: "under_maintenance",
        }))}
        withStatus={false}
        onChange={(picked) => setComponentIds(picked.map((p) => p.componentId))}
      />
      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : submitLabel}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function NoteForm({ window, onDone }: { window: Maintenance; onDone: () => void }) {
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

function WindowItem({ window, names }: { window: Maintenance; names: Map<string, string> }) {
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
        <span className="badge">{STATUS_TEXT[window.status]}</span>
      </div>
      <p className="muted">
        {withZone(window.startsAt)} – {withZone(window.endsAt)}
        {window.cancelledAt && ` · cancelled ${withZone(window.cancelledAt)}`}
      </p>
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
                  {withZone(note.createdAt)}
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
        <div className="row">
          <button
            type="button"
            className="secondary"
            aria-label={`Edit ${window.title}`}
            data-opens="edit"
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          <button
            type="button"
            className="secondary"
            aria-label={`Post update on ${window.title}`}
            data-opens="note"
            onClick={() => setNoting(true)}
          >
            Post update
          </button>
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
        </div>
      )}
      <ErrorNotice error={cancel.error ?? complete.error} />
    </li>
  );
}

export default function MaintenancePage() {
  const canEdit = useCan("editor");
  const [scheduling, setScheduling] = useState(false);
  const announce = useAnnounce();
  const components = useComponentPage();
  const list = useInfiniteQuery({
    queryKey: KEY,
    queryFn: ({ pageParam }) =>
      apiFetch<{ maintenances: Maintenance[]; nextCursor: string | null }>(
        `/v1/maintenances?limit=100${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Windows start and end by themselves; keep the page current while it is open.
    refetchInterval: 5000,
  });
  const names = new Map(components.data?.components.map((c) => [c.id, c.name]));
  const windows = list.data?.pages.flatMap((page) => page.maintenances) ?? [];
  const sections: [string, Maintenance[]][] = [
    ["In progress", windows.filter((w) => w.status === "in_progress")],
    ["Upcoming", windows.filter((w) => w.status === "scheduled").reverse()],
    ["Past", windows.filter((w) => w.status === "completed" || w.status === "cancelled")],
  ];

  return (
    <div className="stack">
      <div className="page-header">
        <h1>Maintenance</h1>
        {canEdit && !scheduling && (
          <button type="button" data-opens="page-form" onClick={() => setScheduling(true)}>
            Schedule maintenance
          </button>
        )}
      </div>
      {scheduling && (
        <section className="card">
          <h2>Schedule maintenance</h2>
          <WindowForm
            submitLabel="Schedule"
            onDone={() => {
              setScheduling(false);
              focusWhenShown(PAGE_OPENER);
            }}
            onSaved={(created) => {
              setScheduling(false);
              announce(`${created.title} scheduled.`);
              focusItemWhenShown(created.id);
            }}
          />
        </section>
      )}
      {list.isPending && <Loading />}
      <ErrorNotice error={list.error} />
      {list.data &&
        sections.map(([title, items]) => (
          <section key={title} aria-label={title}>
            <h2>{title}</h2>
            {items.length === 0 ? (
              <p className="muted">Nothing {title === "Past" ? "yet" : title.toLowerCase()}.</p>
            ) : (
              <ul className="plain stack">
                {items.map((window) => (
                  <WindowItem key={window.id} window={window} names={names} />
                ))}
              </ul>
            )}
          </section>
        ))}
      {list.hasNextPage && (
        <button type="button" className="secondary" onClick={() => list.fetchNextPage()}>
          Load more
        </button>
      )}
    </div>
  );
}
