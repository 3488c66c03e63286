"use client";

import { useState } from "react";
import { focusItemWhenShown, focusWhenShown, PAGE_OPENER, useAnnounce } from "@/app/ui/announcer";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../actor";
import type { Monitor } from "../api-types";
import { useComponentNames } from "../components/use-components";
import { MonitorForm } from "./monitor-form";
import { lineOf } from "./monitor-sort";
import { MonitorsTable } from "./monitors-table";
import { useMonitors, useTelemetry, useUptime } from "./use-monitors";

/** The page's one form: a new monitor, or the monitor whose Edit was pressed. */
type Opened = { adding: true } | { editing: Monitor } | null;

export function MonitorsView() {
  const canEdit = useCan("editor");
  const [opened, setOpened] = useState<Opened>(null);
  const announce = useAnnounce();
  const monitors = useMonitors();
  const telemetry = useTelemetry();
  const uptime = useUptime();
  const names = useComponentNames();
  const live = new Map(telemetry.data?.monitors.map((m) => [m.id, m]));
  const delayed = telemetry.data?.monitors.filter((m) => m.checksDelayed).length ?? 0;
  const lines = (monitors.data?.monitors ?? []).map((monitor) =>
    lineOf(monitor, live.get(monitor.id), uptime.data),
  );
  const editing = opened && "editing" in opened ? opened.editing : null;

  return (
    <div className="stack">
      <div className="page-header">
        <h1>Monitors</h1>
        {canEdit && !opened && (
          <button type="button" data-opens="page-form" onClick={() => setOpened({ adding: true })}>
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
      {opened && "adding" in opened && (
        <section className="card">
          <h2>New monitor</h2>
          <MonitorForm
            submitLabel="Create monitor"
            onDone={(created) => {
              setOpened(null);
              announce(`${created.name} created; its first check runs now.`);
              focusItemWhenShown(created.id);
            }}
            onCancel={() => {
              setOpened(null);
              focusWhenShown(PAGE_OPENER);
            }}
          />
        </section>
      )}
      {editing && (
        <section className="card">
          <h2>Edit {editing.name}</h2>
          <MonitorForm
            // A new form for each monitor: its draft starts from that monitor.
            key={editing.id}
            initial={editing}
            submitLabel={`Save ${editing.name}`}
            onDone={(saved) => {
              setOpened(null);
              announce(`${saved.name} saved.`);
              focusItemWhenShown(saved.id, '[data-opens="edit"]');
            }}
            onCancel={() => {
              setOpened(null);
              focusItemWhenShown(editing.id, '[data-opens="edit"]');
            }}
          />
        </section>
      )}
      {monitors.isPending && <Loading />}
      <ErrorNotice error={monitors.error ?? telemetry.error} />
      {monitors.data?.monitors.length === 0 && (
        <p className="muted">
          No monitors yet. A monitor checks a URL, a port, a DNS name, or waits for a job&apos;s
          heartbeat, and keeps its component current.
        </p>
      )}
      {lines.length > 0 && (
        <MonitorsTable
          lines={lines}
          componentNames={names}
          canEdit={canEdit}
          onEdit={(monitor) => setOpened({ editing: monitor })}
        />
      )}
    </div>
  );
}
