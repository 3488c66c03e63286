"use client";

import { useState } from "react";

/** A destructive action that asks once more, inline, before it runs. */
export function ConfirmButton({
  label,
  confirmLabel,
  question,
  onConfirm,
  pending,
}: {
  label: string;
  confirmLabel: string;
  question: string;
  onConfirm: () => void;
  pending?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="secondary" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button type="button" className="danger" onClick={onConfirm} disabled={pending}>
        {confirmLabel}
      </button>
      <button type="button" className="secondary" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
