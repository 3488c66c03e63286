"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { apiFetch } from "@/lib/client/api";
import { INDICATOR_STATUS, overallStatus } from "@/lib/status/labels";
import { StatusBadge, statusClass } from "@/app/ui/status-badge";
import { ErrorNotice, Loading } from "@/app/ui/states";
import type { IncidentList, MaintenanceList } from "../api-types";
import { useComponentPage } from "../components/use-components";
import { incidentKeys, maintenanceKeys } from "../query-keys";

/**
 * The headline visitors read on the public page (the same rule: components, open published
 * incidents, maintenance in progress), and each component that is not operational.
 */
export function OverallStatus() {
  const page = useComponentPage();
  const open = useQuery({
    queryKey: incidentKeys.open(),
    queryFn: () => apiFetch<IncidentList>("/v1/incidents?state=open&limit=100"),
  });
  const windows = useQuery({
    queryKey: maintenanceKeys.overview(),
    queryFn: () => apiFetch<MaintenanceList>("/v1/maintenances?limit=50"),
  });
  if (page.isPending) return <Loading />;
  if (page.isError) return <ErrorNotice error={page.error} />;
  const { components } = page.data;
  const statuses = components.map((c) => c.status);
  const affected = components.filter((c) => c.status !== "operational");
  const overall = overallStatus({
    components: statuses,
    impacts: (open.data?.incidents ?? [])
      .filter((i) => i.visibility === "published")
      .map((i) => i.impact),
    maintenance: (windows.data?.maintenances ?? []).some((m) => m.status === "in_progress"),
  });
  return (
    <section className="card" aria-label="Overall status">
      <p className={statusClass(INDICATOR_STATUS[overall.indicator])} data-testid="overall-status">
        {components.length ? overall.description : "No components yet"}
      </p>
      {affected.length > 0 && (
        <ul className="list">
          {affected.map((c) => (
            <li key={c.id}>
              <span>{c.name}</span>
              <StatusBadge status={c.status} />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link href="/dashboard/components">Manage components</Link>
      </p>
    </section>
  );
}
