"use client";

import { useState } from "react";
import { STATUS_LABELS, useComponentPage, type ComponentStatus } from "./components/use-components";

export type Picked = { componentId: string; status: ComponentStatus };

/**
 * Choose affected components; with `withStatus`, the status each should show. The choice is
 * reported as it changes.
 */
export function ComponentPicker({
  legend,
  initial,
  withStatus,
  onChange,
}: {
  legend: string;
  initial: Picked[];
  withStatus: boolean;
  onChange: (picked: Picked[]) => void;
}) {
  const page = useComponentPage();
  const [picked, setPicked] = useState<Map<string, ComponentStatus>>(
    () => new Map(initial.map((p) => [p.componentId, p.status])),
  );

  function update(next: Map<string, ComponentStatus>) {
    setPicked(next);
    onChange([...next].map(([componentId, status]) => ({ componentId, status })));
  }

  if (page.isPending) return <p className="muted">Loading components…</p>;
  if (!page.data?.components.length)
    return <p className="muted">No components to choose from yet.</p>;
  return (
    <fieldset className="picker">
      <legend>{legend}</legend>
      {page.data.components.map((component) => {
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
                {Object.entries(STATUS_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
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
