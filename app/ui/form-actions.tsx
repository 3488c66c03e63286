"use client";

import type { KeyboardEvent } from "react";

/** Escape closes an inline form, as its Cancel button does. */
export const closeOnEscape = (close: () => void) => (event: KeyboardEvent) => {
  if (event.key === "Escape") close();
};

/** An inline form's buttons: the action (saying what it does, and while it runs) and Cancel. */
export function FormActions({
  label,
  pendingLabel,
  pending,
  onCancel,
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="row">
      <button type="submit" disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
