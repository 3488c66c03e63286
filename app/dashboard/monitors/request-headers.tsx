"use client";

import { useRef, useState } from "react";
import type { ApiError } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { newHeader, type HeaderRow } from "./monitor-draft";
import { KEPT_SECRET, messageFor } from "./monitor-fields";
import { RowLabel } from "./row-label";

const MAX_HEADERS = 20;

/** The request's headers, a row each. A value is stored encrypted and never shown again. */
export function RequestHeaders({
  rows,
  storedNames,
  onChange,
  error,
}: {
  rows: HeaderRow[];
  /** Lower-cased names of the headers whose values are stored: an empty value keeps them. */
  storedNames: string[];
  onChange: (rows: HeaderRow[]) => void;
  error: ApiError | null;
}) {
  const add = useRef<HTMLButtonElement>(null);
  const [added, setAdded] = useState<string | null>(null);
  const update = (key: string, patch: Partial<HeaderRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const groupError = messageFor(error, "http.headers");
  return (
    <fieldset className="editor">
      <legend>Request headers</legend>
      <p className="muted">
        Sent with every check, such as an API key. Values are stored encrypted and never shown
        again.
      </p>
      {groupError && <p className="field-error">{groupError}</p>}
      {rows.length > 0 && (
        <ol className="plain editor-rows">
          {rows.map((row, n) => {
            const stored = storedNames.includes(row.name.trim().toLowerCase());
            return (
              <li key={row.key} className="editor-row">
                <Field
                  label={<RowLabel row={`Header ${n + 1}`} words="Name" />}
                  name={`header-name-${row.key}`}
                  value={row.name}
                  onChange={(e) => update(row.key, { name: e.currentTarget.value })}
                  placeholder="X-Api-Key"
                  autoComplete="off"
                  autoFocus={row.key === added}
                  error={error?.forField(`http.headers.${n}.name`)}
                />
                <Field
                  label={<RowLabel row={`Header ${n + 1}`} words="Value" />}
                  name={`header-value-${row.key}`}
                  value={row.value}
                  onChange={(e) => update(row.key, { value: e.currentTarget.value })}
                  placeholder={stored ? KEPT_SECRET : undefined}
                  autoComplete="off"
                  error={error?.forField(`http.headers.${n}.value`)}
                />
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Remove header ${n + 1}`}
                  onClick={() => {
                    onChange(rows.filter((r) => r.key !== row.key));
                    add.current?.focus();
                  }}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <div>
        <button
          type="button"
          className="secondary"
          ref={add}
          disabled={rows.length >= MAX_HEADERS}
          onClick={() => {
            const row = newHeader();
            setAdded(row.key);
            onChange([...rows, row]);
          }}
        >
          Add header
        </button>
      </div>
    </fieldset>
  );
}
