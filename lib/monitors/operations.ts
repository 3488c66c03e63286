import { idParams } from "@/lib/contract/fields";
import { defineOperation } from "@/lib/contract/operation";
import { z } from "zod";
import { uuid } from "@/lib/contract/fields";
import {
  CheckTest,
  ChecksQuery,
  HistoryQuery,
  Monitor,
  MonitorChecks,
  MonitorOutages,
  MonitorUptime,
  MONITOR_READ_ONLY,
  MonitorFailures,
  MonitorHistory,
  MonitorInput,
  MonitorList,
  MonitorTelemetry,
} from "./schemas";

const tag = "Monitors";

export const listMonitors = defineOperation({
  id: "listMonitors",
  method: "GET",
  path: "/v1/monitors",
  tag,
  summary: "Monitors",
  description: "Oldest first.",
  access: "viewer",
  response: MonitorList,
  status: 200,
});

export const createMonitor = defineOperation({
  id: "createMonitor",
  method: "POST",
  path: "/v1/monitors",
  tag,
  summary: "Create a monitor",
  description:
    'Optional fields left out take their defaults. `type` (default http) goes with exactly its object: `http`, `tcp`, `dns` or `heartbeat` (a missing or extra one is 400 naming it). Without componentId, a component named after the monitor is made for it. An http URL must be http(s) without credentials; http and tcp targets must not resolve to a private or reserved address (400 naming the field). Header values, the body, passwords and tokens are stored encrypted and answered as "********". A heartbeat\'s answer carries its ping URL (`heartbeat.url`). The first check runs at once. A workspace holds at most MONITORS_PER_WORKSPACE monitors (1,000 unless configured); past it, 409 monitor_limit_reached.',
  access: "editor",
  body: MonitorInput,
  response: Monitor,
  status: 201,
  problems: [{ status: 409, code: "monitor_limit_reached" }],
});

export const monitorTelemetry = defineOperation({
  id: "monitorTelemetry",
  method: "GET",
  path: "/v1/monitors/telemetry",
  tag,
  summary: "Live state of every monitor",
  description:
    "Regions that reported in the last 10 minutes; per monitor its state, the component status it implies, since when, and the latest result of each region, newest first. Meant to be polled.",
  access: "viewer",
  response: MonitorTelemetry,
  status: 200,
});

export const getMonitor = defineOperation({
  id: "getMonitor",
  method: "GET",
  path: "/v1/monitors/{id}",
  tag,
  summary: "A monitor",
  access: "viewer",
  params: idParams,
  response: Monitor,
  status: 200,
});

export const replaceMonitor = defineOperation({
  id: "replaceMonitor",
  method: "PUT",
  path: "/v1/monitors/{id}",
  tag,
  summary: "Replace a monitor",
  description:
    'Every field, as on create: optional fields left out return to their defaults; componentId left out keeps the component; a secret sent as "********" keeps the stored value (a header\'s by its name). enabled: false pauses the checks; resuming starts from pending and checks at once. A heartbeat keeps its ping URL.',
  access: "editor",
  params: idParams,
  body: MonitorInput,
  readOnly: MONITOR_READ_ONLY,
  response: Monitor,
  status: 200,
});

export const deleteMonitor = defineOperation({
  id: "deleteMonitor",
  method: "DELETE",
  path: "/v1/monitors/{id}",
  tag,
  summary: "Delete a monitor",
  description: "Its results go with it; its component and any incident it opened stay.",
  access: "editor",
  params: idParams,
  status: 204,
});

export const monitorHistory = defineOperation({
  id: "monitorHistory",
  method: "GET",
  path: "/v1/monitors/{id}/history",
  tag,
  summary: "Uptime and latency over a range",
  description:
    "range=24h (hourly buckets), 7d (6-hour), 30d or 90d (daily): per region and overall, checks, failures, uptime % and latency p50/p95/p99 (from log-bucket histograms, within 5 %), plus the uptime of the whole range.",
  access: "viewer",
  params: idParams,
  query: HistoryQuery,
  response: MonitorHistory,
  status: 200,
});

export const monitorFailures = defineOperation({
  id: "monitorFailures",
  method: "GET",
  path: "/v1/monitors/{id}/failures",
  tag,
  summary: "Recent failing checks",
  description:
    "The 20 newest failing checks of the monitor, newest first, with their error class and text.",
  access: "viewer",
  params: idParams,
  response: MonitorFailures,
  status: 200,
});

export const monitorsUptime = defineOperation({
  id: "monitorsUptime",
  method: "GET",
  path: "/v1/monitors/uptime",
  tag,
  summary: "Every monitor's 30-day uptime",
  description: "From the hourly rollups, in the order of the monitors list; null without checks.",
  access: "viewer",
  response: MonitorUptime,
  status: 200,
});

export const testMonitorInput = defineOperation({
  id: "testMonitorInput",
  method: "POST",
  path: "/v1/monitors/test",
  tag,
  summary: "Check settings once without saving them",
  description:
    "Runs one check of the body (a monitor as on create) and answers what it saw: status, latency, timings, the certificate's expiry and each assertion's verdict and actual value. Nothing is recorded. With `monitorId`, a secret sent as \"********\" stands for that monitor's stored value. A heartbeat is not checked (400 naming type).",
  access: "editor",
  query: z.object({ monitorId: uuid().optional() }),
  body: MonitorInput,
  response: CheckTest,
  status: 200,
});

export const testMonitor = defineOperation({
  id: "testMonitor",
  method: "POST",
  path: "/v1/monitors/{id}/test",
  tag,
  summary: "Check a monitor once now",
  description:
    "One check of the stored settings, answered as for /v1/monitors/test and recorded nowhere. A heartbeat monitor is 409 not_checkable.",
  access: "editor",
  params: idParams,
  response: CheckTest,
  status: 200,
  problems: [
    { status: 409, code: "not_checkable" },
    { status: 409, code: "secrets_unreadable" },
  ],
});

export const rotateHeartbeat = defineOperation({
  id: "rotateHeartbeat",
  method: "POST",
  path: "/v1/monitors/{id}/heartbeat/rotate",
  tag,
  summary: "Give a heartbeat a new ping URL",
  description:
    "The old URL stops answering at once (404). Answers the monitor with its new `heartbeat.url`. Any other type is 409 not_a_heartbeat.",
  access: "editor",
  params: idParams,
  response: Monitor,
  status: 200,
  problems: [{ status: 409, code: "not_a_heartbeat" }],
});

export const monitorChecks = defineOperation({
  id: "monitorChecks",
  method: "GET",
  path: "/v1/monitors/{id}/checks",
  tag,
  summary: "Recent checks",
  description:
    "The newest raw results of every region (limit 1–500, default 120), newest first: for charts from the first minute, before hourly rollups have anything to show.",
  access: "viewer",
  params: idParams,
  query: ChecksQuery,
  response: MonitorChecks,
  status: 200,
});

export const monitorOutages = defineOperation({
  id: "monitorOutages",
  method: "GET",
  path: "/v1/monitors/{id}/outages",
  tag,
  summary: "Outages",
  description:
    "The periods the monitor was down or degraded (at most 50, newest first): start, end (null while it lasts), duration, the first failing check's cause, and the incident it opened.",
  access: "viewer",
  params: idParams,
  response: MonitorOutages,
  status: 200,
});
