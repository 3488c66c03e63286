"use client";

import { useRef, useState } from "react";
import type { ApiError } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { SelectField } from "@/app/ui/select-field";
import type { Assertion } from "../api-types";
import {
  hasProperty,
  NEEDS_NO_TARGET,
  NUMERIC_COMPARISONS,
  newAssertion,
  type AssertionRow,
} from "./monitor-draft";
import { comparisonsFor, messageFor, SOURCES } from "./monitor-fields";
import { RowLabel } from "./row-label";

const MAX_ASSERTIONS = 20;

const PROPERTY_HINT: Partial<Record<Assertion["source"], string>> = {
  header: "content-type",
  json: "$.data.items[0].status",
};

/** Conditions on the answer, a row each; every one must hold for the check to pass. */
export function AssertionsEditor({
  rows,
  onChange,
  error,
}: {
  rows: AssertionRow[];
  onChange: (rows: AssertionRow[]) => void;
  error: ApiError | null;
}) {
  const add = useRef<HTMLButtonElement>(null);
  const [added, setAdded] = useState<string | null>(null);
  const update = (key: string, patch: Partial<AssertionRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const groupError = messageFor(error, "http.assertions");
  return (
    <fieldset className="editor">
      <legend>Assertions</legend>
      <p className="muted">
        Every assertion must hold for a check to pass, beside the expected status codes and the
        keyword. A JSON path reads like <code>$.data.items[0].status</code>; a pattern is a regular
        expression (RE2).
      </p>
      {groupError && <p className="field-error">{groupError}</p>}
      {rows.length > 0 && (
        <ol className="plain editor-rows">
          {rows.map((row, n) => {
            const at = `http.assertions.${n}`;
            const name = `Assertion ${n + 1}`;
            const numeric = row.source === "status" || NUMERIC_COMPARISONS.includes(row.comparison);
            return (
              <li key={row.key} className="editor-row assertion-row" data-testid="assertion-row">
                <SelectField
                  label={<RowLabel row={name} words="Source" />}
                  name={`assertion-source-${row.key}`}
                  options={SOURCES}
                  value={row.source}
                  onChange={(e) => {
                    const source = e.currentTarget.value as Assertion["source"];
                    const stillOffered = comparisonsFor(source).some(
                      (option) => option.value === row.comparison,
                    );
                    update(row.key, {
                      source,
                      ...(stillOffered ? {} : { comparison: "equals" as const }),
                    });
                  }}
                  autoFocus={row.key === added}
                  error={error?.forField(`${at}.source`)}
                />
                {hasProperty(row.source) && (
                  <Field
                    label={
                      <RowLabel
                        row={name}
                        words={row.source === "json" ? "JSON path" : "Header name"}
                      />
                    }
                    name={`assertion-property-${row.key}`}
                    value={row.property}
                    onChange={(e) => update(row.key, { property: e.currentTarget.value })}
                    placeholder={PROPERTY_HINT[row.source]}
                    autoComplete="off"
                    required
                    error={error?.forField(`${at}.property`)}
                  />
                )}
                <SelectField
                  label={<RowLabel row={name} words="Comparison" />}
                  name={`assertion-comparison-${row.key}`}
                  options={comparisonsFor(row.source)}
                  value={row.comparison}
                  onChange={(e) =>
                    update(row.key, {
                      comparison: e.currentTarget.value as Assertion["comparison"],
                    })
                  }
                  error={error?.forField(`${at}.comparison`)}
                />
                {!NEEDS_NO_TARGET.includes(row.comparison) && (
                  <Field
                    label={<RowLabel row={name} words="Target" />}
                    name={`assertion-target-${row.key}`}
                    value={row.target}
                    onChange={(e) => update(row.key, { target: e.currentTarget.value })}
                    inputMode={numeric ? "decimal" : undefined}
                    placeholder={numeric ? "A number" : undefined}
                    autoComplete="off"
                    error={error?.forField(`${at}.target`)}
                  />
                )}
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Remove assertion ${n + 1}`}
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
          disabled={rows.length >= MAX_ASSERTIONS}
          onClick={() => {
            const row = newAssertion();
            setAdded(row.key);
            onChange([...rows, row]);
          }}
        >
          Add assertion
        </button>
      </div>
    </fieldset>
  );
}
