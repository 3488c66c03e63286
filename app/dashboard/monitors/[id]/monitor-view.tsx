"use client";

import Link from "next/link";
import { labelOf } from "@/lib/status/labels";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { Time } from "@/app/ui/time";
import { useMonitors, useTelemetry } from "../use-monitors";
import { LatestChecks } from "./latest-checks";
import { RecentFailures } from "./recent-failures";
import { ResponseTime } from "./response-time";

export function MonitorView({ id }: { id: string }) {
  const monitors = useMonitors();
  const telemetry = useTelemetry();
  const monitor = monitors.data?.monitors.find((m) => m.id === id);
  const live = telemetry.data?.monitors.find((m) => m.id === id);
  if (monitors.isPending) return <Loading />;
  if (monitors.isError) return <ErrorNotice error={monitors.error} />;
  if (!monitor) {
    return (
      <div className="stack">
        <h1>Monitor not found</h1>
        <Link href="/dashboard/monitors">All monitors</Link>
      </div>
    );
  }
  const state = live?.state ?? "pending";
  return (
    <div className="stack">
      <p>
        <Link href="/dashboard/monitors">← Monitors</Link>
      </p>
      <div className="page-header">
        <h1>{monitor.name}</h1>
        <span className={`badge state-${state}`} data-testid="monitor-state">
          {labelOf(state)}
          {live && (
            <>
              {" since "}
              <Time iso={live.since} />
            </>
          )}
        </span>
      </div>
      <p className="muted monitor-url">
        {monitor.http.method} {monitor.http.url}
      </p>
      <ResponseTime id={id} />
      <LatestChecks results={live?.results} />
      <RecentFailures id={id} />
    </div>
  );
}
