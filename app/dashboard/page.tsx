"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { apiFetch } from "@/lib/client/api";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useActor, useCan } from "./actor";
import { STATUS_LABELS, useComponentPage, type ComponentStatus } from "./components/use-components";
import type { IncidentSummary } from "./incidents/incident-types";
import { useMonitors, useTelemetry } from "./monitors/use-monitors";

type Maintenance = { id: string; title: string; status: string; startsAt: string; endsAt: string };
type Endpoint = {
  id: string;
  name: string;
  state: string;
  failingSince: string | null;
  retrying: number;
  lastAttempt: { attemptedAt: string; statusCode: number | null; error: string | null } | null;
};

// The page's headline: the most severe status any component shows.
const HEADLINE: [ComponentStatus, string][] = [
  ["major_outage", "Major outage"],
  ["partial_outage", "Partial outage"],
  ["degraded_performance", "Degraded performance"],
  ["under_maintenance", "Maintenance in progress"],
];

function OverallStatus() {
  const page = useComponentPage();
  if (page.isPending) return <Loading />;
  if (page.isError) return <ErrorNotice error={page.error} />;
  const statuses = new Set(page.data.components.map((c) => c.status));
  const [status, text] = HEADLINE.find(([s]) => statuses.has(s)) ?? [
    "operational",
    "All systems operational",
  ];
  const affected = page.data.components.filter((c) => c.status !== "operational");
  return (
    <section className="card" aria-label="Overall status">
      <p className={`status status-${status}`} data-testid="overall-status">
        {page.data.components.length ? text : "No components yet"}
      </p>
      {affected.length > 0 && (
        <ul className="list">
          {affected.map((c) => (
            <li key={c.id}>
              <span>{c.name}</span>
              <span className={`status status-${c.status}`}>{STATUS_LABELS[c.status]}</span>
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

function OpenIncidents() {
  const open = useQuery({
    queryKey: ["incidents", "open", "overview"],
    queryFn: () => apiFetch<{ incidents: IncidentSummary[] }>("/v1/incidents?state=open&limit=5"),
  });
  return (
    <section className="card" aria-label="Open incidents">
      <h2>Open incidents</h2>
      {open.isPending && <Loading />}
      <ErrorNotice error={open.error} />
      {open.data?.incidents.length === 0 && <p className="muted">None. All clear.</p>}
      <ul className="list">
        {open.data?.incidents.map((incident) => (
          <li key={incident.id}>
            <Link href={`/dashboard/incidents/${incident.id}`}>{incident.title}</Link>
            <span className="muted">
              {incident.visibility === "draft" ? "Draft" : incident.status}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function UpcomingMaintenance() {
  const list = useQuery({
    queryKey: ["maintenances", "overview"],
    queryFn: () => apiFetch<{ maintenances: Maintenance[] }>("/v1/maintenances?limit=50"),
  });
  const current = (list.data?.maintenances ?? [])
    .filter((m) => m.status === "scheduled" || m.status === "in_progress")
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .slice(0, 5);
  return (
    <section className="card" aria-label="Upcoming maintenance">
      <h2>Maintenance</h2>
      {list.isPending && <Loading />}
      <ErrorNotice error={list.error} />
      {list.data && current.length === 0 && <p className="muted">Nothing scheduled.</p>}
      <ul className="list">
        {current.map((m) => (
          <li key={m.id}>
            <span>{m.title}</span>
            <span className="muted">
              {m.status === "in_progress" ? "In progress" : new Date(m.startsAt).toLocaleString()}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DownMonitors() {
  const telemetry = useTelemetry();
  const monitors = useMonitors();
  const names = new Map(monitors.data?.monitors.map((m) => [m.id, m.name]));
  const down = telemetry.data?.monitors.filter((m) => m.state === "down") ?? [];
  return (
    <section className="card" aria-label="Monitors">
      <h2>Monitors</h2>
      {telemetry.isPending && <Loading />}
      <ErrorNotice error={telemetry.error} />
      {telemetry.data && down.length === 0 && (
        <p className="muted">
          {telemetry.data.monitors.length ? "Every monitor is up." : "No monitors yet."}
        </p>
      )}
      <ul className="list">
        {down.map((m) => (
          <li key={m.id}>
            <Link href={`/dashboard/monitors/${m.id}`}>{names.get(m.id) ?? "…"}</Link>
            <span className="badge state-down">
              Down since {new Date(m.since).toLocaleString()}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FailingEndpoints() {
  const endpoints = useQuery({
    queryKey: ["webhook-endpoints"],
    queryFn: () => apiFetch<Endpoint[]>("/v1/webhook-endpoints"),
  });
  // Failing, or retrying: a receiver answering 500 shows at once, not when the retries run out.
  const failing = endpoints.data?.filter((e) => e.state === "failing" || e.retrying > 0) ?? [];
  return (
    <section className="card" aria-label="Notifications">
      <h2>Notifications</h2>
      {endpoints.isPending && <Loading />}
      <ErrorNotice error={endpoints.error} />
      {endpoints.data && failing.length === 0 && (
        <p className="muted">
          {endpoints.data.length ? "Every endpoint is delivering." : "No webhook endpoints yet."}
        </p>
      )}
      <ul className="list">
        {failing.map((e) => (
          <li key={e.id}>
            <Link href="/dashboard/notifications">{e.name}</Link>
            {e.state === "failing" ? (
              <span className="badge impact-critical">
                Failing since {new Date(e.failingSince!).toLocaleString()}
              </span>
            ) : (
              <span className="badge impact-major">
                Retrying
                {e.lastAttempt &&
                  `, last answer ${e.lastAttempt.statusCode ? `HTTP ${e.lastAttempt.statusCode}` : (e.lastAttempt.error ?? "none")} at ${new Date(e.lastAttempt.attemptedAt).toLocaleTimeString()}`}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function OverviewPage() {
  const actor = useActor();
  const isAdmin = useCan("admin");
  return (
    <div className="stack">
      <h1>Overview</h1>
      <OverallStatus />
      <div className="grid">
        <OpenIncidents />
        <UpcomingMaintenance />
        <DownMonitors />
        {isAdmin && <FailingEndpoints />}
      </div>
      <p className="muted">
        Signed in as {actor.email} ({actor.role}). Everything here is also in the{" "}
        <a href="/docs">API</a>.
      </p>
    </div>
  );
}
