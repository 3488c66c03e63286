import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  /** Its words; a row of like fields may add an sr-only part ("Header 2") that tells them apart. */
  label: ReactNode;
  name: string;
  hint?: string;
  error?: string;
};

/**
 * A labelled input with its hint and the API's message for it. A `maxLength` is shown as a
 * counter rather than enforced by the browser, which would cut pasted text short without a word;
 * text over the limit is marked, and the API's refusal says why.
 */
export function Field({ label, hint, error, maxLength, ...input }: FieldProps) {
  const id = useId();
  const [length, setLength] = useState(String(input.defaultValue ?? input.value ?? "").length);
  const over = maxLength !== undefined && length > maxLength;
  // The API's message replaces the hint rather than repeating it.
  const shownHint = error ? undefined : hint;
  const counted = maxLength !== undefined && length > maxLength * 0.8;
  const described =
    [shownHint && `${id}-hint`, error && `${id}-error`, counted && `${id}-count`]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={described}
        {...input}
        onInput={(event) => {
          setLength(event.currentTarget.value.length);
          input.onInput?.(event);
        }}
      />
      {shownHint && (
        <span id={`${id}-hint`} className="muted">
          {shownHint}
        </span>
      )}
      {counted && (
        <span id={`${id}-count`} className={over ? "field-error" : "muted"}>
          {length} of {maxLength} characters{over ? ": too long" : ""}
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
