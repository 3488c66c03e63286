"use client";

import type { ApiError } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { RowList } from "@/app/ui/row-list";
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
      <RowList rows={rows} onChange={onChange} newRow={newHeader} max={MAX_HEADERS} noun="header">
        {({ row, index, added }) => {
          const stored = storedNames.includes(row.name.trim().toLowerCase());
          return (
            <>
              <Field
                label={<RowLabel row={`Header ${index + 1}`} words="Name" />}
                name={`header-name-${row.key}`}
                value={row.name}
                onChange={(e) => update(row.key, { name: e.currentTarget.value })}
                placeholder="X-Api-Key"
                autoComplete="off"
                autoFocus={added}
                error={error?.forField(`http.headers.${index}.name`)}
              />
              <Field
                label={<RowLabel row={`Header ${index + 1}`} words="Value" />}
                name={`header-value-${row.key}`}
                value={row.value}
                onChange={(e) => update(row.key, { value: e.currentTarget.value })}
                placeholder={stored ? KEPT_SECRET : undefined}
                autoComplete="off"
                error={error?.forField(`http.headers.${index}.value`)}
              />
            </>
          );
        }}
      </RowList>
    </fieldset>
  );
}
