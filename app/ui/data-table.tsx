import type { ReactNode } from "react";

/**
 * A table in its scrolling wrapper: the column headings, then the rows given. `actions` adds a
 * last column for each row's buttons, named for screen readers only.
 */
export function DataTable({
  label,
  columns,
  actions = false,
  children,
}: {
  /** The table's accessible name, when the page has more than one or journeys look for it. */
  label?: string;
  columns: readonly ReactNode[];
  actions?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
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
