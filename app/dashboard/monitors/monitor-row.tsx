"use client";

import Link from "next/link";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api";
import { labelOf } from "@/lib/status/labels";
import { focusItemWhenShown, useAnnounce, useRemoval } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { ItemActions, OpenFormButton } from "@/app/ui/item-actions";
import { ErrorNotice } from "@/app/ui/states";
import { useCan } from "../actor";
import type { Monitor, Telemetry } from "../api-types";
import { MonitorForm } from "./monitor-form";
import { Sparkline, Uptime30d } from "./sparkline";
import { useMonitorChange } from "./use-monitors";

export function MonitorRow({
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
          {labelOf(state)}
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
        <ItemActions>
          <OpenFormButton name={`Edit ${monitor.name}`} onClick={() => setEditing(true)} />
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
        </ItemActions>
      )}
      <ErrorNotice error={toggle.error ?? remove.error} />
    </li>
  );
}
