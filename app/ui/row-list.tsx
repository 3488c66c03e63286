"use client";

import { useRef, useState, type Key, type LiHTMLAttributes, type ReactNode } from "react";
import { flushSync } from "react-dom";

/**
 * The rows of an editor of like rows (links, headers, assertions), each with its Remove button,
 * then the button that adds one, up to `max`. The caller holds the rows and draws each row's
 * fields; `added` marks the row just added, whose first field should take focus. `noun` names a
 * row in the buttons: "Add header", and "Remove header 2" so that each Remove tells which row.
 */
export function RowList<Row extends { key: Key }>({
  rows,
  onChange,
  newRow,
  max,
  noun,
  item: { className, ...item } = {},
  children,
}: {
  rows: Row[];
  onChange: (rows: Row[]) => void;
  newRow: () => Row;
  max: number;
  noun: string;
  /** More for each row's `<li>`; a class name is added to `editor-row`. */
  item?: Omit<LiHTMLAttributes<HTMLLIElement>, "children"> & {
    [data: `data-${string}`]: string | undefined;
  };
  children: (row: { row: Row; index: number; added: boolean }) => ReactNode;
}) {
  const add = useRef<HTMLButtonElement>(null);
  const [added, setAdded] = useState<Key | null>(null);
  return (
    <>
      {rows.length > 0 && (
        <ol className="plain editor-rows">
          {rows.map((row, index) => (
            <li
              key={row.key}
              className={className ? `editor-row ${className}` : "editor-row"}
              {...item}
            >
              {children({ row, index, added: row.key === added })}
              <button
                type="button"
                className="secondary"
                aria-label={`Remove ${noun} ${index + 1}`}
                onClick={() => {
                  // Rendered before focusing: at the maximum the Add button stays disabled, and
                  // so takes no focus, until the removal is on the page.
                  flushSync(() => onChange(rows.filter((r) => r.key !== row.key)));
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
          disabled={rows.length >= max}
          onClick={() => {
            const row = newRow();
            setAdded(row.key);
            onChange([...rows, row]);
          }}
        >
          {`Add ${noun}`}
        </button>
      </div>
    </>
  );
}
