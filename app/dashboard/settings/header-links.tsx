"use client";

import { useState } from "react";
import type { ApiError } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { RowList } from "@/app/ui/row-list";
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
  const groupError = error?.forField("headerLinks");
  return (
    <fieldset className="editor">
      <legend>Header links</legend>
      <p className="muted">
        Up to {MAX_LINKS} links in the page&apos;s header, in this order, each to an https://
        address.
      </p>
      {groupError && <p className="field-error">{groupError}</p>}
      <RowList rows={rows} onChange={setRows} newRow={linkRow} max={MAX_LINKS} noun="link">
        {({ row, index, added }) => (
          <>
            <Field
              label={<RowLabel row={`Link ${index + 1}`} words="Label" />}
              name="headerLinkLabel"
              defaultValue={row.label}
              autoComplete="off"
              autoFocus={added}
              maxLength={40}
              error={error?.forField(`headerLinks.${index}.label`)}
            />
            <Field
              label={<RowLabel row={`Link ${index + 1}`} words="Address" />}
              name="headerLinkUrl"
              type="url"
              defaultValue={row.url}
              placeholder="https://"
              autoComplete="off"
              error={error?.forField(`headerLinks.${index}.url`)}
            />
          </>
        )}
      </RowList>
    </fieldset>
  );
}
