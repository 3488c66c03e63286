"use client";

import { useRef, useState, type ReactNode } from "react";

/**
 * A select whose choice takes effect only once confirmed: browsing it with the arrow keys changes
 * nothing. Choosing another value asks inline; confirming runs `onConfirm`, and once that settles
 * the question closes and focus returns to the select. If `onConfirm` rejects, the question stays,
 * so the choice can be confirmed again or cancelled (the caller shows why it failed).
 */
export function ConfirmSelect<T extends string>({
  label,
  value,
  options,
  className,
  confirmLabel,
  question,
  action,
  pendingAction = action,
  onConfirm,
}: {
  /** The select's accessible name. */
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  className?: string;
  /** The accessible name of the group that asks. */
  confirmLabel: string;
  question: (chosen: T) => ReactNode;
  action: string;
  pendingAction?: string;
  onConfirm: (chosen: T) => Promise<unknown>;
}) {
  const [chosen, setChosen] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  const close = () => {
    setChosen(null);
    select.current?.focus();
  };

  async function confirm(choice: T) {
    setPending(true);
    try {
      await onConfirm(choice);
      close();
    } catch {
      // The question stays open; the caller shows the refusal.
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <select
        className={className}
        ref={select}
        aria-label={label}
        value={chosen ?? value}
        onChange={(event) => {
          const next = event.target.value as T;
          setChosen(next === value ? null : next);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {chosen && (
        <span className="confirm" role="group" aria-label={confirmLabel}>
          <span>{question(chosen)}</span>
          <button type="button" disabled={pending} onClick={() => confirm(chosen)}>
            {pending ? pendingAction : action}
          </button>
          <button type="button" className="secondary" onClick={close}>
            Cancel
          </button>
        </span>
      )}
    </>
  );
}
