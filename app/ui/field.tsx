import { useId, type InputHTMLAttributes } from "react";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  hint?: string;
  error?: string;
};

/** A labelled input with its hint and the API's message for it. */
export function Field({ label, hint, error, ...input }: FieldProps) {
  const id = useId();
  // The API's message replaces the hint rather than repeating it.
  const shownHint = error ? undefined : hint;
  const described =
    [shownHint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {shownHint && (
        <span id={`${id}-hint`} className="muted">
          {shownHint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
