"use client";

import { useActor, useCan } from "../actor";
import { GetStarted } from "./get-started";
import { OverallStatus } from "./overall-status";
import {
  DownMonitors,
  FailingEndpoints,
  OpenIncidents,
  UpcomingMaintenance,
} from "./overview-cards";

export function OverviewView() {
  const actor = useActor();
  const isAdmin = useCan("admin");
  return (
    <div className="stack">
      <h1>Overview</h1>
      <GetStarted />
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
