import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  name: string;
  hint?: string;
  error?: string;
};

/** A labelled textarea with its hint and the API's message for it, as `Field` places them. */
export function TextAreaField({ label, hint, error, rows = 3, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const shownHint = error ? undefined : hint;
  const described =
    [shownHint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...textarea}
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
