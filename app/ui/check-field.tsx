import { useId, type InputHTMLAttributes } from "react";

type CheckFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: string;
  name: string;
  hint?: string;
};

/** A checkbox with its label beside it and its hint under the label, as `Field` places a hint. */
export function CheckField({ label, hint, ...input }: CheckFieldProps) {
  const id = useId();
  return (
    <div className="check-field">
      <input
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="muted">
          {hint}
        </span>
      )}
    </div>
  );
}
