"use client";

import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { FollowedComponents } from "@/app/ui/followed-components";
import { FormError } from "@/app/ui/form-error";
import { closeOnEscape } from "@/app/ui/form-actions";
import { MarkdownField } from "@/app/ui/markdown-field";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { isoToZonedInput, zonedInputToIso } from "@/lib/time/zones";
import type { Maintenance } from "../api-types";
import { useComponentChoices } from "../components/use-components";
import { useWorkspace } from "../settings/use-workspace";
import { useMaintenanceChange } from "./use-maintenance-change";

type WindowFormProps = {
  initial?: Maintenance;
  submitLabel: string;
  onDone: () => void;
  onSaved: (saved: Maintenance) => void;
};

/**
 * Scheduling a window, or changing one that has not ended. Its times are typed in the status
 * page's time zone, the one the public page counts its days in, whoever's browser types them.
 */
export function WindowForm(props: WindowFormProps) {
  const workspace = useWorkspace();
  if (workspace.isPending) return <Loading />;
  if (workspace.isError) {
    return (
      <div className="stack tight">
        <ErrorNotice error={workspace.error} />
        <div>
          <button type="button" className="secondary" onClick={props.onDone}>
            Cancel
          </button>
        </div>
      </div>
    );
  }
  // A zone changed while the form is open starts it again, so no typed time changes its meaning.
  const zone = workspace.data.timeZone;
  return <ZonedWindowForm key={zone} zone={zone} {...props} />;
}

/** The next whole hour on the zone's clock, and an hour after it, as the inputs hold them. */
function nextHour(zone: string): [string, string] {
  const inAnHour = isoToZonedInput(new Date(Date.now() + 60 * 60_000).toISOString(), zone);
  const start = `${inAnHour.slice(0, -2)}00`;
  const end = new Date(Date.parse(zonedInputToIso(start, zone)!) + 60 * 60_000).toISOString();
  return [start, isoToZonedInput(end, zone)];
}

function ZonedWindowForm({
  initial,
  submitLabel,
  onDone,
  onSaved,
  zone,
}: WindowFormProps & { zone: string }) {
  const choices = useComponentChoices();
  const [componentIds, setComponentIds] = useState<string[]>(initial?.componentIds ?? []);
  const save = useMaintenanceChange((body: Record<string, unknown>) =>
    initial
      ? apiFetch<Maintenance>(`/v1/maintenances/${initial.id}`, { method: "PUT", body })
      : apiFetch<Maintenance>("/v1/maintenances", { method: "POST", body }),
  );
  const error = save.error instanceof ApiError ? save.error : null;
  const [soonStart, soonEnd] = nextHour(zone);

  // A window in progress has started: its start is history and stays as it is.
  const started = initial?.status === "in_progress";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // What is not a time goes as typed, for the API to say so beside its field.
    const instant = (name: string) => {
      const value = String(form.get(name) ?? "");
      return zonedInputToIso(value, zone) ?? value;
    };
    save.mutate(
      {
        title: String(form.get("title")).trim(),
        body: String(form.get("body")).trim(),
        startsAt: started ? initial!.startsAt : instant("startsAt"),
        endsAt: instant("endsAt"),
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
      <div className="fields two">
        <Field
          label={`Starts (${zone})`}
          name="startsAt"
          type="datetime-local"
          defaultValue={initial ? isoToZonedInput(initial.startsAt, zone) : soonStart}
          required
          disabled={started}
          hint={started ? "The window has started; its start can no longer move." : undefined}
          error={error?.forField("startsAt")}
        />
        <Field
          label={`Ends (${zone})`}
          name="endsAt"
          type="datetime-local"
          defaultValue={initial ? isoToZonedInput(initial.endsAt, zone) : soonEnd}
          required
          error={error?.forField("endsAt")}
        />
      </div>
      <p className="muted">
        Times here are in the status page&apos;s time zone, {zone}, set in Settings; lists show them
        in your own.
      </p>
      <MarkdownField
        label="Message"
        name="body"
        defaultValue={initial?.body}
        error={error?.forField("body")}
      />
      <FollowedComponents
        legend="Components under maintenance"
        choices={choices}
        initial={initial?.componentIds ?? []}
        onChange={setComponentIds}
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
