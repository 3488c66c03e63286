"use client";

import { useState } from "react";
import { ListSection } from "@/app/ui/list-section";
import { useCan } from "../actor";
import type { AuditFilters } from "../api-types";
import { AuditFiltersForm, isFiltered } from "./audit-filters";
import { AuditRow } from "./audit-row";
import { goneTargets } from "./audit-words";
import { useAuditLog } from "./use-audit-log";
import { DataTable } from "@/app/ui/data-table";

export function AuditLogView() {
  const isAdmin = useCan("admin");
  const [filters, setFilters] = useState<AuditFilters>({});
  const log = useAuditLog(filters, { enabled: isAdmin });

  if (!isAdmin) {
    return (
      <>
        <h1>Audit log</h1>
        <p className="notice">Only admins and the owner read the audit log.</p>
      </>
    );
  }
  const entries = log.data?.pages.flatMap((page) => page.entries);
  const gone = goneTargets(entries ?? []);
  return (
    <div className="stack">
      <h1>Audit log</h1>
      <p className="muted">
        Every change made by a member, an API token, a monitor or the scheduler, and every sign-in,
        newest first.
      </p>
      <div className="card">
        <AuditFiltersForm filters={filters} onChange={setFilters} />
      </div>
      <ListSection
        label="Entries"
        className="card"
        pending={log.isPending}
        error={log.error}
        empty={
          entries?.length === 0
            ? isFiltered(filters)
              ? "No entries match these filters."
              : "Nothing recorded yet."
            : undefined
        }
      >
        {entries && entries.length > 0 && (
          <DataTable
            label="Audit log entries"
            columns={["When", "Who", "Action", "Target", "Changes"]}
          >
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} gone={gone} />
            ))}
          </DataTable>
        )}
        {log.hasNextPage && (
          <div>
            <button
              type="button"
              className="secondary"
              onClick={() => log.fetchNextPage()}
              disabled={log.isFetchingNextPage}
            >
              {log.isFetchingNextPage ? "Loading…" : "Show older"}
            </button>
          </div>
        )}
      </ListSection>
    </div>
  );
}
