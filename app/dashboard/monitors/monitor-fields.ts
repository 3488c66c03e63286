import type { ApiError } from "@/lib/client/api";
import { STATUS_LABEL } from "@/lib/status/labels";
import type { Assertion, HttpSettings, Monitor, MonitorInput, MonitorType } from "../api-types";
import {
  hasProperty,
  NEEDS_NO_TARGET,
  takesBody,
  type AuthChoice,
  type MonitorDraft,
} from "./monitor-draft";
import { TYPE_LABEL } from "./monitor-words";

type Option<T> = { value: T; label: string };
const optionsOf = <T extends string>(labels: Record<T, string>): Option<T>[] =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));

export const TYPES = optionsOf<MonitorType>(TYPE_LABEL);

export const METHODS = (
  ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] satisfies HttpSettings["method"][]
).map((method) => ({ value: method, label: method }));

export const RECORD_TYPES = (
  ["A", "AAAA", "CNAME", "MX", "TXT", "NS"] satisfies NonNullable<
    MonitorInput["dns"]
  >["recordType"][]
).map((type) => ({ value: type, label: type }));

export const AUTH_CHOICES = optionsOf<AuthChoice>({
  none: "None",
  basic: "Basic (username and password)",
  bearer: "Bearer token",
});

export const SOURCES = optionsOf<Assertion["source"]>({
  status: "Status code",
  header: "Header",
  json: "JSON body",
  body: "Body text",
});

const COMPARISON_LABEL: Record<Assertion["comparison"], string> = {
  equals: "equals",
  not_equals: "does not equal",
  contains: "contains",
  not_contains: "does not contain",
  less_than: "is less than",
  greater_than: "is greater than",
  matches: "matches the pattern",
  exists: "exists",
  not_exists: "does not exist",
};
export const comparisonLabel = (comparison: Assertion["comparison"]) =>
  COMPARISON_LABEL[comparison];

/** Every answer has a status: whether it exists is no question to ask. */
export const comparisonsFor = (source: Assertion["source"]) =>
  optionsOf(COMPARISON_LABEL).filter(
    (option) => source !== "status" || !NEEDS_NO_TARGET.includes(option.value),
  );

export const POLICIES = [
  { value: "auto", label: "Automatic: publish an incident and set the component's status" },
  { value: "manual", label: "Manual: open a draft incident for a person to publish" },
  { value: "none", label: "None: show the state here only" },
] satisfies Option<Monitor["publishPolicy"]>[];

export const DOWN_STATUSES = (
  ["degraded_performance", "partial_outage", "major_outage"] satisfies Monitor["downStatus"][]
).map((status) => ({ value: status, label: STATUS_LABEL[status] }));

/** The placeholder of a secret the monitor has stored: an empty input keeps it. */
export const KEPT_SECRET = "Stored — leave empty to keep";

/** The component choice that makes a new component named after the monitor. */
export const NEW_COMPONENT = "";

/** The form's words for each field the API may name; `#` stands for a row's number. */
const FIELD_WORDS: Record<string, string> = {
  name: "Name",
  componentId: "Component",
  type: "Monitor type",
  http: "HTTP settings",
  tcp: "TCP settings",
  dns: "DNS settings",
  heartbeat: "Heartbeat settings",
  "http.url": "URL",
  "http.method": "Method",
  "http.expectedStatus": "Expected status codes",
  "http.keyword": "Keyword",
  "http.timeoutMs": "Timeout (ms)",
  "http.followRedirects": "Follow redirects",
  "http.headers": "Request headers",
  "http.headers.#.name": "Header # name",
  "http.headers.#.value": "Header # value",
  "http.body": "Request body",
  "http.auth": "Authentication",
  "http.auth.type": "Authentication",
  "http.auth.username": "Username",
  "http.auth.password": "Password",
  "http.auth.token": "Bearer token",
  "http.assertions": "Assertions",
  "http.assertions.#.source": "Assertion # source",
  "http.assertions.#.property": "Assertion # property",
  "http.assertions.#.comparison": "Assertion # comparison",
  "http.assertions.#.target": "Assertion # target",
  "http.degradedAboveMs": "Degraded above (ms)",
  "http.tls.expiryWarningDays": "Certificate warning (days before expiry)",
  "tcp.host": "Host",
  "tcp.port": "Port",
  "tcp.timeoutMs": "Timeout (ms)",
  "tcp.tls": "Connect with TLS",
  "tcp.expiryWarningDays": "Certificate warning (days before expiry)",
  "dns.name": "Domain name",
  "dns.recordType": "Record type",
  "dns.expected": "Expected values",
  "dns.timeoutMs": "Timeout (ms)",
  "heartbeat.periodSeconds": "Ping expected every (seconds)",
  "heartbeat.graceSeconds": "Grace period (seconds)",
  "detection.intervalSeconds": "Check every (seconds)",
  "detection.failureThreshold": "Down after failures",
  "detection.recoveryThreshold": "Up after passes",
  publishPolicy: "When it goes down",
  downStatus: "Component status while down",
  enabled: "Enabled",
  "incidentWording.title": "Incident title",
  "incidentWording.body": "Incident message",
  "incidentWording.resolvedBody": "Resolved message",
};

