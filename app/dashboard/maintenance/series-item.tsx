"use client";

import { useState } from "react";
import { RRule } from "rrule";
import { apiFetch } from "@/lib/client/api";
import { focusItemWhenShown, useAnnounce } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { ItemActions, OpenFormButton } from "@/app/ui/item-actions";
import { ErrorNotice } from "@/app/ui/states";
import { Time } from "@/app/ui/time";
import { useCan } from "../actor";
import type { MaintenanceSeries } from "../api-types";
import { useMaintenanceChange } from "./use-maintenance-change";
import { WindowForm } from "./window-form";

const EDIT_CONTROL = '[data-opens="edit"]';

/** The rule in words ("every week on Sunday"); the rule itself when it has none. */
function inWords(recurrence: string): string {
  try {
    return RRule.fromString(recurrence).toText();
  } catch {
    return recurrence;
  }
}

/** A length in minutes as people say it: "1 minute", "2 hours", "1 hour 30 minutes". */
function minutesInWords(total: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (!hours) return plural(minutes, "minute");
  return minutes ? `${plural(hours, "hour")} ${plural(minutes, "minute")}` : plural(hours, "hour");
}

/** A recurring window: its rule, its next starts, and changing or ending it from now on. */
export function SeriesItem({
  series,
  names,
}: {
  series: MaintenanceSeries;
  names: Map<string, string>;
}) {
  const canEdit = useCan("editor");
  const [editing, setEditing] = useState(false);
  const announce = useAnnounce();
  const end = useMaintenanceChange(() =>
    apiFetch(`/v1/maintenance-series/${series.id}`, { method: "DELETE" }),
  );
  const length = Math.round((Date.parse(series.endsAt) - Date.parse(series.startsAt)) / 60_000);
  // The local time every window starts at, on the clock the rule is read on.
  const at = new Intl.DateTimeFormat(undefined, {
    timeStyle: "short",
    timeZone: series.timeZone,
  }).format(new Date(series.startsAt));
  if (editing) {
    const close = () => {
      setEditing(false);
      focusItemWhenShown(series.id, EDIT_CONTROL);
    };
    return (
      <li className="card" data-testid="maintenance-series" data-item-id={series.id}>
        <h3 className="sr-only">{series.title}</h3>
        <WindowForm
          initialSeries={series}
          submitLabel="Save series"
          onDone={close}
          onSaved={(saved) => {
            close();
            announce(`${saved.title} saved; its windows still to come follow it.`);
          }}
        />
      </li>
    );
  }
  return (
    <li className="card" data-testid="maintenance-series" data-item-id={series.id}>
      <div className="page-header">
        <h3 data-item-focus tabIndex={-1}>
          {series.title}
        </h3>
        <span className="badge">Repeats</span>
      </div>
      <p>
        Repeats {inWords(series.recurrence)} at {at} ({series.timeZone}), for{" "}
        {minutesInWords(length)}
        {series.remindBeforeMinutes !== null &&
          `; subscribers are reminded ${minutesInWords(series.remindBeforeMinutes)} before`}
        .
      </p>
      {series.componentIds.length > 0 && (
        <p>Components: {series.componentIds.map((id) => names.get(id) ?? "…").join(", ")}</p>
      )}
      {series.nextStarts.length > 0 && (
        <div>
          <span className="muted">Next:</span>
          <ul aria-label={`Next windows of ${series.title}`}>
            {series.nextStarts.slice(0, 3).map((start) => (
              <li key={start}>
                <Time iso={start} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {canEdit && (
        <ItemActions>
          <OpenFormButton name={`Edit series ${series.title}`} onClick={() => setEditing(true)}>
            Edit series
          </OpenFormButton>
          <ConfirmButton
            label="End series"
            item={series.title}
            confirmLabel="Yes, end it"
            question="End this series? Its windows still to come are withdrawn; one in progress runs to its end."
            onConfirm={() =>
              end
                .mutateAsync(undefined)
                .then(() => announce(`${series.title} ended.`))
                .catch(() => {})
            }
            pending={end.isPending}
          />
        </ItemActions>
      )}
      <ErrorNotice error={end.error} />
    </li>
  );
}
