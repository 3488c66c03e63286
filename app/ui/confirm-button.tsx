"use client";

import { useEffect, useRef, useState } from "react";

/**
 * A destructive action that asks once more, inline, before it runs. Asking moves focus to the
 * confirming button; Cancel and Escape give it back to the button that asked.
 */
export function ConfirmButton({
  label,
  item,
  confirmLabel,
  question,
  onConfirm,
  pending,
}: {
  label: string;
  /** What it acts on, for its accessible name ("Delete API"): lists have many a "Delete". */
  item?: string;
  confirmLabel: string;
  question: string;
  onConfirm: (button: HTMLButtonElement) => void;
  pending?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const ask = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    (asking ? confirm : ask).current?.focus();
    moved.current = false;
  }, [asking]);
  const setAskingAndFocus = (next: boolean) => {
    moved.current = true;
    setAsking(next);
  };

  if (!asking) {
    return (
      <button
        type="button"
        className="secondary"
        ref={ask}
        aria-label={item ? `${label} ${item}` : undefined}
        onClick={() => setAskingAndFocus(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span
      className="confirm"
      role="group"
      aria-label={question}
      onKeyDown={(event) => {
        if (event.key === "Escape") setAskingAndFocus(false);
      }}
    >
      <span>{question}</span>
      <button
        type="button"
        className="danger"
        ref={confirm}
        onClick={(event) => onConfirm(event.currentTarget)}
        disabled={pending}
      >
        {confirmLabel}
      </button>
      <button type="button" className="secondary" onClick={() => setAskingAndFocus(false)}>
        Cancel
      </button>
    </span>
  );
}
