"use client";

import type { ApiError } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { RowList } from "@/app/ui/row-list";
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
      <RowList
        rows={rows}
        onChange={onChange}
        newRow={newAssertion}
        max={MAX_ASSERTIONS}
        noun="assertion"
        item={{ className: "assertion-row", "data-testid": "assertion-row" }}
      >
        {({ row, index, added }) => {
          const at = `http.assertions.${index}`;
          const name = `Assertion ${index + 1}`;
          const numeric = row.source === "status" || NUMERIC_COMPARISONS.includes(row.comparison);
          return (
            <>
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
                autoFocus={added}
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
            </>
          );
        }}
      </RowList>
    </fieldset>
  );
}