/**
 * A field the API named, in the form's words: "http.headers.2.value" is "Header 3 value", and
 * an item of a list ("http.expectedStatus.1") is the list's input.
 */
export function describeMonitorField(field: string): string {
  if (field.startsWith("regions")) return "Regions";
  const numbers = [...field.matchAll(/\.(\d+)(?=\.|$)/g)].map((m) => Number(m[1]) + 1);
  const pattern = field.replace(/\.\d+(?=\.|$)/g, ".#");
  const words = FIELD_WORDS[pattern] ?? FIELD_WORDS[pattern.replace(/\.#$/, "")];
  if (!words) return field;
  let n = 0;
  return words.replace(/#/g, () => String(numbers[n++] ?? ""));
}

/** The API's message for a field, or for an item of it ("http.expectedStatus.1"). */
export function messageFor(error: ApiError | null, field: string): string | undefined {
  return (
    error?.forField(field) ??
    error?.fieldErrors.find(
      (e) => e.field.startsWith(`${field}.`) && /^\d+$/.test(e.field.slice(field.length + 1)),
    )?.message
  );
}

/** The fields the form shows as it stands, each with its own message; the rest are listed. */
export function shownFields(draft: MonitorDraft): string[] {
  const common = [
    "name",
    "componentId",
    "type",
    "publishPolicy",
    "downStatus",
    "incidentWording.title",
    "incidentWording.body",
    "incidentWording.resolvedBody",
  ];
  const detection = [
    "detection.intervalSeconds",
    "detection.failureThreshold",
    "detection.recoveryThreshold",
  ];
  switch (draft.type) {
    case "http": {
      const { http } = draft;
      const fields = [
        ...["url", "method", "expectedStatus", "keyword", "timeoutMs", "headers", "auth"],
        "assertions",
        ...["degradedAboveMs", "tls.expiryWarningDays"],
        ...(takesBody(http.method) ? ["body"] : []),
        ...(http.auth === "basic" ? ["auth.username", "auth.password"] : []),
        ...(http.auth === "bearer" ? ["auth.token"] : []),
        ...http.headers.flatMap((_, n) => [`headers.${n}.name`, `headers.${n}.value`]),
        ...http.assertions.flatMap((a, n) => [
          `assertions.${n}.source`,
          `assertions.${n}.comparison`,
          ...(hasProperty(a.source) ? [`assertions.${n}.property`] : []),
          ...(NEEDS_NO_TARGET.includes(a.comparison) ? [] : [`assertions.${n}.target`]),
        ]),
      ];
      return [...common, ...detection, ...fields.map((field) => `http.${field}`)];
    }
    case "tcp":
      return [
        ...common,
        ...detection,
        "tcp.host",
        "tcp.port",
        "tcp.timeoutMs",
        ...(draft.tcp.tls ? ["tcp.expiryWarningDays"] : []),
      ];
    case "dns":
      return [
        ...common,
        ...detection,
        "dns.name",
        "dns.recordType",
        "dns.expected",
        "dns.timeoutMs",
      ];
    case "heartbeat":
      return [...common, "heartbeat.periodSeconds", "heartbeat.graceSeconds"];
  }
}

/**
 * Which of the API's named fields show beside their inputs (a list's items beside the list's):
 * the form's summary lists only the others.
 */
export function placedFields(error: ApiError | null, draft: MonitorDraft): string[] {
  const shown = shownFields(draft);
  return (error?.fieldErrors ?? [])
    .map((e) => e.field)
    .filter((field) => shown.includes(field) || shown.includes(field.replace(/\.\d+$/, "")));
}

/** An assertion in words: `JSON body $.status equals "ok"`, `Status code is less than 400`. */
export function describeAssertion(assertion: Assertion): string {
  const source = SOURCES.find((option) => option.value === assertion.source)?.label;
  const target =
    assertion.target === undefined
      ? ""
      : ` ${typeof assertion.target === "number" ? assertion.target : JSON.stringify(assertion.target)}`;
  return `${source}${assertion.property ? ` ${assertion.property}` : ""} ${comparisonLabel(assertion.comparison)}${target}`;
}
