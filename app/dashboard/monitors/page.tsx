"use client";

import Link from "next/link";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api";
import {
  focusItemWhenShown,
  focusWhenShown,
  PAGE_OPENER,
  useAnnounce,
  useRemoval,
} from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../actor";
import { useComponentPage } from "../components/use-components";
import { MonitorForm } from "./monitor-form";
import {
  STATE_TEXT,
  useHistory,
  useMonitorChange,
  useMonitors,
  useTelemetry,
  type Monitor,
  type Telemetry,
} from "./use-monitors";

/** The last 24 hours' median latency, hour by hour, as small bars (red where checks failed). */
function Sparkline({ id }: { id: string }) {
  const history = useHistory(id, "24h");
  const buckets = history.data?.overall ?? [];
  const max = Math.max(...buckets.map((b) => b.latencyP50 ?? 0), 1);
  if (!buckets.some((b) => b.checks)) return <span className="muted">No data</span>;
  const width = 100 / buckets.length;
  return (
    <svg className="sparkline" viewBox="0 0 100 30" preserveAspectRatio="none" role="img">
      <title>{`Median response time per hour over 24 hours, up to ${max} ms`}</title>
      {buckets.map((b, i) =>
        b.checks ? (
          <rect
            key={b.from}
            className={b.failures ? "failed" : undefined}
            x={i * width + width * 0.1}
            width={width * 0.8}
            y={30 - Math.max(2, ((b.latencyP50 ?? 0) / max) * 30)}
            height={Math.max(2, ((b.latencyP50 ?? 0) / max) * 30)}
          />
        ) : null,
      )}
    </svg>
  );
}

function Uptime30d({ id }: { id: string }) {
  const history = useHistory(id, "30d");
  const uptime = history.data?.uptime;
  return <span>{uptime === null || uptime === undefined ? "—" : `${uptime.toFixed(2)} %`}</span>;
}

function MonitorRow({
  monitor,
  live,
  componentName,
}: {
  monitor: Monitor;
  live: Telemetry["monitors"][number] | undefined;
  componentName: string;
}) {
  const canEdit = useCan("editor");
  const [editing, setEditing] = useState(false);
  const announce = useAnnounce();
  const removeItem = useRemoval();
  const toggle = useMonitorChange(() =>
    apiFetch(`/v1/monitors/${monitor.id}`, {
      method: "PUT",
      body: { ...monitor, enabled: !monitor.enabled },
    }),
  );
  const remove = useMonitorChange(() =>
    apiFetch(`/v1/monitors/${monitor.id}`, { method: "DELETE" }),
  );
  const state = live?.state ?? (monitor.enabled ? "pending" : "paused");
  if (editing) {
    const close = () => {
      setEditing(false);
      focusItemWhenShown(monitor.id, '[data-opens="edit"]');
    };
    return (
      <li className="card" data-item-id={monitor.id}>
        <MonitorForm
          initial={monitor}
          submitLabel={`Save ${monitor.name}`}
          onDone={(saved) => {
            close();
            announce(`${saved.name} saved.`);
          }}
          onCancel={close}
        />
      </li>
    );
  }
  return (
    <li className="card" data-testid="monitor" data-item-id={monitor.id}>
      <div className="page-header">
        <h3>
          <Link href={`/dashboard/monitors/${monitor.id}`}>{monitor.name}</Link>
        </h3>
        <span className={`badge state-${state}`} data-testid="monitor-state">
          {STATE_TEXT[state]}
        </span>
      </div>
      <p className="muted monitor-url">
        {monitor.http.method} {monitor.http.url} · every {monitor.detection.intervalSeconds} s
      </p>
      {live?.checksDelayed && (
        <p className="alert" data-testid="checks-delayed">
          Checks are delayed: no result for {3 * monitor.detection.intervalSeconds} s or more. The
          state shown may be out of date.
        </p>
      )}
      <dl className="facts">
        <div>
          <dt>Component</dt>
          <dd>{componentName}</dd>
        </div>
        <div>
          <dt>Latest</dt>
          <dd>
            {live?.results.length
              ? live.results.map((r) => (
                  <span key={r.region} className="region-latency">
                    {r.region}:{" "}
                    {r.status === "up" ? `${r.latencyMs} ms` : (r.error?.class ?? "down")}
                  </span>
                ))
              : "Not checked yet"}
          </dd>
        </div>
        <div>
          <dt>24 hours</dt>
          <dd>
            <Sparkline id={monitor.id} />
          </dd>
        </div>
        <div>
          <dt>30-day uptime</dt>
          <dd>
            <Uptime30d id={monitor.id} />
          </dd>
        </div>
      </dl>
      {canEdit && (
        <div className="row">
          <button
            type="button"
            className="secondary"
            aria-label={`Edit ${monitor.name}`}
            data-opens="edit"
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          <button
            type="button"
            className="secondary"
            aria-label={`${monitor.enabled ? "Pause" : "Resume"} ${monitor.name}`}
            onClick={() =>
              toggle.mutate(undefined, {
                onSuccess: () =>
                  announce(
                    monitor.enabled
                      ? `${monitor.name} paused: no checks until resumed.`
                      : `${monitor.name} resumed.`,
                  ),
              })
            }
            disabled={toggle.isPending}
          >
            {monitor.enabled ? "Pause" : "Resume"}
          </button>
          <ConfirmButton
            label="Delete"
            item={monitor.name}
            confirmLabel={`Delete ${monitor.name}`}
            question="Delete this monitor and its results? Its component stays."
            onConfirm={(button) =>
              removeItem(button, () => remove.mutateAsync(undefined), `${monitor.name} deleted.`)
            }
            pending={remove.isPending}
          />
        </div>
      )}
      <ErrorNotice error={toggle.error ?? remove.error} />
    </li>
  );
}

