"use client";

import { useState } from "react";
import type { z } from "zod";
import type { AffectedComponent } from "@/lib/incidents/schemas";
import { COMPONENT_STATUSES, STATUS_LABEL, type ComponentStatus } from "@/lib/status/labels";

/** A chosen component and the status it should show, as incidents send them to the API. */
export type Picked = z.input<typeof AffectedComponent>;

/** What can be chosen from: the page's components, or undefined while they load. */
export type Choices = readonly { id: string; name: string }[] | undefined;

/**
 * Choose components; with `withStatus`, the status each should show. The choice is reported as it
 * changes.
 */
export function ComponentPicker({
  legend,
  choices,
  initial,
  withStatus,
  onChange,
}: {
  legend: string;
  choices: Choices;
  initial: readonly Picked[];
  withStatus: boolean;
  onChange: (picked: Picked[]) => void;
}) {
  const [picked, setPicked] = useState<Map<string, ComponentStatus>>(
    () => new Map(initial.map((p) => [p.componentId, p.status])),
  );

  function update(next: Map<string, ComponentStatus>) {
    setPicked(next);
    onChange([...next].map(([componentId, status]) => ({ componentId, status })));
  }

  if (!choices) return <p className="muted">Loading components…</p>;
  if (!choices.length) return <p className="muted">No components to choose from yet.</p>;
  return (
    <fieldset className="picker">
      <legend>{legend}</legend>
      {choices.map((component) => {
        const checked = picked.has(component.id);
        return (
          <div key={component.id} className="picker-row">
            <label className="check">
              <input
                type="checkbox"
                checked={checked}
                onChange={(event) => {
                  const next = new Map(picked);
                  if (event.target.checked) next.set(component.id, "partial_outage");
                  else next.delete(component.id);
                  update(next);
                }}
              />
              {component.name}
            </label>
            {withStatus && checked && (
              <select
                aria-label={`Status of ${component.name} in this incident`}
                value={picked.get(component.id)}
                onChange={(event) =>
                  update(new Map(picked).set(component.id, event.target.value as ComponentStatus))
                }
              >
                {COMPONENT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABEL[status]}
                  </option>
                ))}
              </select>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
