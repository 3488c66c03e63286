"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { apiFetch } from "@/lib/client/api";
import { STATUS_LABEL } from "@/lib/status/labels";
import { Time } from "@/app/ui/time";
import type { ComponentStatus, IncidentList, MaintenanceList } from "../api-types";
import { incidentKeys, maintenanceKeys } from "../query-keys";

type Hold =
  | { kind: "incident"; id: string; title: string; status: ComponentStatus }
  | { kind: "maintenance"; id: string; title: string; until: string };

/**
 * What holds each component right now: open published incidents (at the status they set) and
 * windows in progress. Every row asks; the queries are shared.
 */
export function useHolds(): Map<string, Hold[]> {
  const incidents = useQuery({
    queryKey: incidentKeys.holds(),
    queryFn: () => apiFetch<IncidentList>("/v1/incidents?state=open&limit=200"),
  });
  const windows = useQuery({
    queryKey: maintenanceKeys.holds(),
    queryFn: () => apiFetch<MaintenanceList>("/v1/maintenances?limit=200"),
  });
  const holds = new Map<string, Hold[]>();
  const add = (componentId: string, hold: Hold) =>
    holds.set(componentId, [...(holds.get(componentId) ?? []), hold]);
  for (const incident of incidents.data?.incidents ?? []) {
    if (incident.visibility !== "published") continue;
    for (const c of incident.components) {
      add(c.componentId, {
        kind: "incident",
        id: incident.id,
        title: incident.title,
        status: c.status,
      });
    }
  }
  for (const window of windows.data?.maintenances ?? []) {
    if (window.status !== "in_progress") continue;
    for (const componentId of window.componentIds) {
      add(componentId, {
        kind: "maintenance",
        id: window.id,
        title: window.title,
        until: window.endsAt,
      });
    }
  }
  return holds;
}

export function HeldBy({ holds }: { holds: Hold[] }) {
  return (
    <p className="muted held-by">
      {holds.map((hold, index) => (
        <span key={`${hold.kind}-${hold.id}`}>
          {index > 0 && "; "}
          {hold.kind === "incident" ? (
            <>
              Held at {STATUS_LABEL[hold.status]} by incident{" "}
              <Link href={`/dashboard/incidents/${hold.id}`}>{hold.title}</Link>
            </>
          ) : (
            <>
              Under maintenance until <Time iso={hold.until} /> ({hold.title})
            </>
          )}
        </span>
      ))}
      . A status set here shows until the next change of what holds it.
    </p>
  );
}