export default function MonitorsPage() {
  const canEdit = useCan("editor");
  const [adding, setAdding] = useState(false);
  const announce = useAnnounce();
  const monitors = useMonitors();
  const telemetry = useTelemetry();
  const components = useComponentPage();
  const names = new Map(components.data?.components.map((c) => [c.id, c.name]));
  const live = new Map(telemetry.data?.monitors.map((m) => [m.id, m]));
  const delayed = telemetry.data?.monitors.filter((m) => m.checksDelayed).length ?? 0;

  return (
    <div className="stack">
      <div className="page-header">
        <h1>Monitors</h1>
        {canEdit && !adding && (
          <button type="button" data-opens="page-form" onClick={() => setAdding(true)}>
            New monitor
          </button>
        )}
      </div>
      {telemetry.data && (
        <p className="muted">
          Checking from{" "}
          {telemetry.data.regions.length ? telemetry.data.regions.join(", ") : "no region yet"}.
          Updates every few seconds.
        </p>
      )}
      {delayed > 0 && (
        <p className="alert" role="status">
          Checks are delayed: {delayed === 1 ? "one monitor has" : `${delayed} monitors have`} not
          been checked for three of {delayed === 1 ? "its" : "their"} intervals, so what this page
          shows may be out of date. The checker may be stuck or overloaded; its state is at
          /health/ready and in the server&apos;s log.
        </p>
      )}
      {adding && (
        <section className="card">
          <h2>New monitor</h2>
          <MonitorForm
            submitLabel="Create monitor"
            onDone={(created) => {
              setAdding(false);
              announce(`${created.name} created; its first check runs now.`);
              focusItemWhenShown(created.id);
            }}
            onCancel={() => {
              setAdding(false);
              focusWhenShown(PAGE_OPENER);
            }}
          />
        </section>
      )}
      {monitors.isPending && <Loading />}
      <ErrorNotice error={monitors.error ?? telemetry.error} />
      {monitors.data?.monitors.length === 0 && (
        <p className="muted">
          No monitors yet. A monitor checks a URL and keeps its component current.
        </p>
      )}
      <ul className="plain stack">
        {monitors.data?.monitors.map((monitor) => (
          <MonitorRow
            key={monitor.id}
            monitor={monitor}
            live={live.get(monitor.id)}
            componentName={names.get(monitor.componentId) ?? "…"}
          />
        ))}
      </ul>
    </div>
  );
}
