"use client";

import Link from "next/link";
import { useRemoval } from "@/app/ui/announcer";
import { Time } from "@/app/ui/time";
import { CheckStrip } from "./check-strip";
import { MonitorActions } from "./monitor-actions";
import type { MonitorLine } from "./monitor-sort";
import { CHECK_STATUS_LABEL, STATE_LABEL, targetText, TYPE_LABEL } from "./monitor-words";
import { useMonitorDelete } from "./use-monitors";

/** Each region's latest check: its time, why it failed, or (heartbeats) the last ping. */
function Latest({ line }: { line: MonitorLine }) {
  const { monitor, live } = line;
  if (monitor.heartbeat) {
    // Telemetry is polled: its last ping is the live one.
    const lastPingAt = live?.lastPingAt ?? monitor.heartbeat.lastPingAt;
    return lastPingAt ? (
      <>
        Last ping <Time iso={lastPingAt} />
      </>
    ) : (
      <span className="muted">No ping yet</span>
    );
  }
  if (!live?.results.length) return <span className="muted">Not checked yet</span>;
  return (
    <>
      {live.results.map((r) => (
        <span key={r.region} className="region-latency">
          {r.region}:{" "}
          {r.status === "down"
            ? (r.error?.class ?? "down")
            : `${r.latencyMs} ms${r.status === "degraded" ? ", slow" : ""}`}
        </span>
      ))}
    </>
  );
}

export function MonitorRow({
  line,
  componentName,
  canEdit,
  onEdit,
}: {
  line: MonitorLine;
  componentName: string;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const { monitor, live, state, uptime } = line;
  const remove = useMonitorDelete(monitor.id);
  const removeItem = useRemoval();
  // One region's state is the monitor's; several are told apart.
  const regions = live && live.results.length > 1 ? live.results : [];
  return (
    <tr data-testid="monitor" data-item-id={monitor.id}>
      <td>
        <Link href={`/dashboard/monitors/${monitor.id}`}>{monitor.name}</Link>
        <div className="muted" data-testid="monitor-component">
          Component: {componentName}
        </div>
      </td>
      <td>{TYPE_LABEL[monitor.type]}</td>
      <td className="monitor-url">{targetText(monitor)}</td>
      <td>
        <div className="states">
          <span className={`badge state-${state}`} data-testid="monitor-state">
            {STATE_LABEL[state]}
          </span>
          {regions.map((r) => (
            <span key={r.region} className={`badge state-${r.status}`}>
              {r.region}: {CHECK_STATUS_LABEL[r.status]}
            </span>
          ))}
          {live?.checksDelayed && (
            <span
              className="badge state-degraded"
              data-testid="checks-delayed"
              title="No result for three intervals or more: the state shown may be out of date."
            >
              Checks delayed
            </span>
          )}
        </div>
      </td>
      <td>
        <Latest line={line} />
      </td>
      <td>
        <CheckStrip recent={live?.recent} />
      </td>
      <td>
        {uptime === undefined ? "…" : uptime === null ? "No checks" : `${uptime.toFixed(2)} %`}
      </td>
      {canEdit && (
        <td>
          <MonitorActions
            monitor={monitor}
            onEdit={onEdit}
            remove={remove}
            onDelete={(button) =>
              removeItem(button, () => remove.mutateAsync(), `${monitor.name} deleted.`)
            }
          />
        </td>
      )}
    </tr>
  );
}
