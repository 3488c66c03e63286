"use client";

import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { ApiError } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import type { Workspace } from "../api-types";
import { RowLabel } from "../monitors/row-label";

const MAX_LINKS = 5;

type LinkRow = Workspace["headerLinks"][number] & { key: number };

let made = 0;
/** A key that keeps a row's inputs (and focus) in place while rows above it come and go. */
const linkRow = (link = { label: "", url: "" }): LinkRow => ({ ...link, key: ++made });

/**
 * The links in the page's header, a row each. The inputs keep what is typed; the form reads the
 * rows in order by their names (`headerLinkLabel`, `headerLinkUrl`), as the API numbers them.
 */
export function HeaderLinks({
  initial,
  error,
}: {
  initial: Workspace["headerLinks"];
  error: ApiError | null;
}) {
  const [rows, setRows] = useState(() => initial.map((link) => linkRow(link)));
  const [added, setAdded] = useState<number | null>(null);
  const add = useRef<HTMLButtonElement>(null);
  const groupError = error?.forField("headerLinks");
  return (
    <fieldset className="editor">
      <legend>Header links</legend>
      <p className="muted">
        Up to {MAX_LINKS} links in the page&apos;s header, in this order, each to an https://
        address.
      </p>
      {groupError && <p className="field-error">{groupError}</p>}
      {rows.length > 0 && (
        <ol className="plain editor-rows">
          {rows.map((row, n) => (
            <li key={row.key} className="editor-row">
              <Field
                label={<RowLabel row={`Link ${n + 1}`} words="Label" />}
                name="headerLinkLabel"
                defaultValue={row.label}
                autoComplete="off"
                autoFocus={row.key === added}
                maxLength={40}
                error={error?.forField(`headerLinks.${n}.label`)}
              />
              <Field
                label={<RowLabel row={`Link ${n + 1}`} words="Address" />}
                name="headerLinkUrl"
                type="url"
                defaultValue={row.url}
                placeholder="https://"
                autoComplete="off"
                error={error?.forField(`headerLinks.${n}.url`)}
              />
              <button
                type="button"
                className="secondary"
                aria-label={`Remove link ${n + 1}`}
                onClick={() => {
                  // Rendered first: with five rows, "Add link" is disabled until one goes.
                  flushSync(() => setRows(rows.filter((r) => r.key !== row.key)));
                  add.current?.focus();
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      <div>
        <button
          type="button"
          className="secondary"
          ref={add}
          disabled={rows.length >= MAX_LINKS}
          onClick={() => {
            const row = linkRow();
            setAdded(row.key);
            setRows([...rows, row]);
          }}
        >
          Add link
        </button>
      </div>
    </fieldset>
  );
}
