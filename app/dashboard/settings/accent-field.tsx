"use client";

import { useState } from "react";
import { Field } from "@/app/ui/field";

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * An accent colour typed as #rrggbb, with a picker beside it. The text is what the form sends:
 * emptied, it asks for the page's default, which a colour input cannot say. The picker shows
 * `fallback` (that default) until the text is a colour.
 */
export function AccentField({
  label,
  pickerLabel,
  name,
  initial,
  fallback,
  hint,
  error,
}: {
  label: string;
  pickerLabel: string;
  name: string;
  initial: string | null;
  fallback: string;
  hint: string;
  error?: string;
}) {
  const [text, setText] = useState(initial ?? "");
  const typed = text.trim().toLowerCase();
  return (
    <div className="accent-field">
      <Field
        label={label}
        name={name}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        placeholder={fallback}
        autoComplete="off"
        spellCheck={false}
        hint={hint}
        error={error}
      />
      <input
        type="color"
        aria-label={pickerLabel}
        value={HEX_COLOR.test(typed) ? typed : fallback}
        onChange={(event) => setText(event.currentTarget.value)}
      />
    </div>
  );
}
