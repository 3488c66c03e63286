"use client";

import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { FollowedComponents } from "@/app/ui/followed-components";
import { FormError } from "@/app/ui/form-error";
import { closeOnEscape } from "@/app/ui/form-actions";
import { MarkdownField } from "@/app/ui/markdown-field";
import { SelectField } from "@/app/ui/select-field";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { isoToZonedInput, zonedInputToIso } from "@/lib/time/zones";
import type { Maintenance, MaintenanceSeries } from "../api-types";
import { useComponentChoices } from "../components/use-components";
import { useWorkspace } from "../settings/use-workspace";
import { useMaintenanceChange } from "./use-maintenance-change";

type WindowFormProps = {
  /** A window to change: this one alone, even when it is an occurrence of a series. */
  initial?: Maintenance;
  /** A series to change from now on. */
  initialSeries?: MaintenanceSeries;
  submitLabel: string;
  onDone: () => void;
  /** The window or series saved; `repeats` when it was a series. */
  onSaved: (saved: { id: string; title: string }, repeats: boolean) => void;
};

/** The rules most teams want, as RRULEs; any other is typed as one. */
const REPEATS = [
  { value: "", label: "Does not repeat" },
  { value: "FREQ=DAILY", label: "Every day" },
  { value: "FREQ=WEEKLY", label: "Every week" },
  { value: "FREQ=WEEKLY;INTERVAL=2", label: "Every two weeks" },
  { value: "FREQ=MONTHLY", label: "Every month, on this date" },
  { value: "custom", label: "Custom rule (RRULE)…" },
] as const;

/**
 * Scheduling a window or a recurring series, or changing one that has not ended. Its times are
 * typed in the status page's time zone, the one the public page counts its days in, whoever's
 * browser types them; a series repeats on that clock.
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
  initial: window,
  initialSeries: series,
  submitLabel,
  onDone,
  onSaved,
  zone,
}: WindowFormProps & { zone: string }) {
  const initial = window ?? series;
  const choices = useComponentChoices();
  const [componentIds, setComponentIds] = useState<string[]>(initial?.componentIds ?? []);
  const known = REPEATS.some((r) => r.value === (series?.recurrence ?? ""));
  const [repeats, setRepeats] = useState<string>(
    series ? (known ? series.recurrence : "custom") : "",
  );
  const save = useMaintenanceChange(
    ({ recurrence, ...body }: Record<string, unknown>): Promise<{ id: string; title: string }> => {
      if (series) {
        return apiFetch(`/v1/maintenance-series/${series.id}`, {
          method: "PUT",
          body: { ...body, recurrence },
        });
      }
      if (window) return apiFetch(`/v1/maintenances/${window.id}`, { method: "PUT", body });
      return recurrence
        ? apiFetch("/v1/maintenance-series", { method: "POST", body: { ...body, recurrence } })
        : apiFetch("/v1/maintenances", { method: "POST", body });
    },
  );
  const error = save.error instanceof ApiError ? save.error : null;
  const [soonStart, soonEnd] = nextHour(zone);

  // A window in progress has started: its start is history and stays as it is.
  const started = window?.status === "in_progress";
  // Only a new window may become a series; a window of one is changed on its own.
  const canRepeat = !window;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // What is not a time goes as typed, for the API to say so beside its field.
    // A time left as shown keeps its stored seconds, so saving other fields moves nothing.
    const instant = (name: "startsAt" | "endsAt") => {
      const value = String(form.get(name) ?? "");
      if (initial && value === isoToZonedInput(initial[name], zone)) return initial[name];
      return zonedInputToIso(value, zone) ?? value;
    };
    const remind = String(form.get("remindBeforeMinutes") ?? "").trim();
    const rule = repeats === "custom" ? String(form.get("recurrence") ?? "").trim() : repeats;
    save.mutate(
      {
        title: String(form.get("title")).trim(),
        body: String(form.get("body")).trim(),
        startsAt: started ? window!.startsAt : instant("startsAt"),
        endsAt: instant("endsAt"),
        componentIds,
        // A number as typed goes as one; anything else as typed, for the API to say so.
        remindBeforeMinutes:
          remind === "" ? null : Number.isNaN(Number(remind)) ? remind : Number(remind),
        ...(canRepeat && (rule || series) ? { recurrence: rule } : {}),
      },
      { onSuccess: (saved) => onSaved(saved, canRepeat && Boolean(rule || series)) },
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
        {series &&
          " For a series, they are its first window's: every window starts at the same local time and lasts as long."}
      </p>
      <div className="fields two">
        {canRepeat && (
          <SelectField
            label="Repeats"
            name="repeats"
            // A series keeps repeating: ending it is its own button.
            options={series ? REPEATS.filter((r) => r.value !== "") : REPEATS}
            value={repeats}
            onChange={(event) => setRepeats(event.currentTarget.value)}
            hint="Windows are created 30 days ahead, at the same local time."
            error={repeats === "custom" ? undefined : error?.forField("recurrence")}
          />
        )}
        <Field
          label="Remind subscribers (minutes before)"
          name="remindBeforeMinutes"
          type="number"
          min={1}
          max={10080}
          defaultValue={initial?.remindBeforeMinutes ?? ""}
          hint="Leave empty for no reminder."
          error={error?.forField("remindBeforeMinutes")}
        />
      </div>
      {canRepeat && repeats === "custom" && (
        <Field
          label="Rule (RFC 5545 RRULE)"
          name="recurrence"
          defaultValue={series && !known ? series.recurrence : "FREQ=WEEKLY;BYDAY=SU"}
          required
          maxLength={500}
          hint="As FREQ=MONTHLY;BYDAY=1TU (the first Tuesday of each month)."
          error={error?.forField("recurrence")}
        />
      )}
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
