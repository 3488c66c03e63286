"use client";

import { useState } from "react";
import { focusItemWhenShown, focusWhenShown, PAGE_OPENER, useAnnounce } from "@/app/ui/announcer";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../actor";
import { useComponentNames } from "../components/use-components";
import { MonitorForm } from "./monitor-form";
import { MonitorRow } from "./monitor-row";
import { useMonitors, useTelemetry } from "./use-monitors";

export function MonitorsView() {
  const canEdit = useCan("editor");
  const [adding, setAdding] = useState(false);
  const announce = useAnnounce();
  const monitors = useMonitors();
  const telemetry = useTelemetry();
  const names = useComponentNames();
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
