import { idParams } from "@/lib/contract/fields";
import { defineOperation } from "@/lib/contract/operation";
import {
  HistoryQuery,
  Monitor,
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
    "Optional fields left out take their defaults. Without componentId, a component named after the monitor is made for it. The URL must be http(s) without credentials and must not resolve to a private or reserved address (400 naming http.url). The first check runs at once. A workspace holds at most MONITORS_PER_WORKSPACE monitors (1,000 unless configured); past it, 409 monitor_limit_reached.",
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
    "Every field, as on create: optional fields left out return to their defaults; componentId left out keeps the component. enabled: false pauses the checks; resuming starts from pending and checks at once.",
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
