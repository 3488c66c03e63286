"use client";

import { useId, useState } from "react";

/** A read-only value with a copy button, for links and secrets shown once. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(value).catch(() => undefined);
    setCopied(true);
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-box">
        <input id={id} value={value} readOnly onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="secondary" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
    </div>
  );
}
