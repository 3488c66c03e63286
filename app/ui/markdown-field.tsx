"use client";

import { useId, useState } from "react";
import { Markdown } from "@/lib/content/markdown";

/** A Markdown textarea with a preview, for incident and maintenance messages. */
export function MarkdownField({
  label,
  name,
  defaultValue = "",
  required,
  autoFocus,
  error,
}: {
  label: string;
  name: string;
  defaultValue?: string;
  required?: boolean;
  autoFocus?: boolean;
  error?: string;
}) {
  const id = useId();
  const [text, setText] = useState(defaultValue);
  const [preview, setPreview] = useState(false);
  return (
    <div className="field">
      <div className="field-head">
        <label htmlFor={id}>{label}</label>
        <button
          type="button"
          className="link"
          onClick={() => setPreview(!preview)}
          aria-pressed={preview}
        >
          {preview ? "Edit" : "Preview"}
        </button>
      </div>
      <textarea
        id={id}
        name={name}
        rows={5}
        value={text}
        onChange={(event) => setText(event.target.value)}
        required={required}
        autoFocus={autoFocus}
        maxLength={20000}
        hidden={preview}
        aria-invalid={error ? true : undefined}
      />
      {preview && (
        <div className="preview" data-testid="markdown-preview">
          {text.trim() ? <Markdown text={text} /> : <p className="muted">Nothing to preview.</p>}
        </div>
      )}
      <span className="muted">
        Markdown: **bold**, _italic_, [links](https://example.com), lists.
      </span>
      {error && <span className="field-error">{error}</span>}
    </div>
  );
}
