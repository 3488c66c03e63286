"use client";

import { useState } from "react";
import { DataTable } from "@/app/ui/data-table";
import { SelectField } from "@/app/ui/select-field";
import type { Monitor, MonitorState } from "../api-types";
import { MonitorRow } from "./monitor-row";
import {
  FIRST_DIRECTION,
  sortLines,
  type MonitorLine,
  type Sort,
  type SortColumn,
} from "./monitor-sort";
import { STATE_LABEL } from "./monitor-words";

const ALL = "";
const FILTERS = [
  { value: ALL, label: "All" },
  ...(["down", "degraded", "up", "pending", "paused"] satisfies MonitorState[]).map((state) => ({
    value: state,
    label: STATE_LABEL[state],
  })),
];

/** A column heading that sorts by its column; the table's aria-sort says which and how. */
function SortButton({
  column,
  label,
  sort,
  onSort,
}: {
  column: SortColumn;
  label: string;
  sort: Sort | null;
  onSort: (sort: Sort) => void;
}) {
  const current = sort?.column === column ? sort.direction : null;
  return (
    <button
      type="button"
      className="sort"
      onClick={() =>
        onSort({
          column,
          direction: current
            ? current === "ascending"
              ? "descending"
              : "ascending"
            : FIRST_DIRECTION[column],
        })
      }
    >
      {label}
      <span aria-hidden="true" className="sort-mark">
        {current === "ascending" ? "▲" : current === "descending" ? "▼" : "↕"}
      </span>
    </button>
  );
}

/** Every monitor on a line, sorted by a column heading's button and filtered by state. */
export function MonitorsTable({
  lines,
  componentNames,
  canEdit,
  onEdit,
}: {
  lines: MonitorLine[];
  componentNames: Map<string, string>;
  canEdit: boolean;
  onEdit: (monitor: Monitor) => void;
}) {
  const [sort, setSort] = useState<Sort | null>(null);
  const [shown, setShown] = useState<MonitorState | typeof ALL>(ALL);
  const filtered = shown === ALL ? lines : lines.filter((line) => line.state === shown);
  const sorted = sortLines(filtered, sort);
  const columns: { label: string; sorts?: SortColumn }[] = [
    { label: "Name", sorts: "name" },
    { label: "Type" },
    { label: "Target" },
    { label: "State", sorts: "state" },
    { label: "Latest latency", sorts: "latency" },
    { label: "Last 30 checks" },
    { label: "30-day uptime", sorts: "uptime" },
  ];
  return (
    <>
      <div className="row table-controls">
        <SelectField
          label="Filter by state"
          name="state"
          options={FILTERS}
          value={shown}
          onChange={(event) => setShown(event.currentTarget.value as MonitorState | typeof ALL)}
        />
        <p className="muted" data-testid="monitor-count">
          {shown === ALL
            ? `${lines.length} ${lines.length === 1 ? "monitor" : "monitors"}`
            : `${filtered.length} of ${lines.length} monitors`}
        </p>
      </div>
      {shown !== ALL && filtered.length === 0 ? (
        <p className="muted">No monitor is {STATE_LABEL[shown].toLowerCase()}.</p>
      ) : (
        <DataTable
          label="Monitors"
          columns={columns.map(({ label, sorts }) =>
            sorts ? (
              <SortButton column={sorts} label={label} sort={sort} onSort={setSort} />
            ) : (
              label
            ),
          )}
          actions={canEdit}
          sort={
            sort
              ? {
                  column: columns.findIndex((c) => c.sorts === sort.column),
                  direction: sort.direction,
                }
              : undefined
          }
        >
          {sorted.map((line) => (
            <MonitorRow
              key={line.monitor.id}
              line={line}
              componentName={componentNames.get(line.monitor.componentId) ?? "…"}
              canEdit={canEdit}
              onEdit={() => onEdit(line.monitor)}
            />
          ))}
        </DataTable>
      )}
    </>
  );
}
