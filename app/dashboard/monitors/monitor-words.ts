import type { CheckResult, Monitor, MonitorState, MonitorType } from "../api-types";

export const TYPE_LABEL: Record<MonitorType, string> = {
  http: "HTTP",
  tcp: "TCP",
  dns: "DNS",
  heartbeat: "Heartbeat",
};

export const STATE_LABEL: Record<MonitorState, string> = {
  down: "Down",
  degraded: "Degraded",
  up: "Up",
  pending: "Pending",
  paused: "Paused",
};

export const CHECK_STATUS_LABEL: Record<CheckResult["status"], string> = {
  up: "Up",
  degraded: "Degraded",
  down: "Down",
};

/** A monitor's state where telemetry has none yet: a paused monitor is never checked. */
export const stateOf = (monitor: Monitor, live: { state: MonitorState } | undefined) =>
  live?.state ?? (monitor.enabled ? "pending" : "paused");

/** "45 s", "12 min", "3 h 5 min", "2 d 4 h": the two largest units that are not zero. */
export function durationText(seconds: number): string {
  const units: [number, string][] = [
    [86_400, "d"],
    [3600, "h"],
    [60, "min"],
    [1, "s"],
  ];
  const parts: string[] = [];
  let left = Math.max(0, Math.round(seconds));
  for (const [size, unit] of units) {
    const count = Math.floor(left / size);
    if (count > 0 || (unit === "s" && parts.length === 0)) parts.push(`${count} ${unit}`);
    left -= count * size;
    if (parts.length === 2) break;
  }
  return parts.join(" ");
}

/** What a monitor watches, in a few words: its URL, host and port, record and name, or period. */
export function targetText(monitor: Monitor): string {
  if (monitor.http) {
    const method = monitor.http.method === "GET" ? "" : `${monitor.http.method} `;
    return `${method}${monitor.http.url}`;
  }
  if (monitor.tcp) {
    return `${monitor.tcp.host}:${monitor.tcp.port}${monitor.tcp.tls ? " (TLS)" : ""}`;
  }
  if (monitor.dns) return `${monitor.dns.recordType} ${monitor.dns.name}`;
  if (monitor.heartbeat) return `Heartbeat every ${durationText(monitor.heartbeat.periodSeconds)}`;
  return TYPE_LABEL[monitor.type];
}

/** The failed assertion of a check, with the value it saw. */
export function assertionText(failed: { index: number; actual: string | null }): string {
  const seen = failed.actual === null ? "found nothing" : `saw ${JSON.stringify(failed.actual)}`;
  return `Assertion ${failed.index + 1} failed: ${seen}`;
}

/** Whole days from now until `iso`; negative once it has passed. */
export const daysUntil = (iso: string) => Math.floor((Date.parse(iso) - Date.now()) / 86_400_000);

/** How far off a certificate's expiry is: "in 12 days", "today", "expired". */
export function expiryText(iso: string): string {
  const days = daysUntil(iso);
  if (days < 0) return "expired";
  return days === 0 ? "today" : `in ${days} ${days === 1 ? "day" : "days"}`;
}
