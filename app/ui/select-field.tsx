import { useId, type ReactNode, type SelectHTMLAttributes } from "react";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  name: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
  error?: string;
};

/** A labelled select with its hint and the API's message for it, as `Field` places them. */
export function SelectField({ label, options, hint, error, ...select }: SelectFieldProps) {
  const id = useId();
  const shownHint = error ? undefined : hint;
  const described =
    [shownHint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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
