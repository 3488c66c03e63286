"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { apiFetch } from "@/lib/client/api";
import { INCIDENT_STATUS_LABEL, MAINTENANCE_STATUS_LABEL } from "@/lib/status/labels";
import { ListSection } from "@/app/ui/list-section";
import { Time } from "@/app/ui/time";
import type { IncidentList, MaintenanceList } from "../api-types";
import { useMonitors, useTelemetry } from "../monitors/use-monitors";
import { useEndpoints } from "../notifications/use-notifications";
import { incidentKeys, maintenanceKeys } from "../query-keys";

export function OpenIncidents() {
  const open = useQuery({
    queryKey: incidentKeys.overview(),
    queryFn: () => apiFetch<IncidentList>("/v1/incidents?state=open&limit=5"),
  });
  return (
    <ListSection
      className="card"
      label="Open incidents"
      pending={open.isPending}
      error={open.error}
      empty={open.data?.incidents.length === 0 && "None. All clear."}
    >
      <ul className="list">
        {open.data?.incidents.map((incident) => (
          <li key={incident.id}>
            <Link href={`/dashboard/incidents/${incident.id}`}>{incident.title}</Link>
            <span className="muted">
              {incident.visibility === "draft" ? "Draft" : INCIDENT_STATUS_LABEL[incident.status]}
            </span>
          </li>
        ))}
      </ul>
    </ListSection>
  );
}

export function UpcomingMaintenance() {
  const list = useQuery({
    queryKey: maintenanceKeys.overview(),
    queryFn: () => apiFetch<MaintenanceList>("/v1/maintenances?limit=50"),
  });
  const current = (list.data?.maintenances ?? [])
    .filter((m) => m.status === "scheduled" || m.status === "in_progress")
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .slice(0, 5);
  return (
    <ListSection
      className="card"
      label="Upcoming maintenance"
      heading={<h2>Maintenance</h2>}
      pending={list.isPending}
      error={list.error}
      empty={list.data && current.length === 0 && "Nothing scheduled."}
    >
      <ul className="list">
        {current.map((m) => (
          <li key={m.id}>
            <span>{m.title}</span>
            <span className="muted">
              {m.status === "in_progress" ? (
                MAINTENANCE_STATUS_LABEL.in_progress
              ) : (
                <Time iso={m.startsAt} />
              )}
            </span>
          </li>
        ))}
      </ul>
    </ListSection>
  );
}

export function DownMonitors() {
  const telemetry = useTelemetry();
  const monitors = useMonitors();
  const names = new Map(monitors.data?.monitors.map((m) => [m.id, m.name]));
  // Slow counts too: a degraded monitor has moved its component.
  const down =
    telemetry.data?.monitors.filter((m) => m.state === "down" || m.state === "degraded") ?? [];
  return (
    <ListSection
      className="card"
      label="Monitors"
      pending={telemetry.isPending}
      error={telemetry.error}
      empty={
        telemetry.data &&
        down.length === 0 &&
        (telemetry.data.monitors.length ? "Every monitor is up." : "No monitors yet.")
      }
    >
      <ul className="list">
        {down.map((m) => (
          <li key={m.id}>
            <Link href={`/dashboard/monitors/${m.id}`}>{names.get(m.id) ?? "…"}</Link>
            <span className={`badge state-${m.state}`}>
              {m.state === "down" ? "Down" : "Degraded"} since <Time iso={m.since} />
            </span>
          </li>
        ))}
      </ul>
    </ListSection>
  );
}

export function FailingEndpoints() {
  const endpoints = useEndpoints();
  // Failing, or retrying: a receiver answering 500 shows at once, not when the retries run out.
  const failing = endpoints.data?.filter((e) => e.state === "failing" || e.retrying > 0) ?? [];
  return (
    <ListSection
      className="card"
      label="Notifications"
      pending={endpoints.isPending}
      error={endpoints.error}
      empty={
        endpoints.data &&
        failing.length === 0 &&
        (endpoints.data.length ? "Every endpoint is delivering." : "No webhook endpoints yet.")
      }
    >
      <ul className="list">
        {failing.map((e) => (
          <li key={e.id}>
            <Link href="/dashboard/notifications">{e.name}</Link>
            {e.state === "failing" ? (
              <span className="badge impact-critical">
                Failing since {e.failingSince && <Time iso={e.failingSince} />}
              </span>
            ) : (
              <span className="badge impact-major">
                Retrying
                {e.lastAttempt && (
                  <>
                    , last answer{" "}
                    {e.lastAttempt.statusCode
                      ? `HTTP ${e.lastAttempt.statusCode}`
                      : (e.lastAttempt.error ?? "none")}{" "}
                    at <Time iso={e.lastAttempt.attemptedAt} />
                  </>
                )}
              </span>
            )}
          </li>
        ))}
      </ul>
    </ListSection>
  );
}
