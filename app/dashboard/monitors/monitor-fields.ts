import { STATUS_LABEL } from "@/lib/status/labels";
import type { Monitor } from "../api-types";

type Option<T> = { value: T; label: string };

export const METHODS = (
  ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] satisfies Monitor["http"]["method"][]
).map((method) => ({ value: method, label: method }));

export const POLICIES = [
  { value: "auto", label: "Automatic: publish an incident and set the component's status" },
  { value: "manual", label: "Manual: open a draft incident for a person to publish" },
  { value: "none", label: "None: show the state here only" },
] satisfies Option<Monitor["publishPolicy"]>[];

export const DOWN_STATUSES = (
  ["degraded_performance", "partial_outage", "major_outage"] satisfies Monitor["downStatus"][]
).map((status) => ({ value: status, label: STATUS_LABEL[status] }));

/** The component choice that makes a new component named after the monitor. */
export const NEW_COMPONENT = "";

/** Every field of a monitor, with the API's defaults filled in for a new one. */
export const SHOWN_FIELDS = [
  "name",
  "componentId",
  "http.url",
  "http.method",
  "http.expectedStatus",
  "http.keyword",
  "http.timeoutMs",
  "detection.intervalSeconds",
  "detection.failureThreshold",
  "detection.recoveryThreshold",
  "publishPolicy",
  "downStatus",
];

/** A field the API named that the form has no input for, in the form's words. */
export function describeMonitorField(field: string): string {
  if (field.startsWith("regions")) return "Regions";
  if (field.startsWith("http.headers")) return "Request headers";
  if (field.startsWith("http.body")) return "Request body";
  return field;
}

/** The body create and replace take, read from the form; `enabled` is kept as it was. */
export function readMonitor(data: FormData, enabled: boolean): Record<string, unknown> {
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const number = (name: string) => Number(text(name));
  const componentId = text("componentId");
  return {
    name: text("name"),
    ...(componentId ? { componentId } : {}),
    http: {
      url: text("url"),
      method: text("method"),
      expectedStatus: text("expectedStatus")
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number),
      keyword: text("keyword") || null,
      timeoutMs: number("timeoutMs"),
      followRedirects: data.get("followRedirects") === "on",
    },
    publishPolicy: text("publishPolicy"),
    downStatus: text("downStatus"),
    detection: {
      intervalSeconds: number("intervalSeconds"),
      failureThreshold: number("failureThreshold"),
      recoveryThreshold: number("recoveryThreshold"),
    },
    enabled,
  };
}
