"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { focusWhenShown, useAnnounce } from "@/app/ui/announcer";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { Time } from "@/app/ui/time";
import { useCan } from "../../actor";
import { useComponentNames } from "../../components/use-components";
import { CheckTestResult, testSummary } from "../check-test-result";
import { MonitorActions } from "../monitor-actions";
import { MonitorForm } from "../monitor-form";
import { STATE_LABEL, stateOf, targetText, TYPE_LABEL } from "../monitor-words";
import { useMonitorDelete, useMonitors, useMonitorTest, useTelemetry } from "../use-monitors";
import { HeartbeatPanel } from "./heartbeat-panel";
import { LatestChecks } from "./latest-checks";
import { MonitorNotices } from "./monitor-notices";
import { Outages } from "./outages";
import { RecentChecks } from "./recent-checks";
import { ResponseTime } from "./response-time";

const EDIT_BUTTON = '[data-opens="edit"]';

export function MonitorView({ id }: { id: string }) {
  const router = useRouter();
  const canEdit = useCan("editor");
  const announce = useAnnounce();
  const [editing, setEditing] = useState(false);
  const monitors = useMonitors();
  const telemetry = useTelemetry();
  const names = useComponentNames();
  const remove = useMonitorDelete(id);
  const test = useMonitorTest(id);
  const monitor = monitors.data?.monitors.find((m) => m.id === id);
  const live = telemetry.data?.monitors.find((m) => m.id === id);
  if (monitors.isPending) return <Loading />;
  if (monitors.isError) return <ErrorNotice error={monitors.error} />;
  if (!monitor) {
    // Just deleted: the page is on its way to the list.
    if (remove.isPending || remove.isSuccess) return <Loading what="Deleted. Back to monitors…" />;
    return (
      <div className="stack">
        <h1>Monitor not found</h1>
        <Link href="/dashboard/monitors">All monitors</Link>
      </div>
    );
  }
  const state = stateOf(monitor, live);
  const { heartbeat } = monitor;
  return (
    <div className="stack">
      <p>
        <Link href="/dashboard/monitors">← Monitors</Link>
      </p>
      <div className="page-header">
        <h1>{monitor.name}</h1>
        <span className={`badge state-${state}`} data-testid="monitor-state">
          {STATE_LABEL[state]}
          {live && (
            <>
              {" since "}
              <Time iso={live.since} />
            </>
          )}
        </span>
      </div>
      <p className="muted monitor-url">
        {TYPE_LABEL[monitor.type]} · {targetText(monitor)} · component{" "}
        {names.get(monitor.componentId) ?? "…"}
      </p>
      <MonitorNotices monitor={monitor} live={live} />
      {canEdit && !editing && (
        <MonitorActions
          monitor={monitor}
          onEdit={() => setEditing(true)}
          remove={remove}
          onDelete={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                announce(`${monitor.name} deleted.`);
                router.push("/dashboard/monitors");
              },
            })
          }
        >
          {!heartbeat && (
            <button
              type="button"
              className="secondary"
              onClick={() => test.mutate(undefined, { onSuccess: (r) => announce(testSummary(r)) })}
              disabled={test.isPending}
            >
              {test.isPending ? "Testing…" : "Test now"}
            </button>
          )}
        </MonitorActions>
      )}
      <ErrorNotice error={test.error} />
      {test.data && !editing && (
        <div className="card">
          <CheckTestResult
            result={test.data}
            assertions={monitor.http?.assertions ?? []}
            heading="h2"
          />
        </div>
      )}
      {editing && (
        <section className="card">
          <h2>Edit monitor</h2>
          <MonitorForm
            initial={monitor}
            submitLabel={`Save ${monitor.name}`}
            onDone={(saved) => {
              setEditing(false);
              test.reset();
              announce(`${saved.name} saved.`);
              focusWhenShown(EDIT_BUTTON);
            }}
            onCancel={() => {
              setEditing(false);
              focusWhenShown(EDIT_BUTTON);
            }}
          />
        </section>
      )}
      {heartbeat && (
        <HeartbeatPanel
          monitor={monitor}
          // Telemetry is polled: its last ping is the live one.
          heartbeat={{ ...heartbeat, lastPingAt: live?.lastPingAt ?? heartbeat.lastPingAt }}
          canEdit={canEdit}
        />
      )}
      {!heartbeat && (
        <div className="chart-pair">
          <RecentChecks id={id} />
          <ResponseTime id={id} />
        </div>
      )}
      <LatestChecks results={live?.results} timed={!heartbeat} />
      <Outages id={id} />
    </div>
  );
}
