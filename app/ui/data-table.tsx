"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A table in its scrolling wrapper: the column headings, then the rows given. `actions` adds a
 * last column for each row's buttons, named for screen readers only. When the table is wider than
 * the page (a phone), the wrapper scrolls and takes focus, so it can be scrolled by keyboard.
 */
export function DataTable({
  label,
  columns,
  actions = false,
  sort,
  children,
}: {
  /** The table's accessible name, when the page has more than one or journeys look for it. */
  label?: string;
  columns: readonly ReactNode[];
  actions?: boolean;
  /** The column the rows are sorted by, for its heading's aria-sort; the caller sorts them. */
  sort?: { column: number; direction: "ascending" | "descending" };
  children: ReactNode;
}) {
  const wrap = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = wrap.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={wrap}
      className="table-wrap"
      {...(scrolls
        ? { tabIndex: 0, role: "region", "aria-label": `${label ?? "Table"}, scrolls sideways` }
        : {})}
    >
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                aria-sort={sort?.column === index ? sort.direction : undefined}
              >
                {column}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
