import type { Assertion, HttpSettings, MonitorInput, MonitorType } from "../api-types";
import { MASK } from "./monitor-input";

/**
 * What the monitor form holds: every type's settings at once (switching type and back loses
 * nothing), numbers as typed, and secrets empty. A secret left empty where the monitor has one
 * stored is sent as the mask, which keeps it; secrets are never shown.
 */

export type HeaderRow = { key: string; name: string; value: string };
export type AssertionRow = {
  key: string;
  source: Assertion["source"];
  property: string;
  comparison: Assertion["comparison"];
  target: string;
};
export type AuthChoice = "none" | "basic" | "bearer";

export type HttpDraft = {
  url: string;
  method: HttpSettings["method"];
  expectedStatus: string;
  keyword: string;
  timeoutMs: string;
  followRedirects: boolean;
  headers: HeaderRow[];
  body: string;
  /** With a body stored: send none (the stored one is dropped) instead of keeping it. */
  dropBody: boolean;
  auth: AuthChoice;
  username: string;
  password: string;
  token: string;
  assertions: AssertionRow[];
  degradedAboveMs: string;
  expiryWarningDays: string;
};
export type TcpDraft = {
  host: string;
  port: string;
  timeoutMs: string;
  tls: boolean;
  expiryWarningDays: string;
};
export type DnsDraft = {
  name: string;
  recordType: NonNullable<MonitorInput["dns"]>["recordType"];
  /** One value a line, or separated by commas (but for TXT). */
  expected: string;
  timeoutMs: string;
};
export type HeartbeatDraft = { periodSeconds: string; graceSeconds: string };
export type DetectionDraft = {
  intervalSeconds: string;
  failureThreshold: string;
  recoveryThreshold: string;
};
export type WordingDraft = MonitorInput["incidentWording"];

/** The secrets the monitor has stored, which an empty input keeps. */
export type StoredSecrets = {
  /** Header names, lower-cased: a stored value is kept by its header's name. */
  headers: string[];
  body: boolean;
  password: boolean;
  token: boolean;
};

export type MonitorDraft = {
  name: string;
  componentId: string;
  type: MonitorType;
  http: HttpDraft;
  tcp: TcpDraft;
  dns: DnsDraft;
  heartbeat: HeartbeatDraft;
  detection: DetectionDraft;
  publishPolicy: MonitorInput["publishPolicy"];
  downStatus: MonitorInput["downStatus"];
  enabled: boolean;
  incidentWording: WordingDraft;
  incidentTemplateId: string | null;
  stored: StoredSecrets;
};

export const METHODS_WITH_BODY: readonly HttpSettings["method"][] = [
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
];
export const NEEDS_NO_TARGET: readonly Assertion["comparison"][] = ["exists", "not_exists"];
export const NUMERIC_COMPARISONS: readonly Assertion["comparison"][] = [
  "less_than",
  "greater_than",
];
/** Status and body assertions read the whole of their source: they name no property. */
export const hasProperty = (source: Assertion["source"]) =>
  source === "header" || source === "json";

let rows = 0;
/** A key that keeps a row's inputs (and focus) in place while rows above it come and go. */
export const rowKey = () => `row-${++rows}`;

export const newHeader = (): HeaderRow => ({ key: rowKey(), name: "", value: "" });
export const newAssertion = (): AssertionRow => ({
  key: rowKey(),
  source: "status",
  property: "",
  comparison: "equals",
  target: "200",
});

/**
 * What a new monitor's form shows before anything is typed: the API's defaults, and a
 * five-minute heartbeat period (the API has none).
 */
const DEFAULTS: Omit<MonitorDraft, "http"> & { http: Omit<HttpDraft, "headers" | "assertions"> } = {
  name: "",
  componentId: "",
  type: "http",
  http: {
    url: "",
    method: "GET",
    expectedStatus: "200",
    keyword: "",
    timeoutMs: "10000",
    followRedirects: true,
    body: "",
    dropBody: false,
    auth: "none",
    username: "",
    password: "",
    token: "",
    degradedAboveMs: "",
    expiryWarningDays: "14",
  },
  tcp: { host: "", port: "", timeoutMs: "10000", tls: false, expiryWarningDays: "14" },
  dns: { name: "", recordType: "A", expected: "", timeoutMs: "5000" },
  heartbeat: { periodSeconds: "300", graceSeconds: "0" },
  detection: { intervalSeconds: "60", failureThreshold: "2", recoveryThreshold: "2" },
  publishPolicy: "auto",
  downStatus: "partial_outage",
  enabled: true,
  incidentWording: {
    title: "Issues with {component}",
    body: "We are investigating issues with {component}.",
    resolvedBody: "{component} is operating normally again.",
  },
  incidentTemplateId: null,
  stored: { headers: [], body: false, password: false, token: false },
};

const secretOf = (value: string) => (value === MASK ? "" : value);

function httpDraftOf(http: HttpSettings | undefined): HttpDraft {
  const base = { ...DEFAULTS.http, headers: [], assertions: [] };
  if (!http) return base;
  return {
    ...base,
    url: http.url,
    method: http.method,
    expectedStatus: http.expectedStatus.join(", "),
    keyword: http.keyword ?? "",
    timeoutMs: String(http.timeoutMs),
    followRedirects: http.followRedirects,
    headers: http.headers.map((h) => ({ key: rowKey(), name: h.name, value: secretOf(h.value) })),
    body: secretOf(http.body ?? ""),
    auth: http.auth?.type ?? "none",
    username: http.auth?.type === "basic" ? http.auth.username : "",
    password: http.auth?.type === "basic" ? secretOf(http.auth.password) : "",
    token: http.auth?.type === "bearer" ? secretOf(http.auth.token) : "",
    assertions: http.assertions.map((a) => ({
      key: rowKey(),
      source: a.source,
      property: a.property ?? "",
      comparison: a.comparison,
      target: a.target === undefined ? "" : String(a.target),
    })),
    degradedAboveMs: http.degradedAboveMs === null ? "" : String(http.degradedAboveMs),
    expiryWarningDays: String(http.tls.expiryWarningDays),
  };
}

/** The form's starting point: a monitor's settings (from `inputOf`), or the defaults. */
export function draftOf(input?: MonitorInput): MonitorDraft {
  if (!input) return { ...DEFAULTS, http: httpDraftOf(undefined) };
  const { http, tcp, dns, heartbeat, detection } = input;
  return {
    name: input.name,
    componentId: input.componentId ?? "",
    type: input.type,
    http: httpDraftOf(http),
    tcp: tcp
      ? {
          host: tcp.host,
          port: String(tcp.port),
          timeoutMs: String(tcp.timeoutMs),
          tls: tcp.tls,
          expiryWarningDays: String(tcp.expiryWarningDays),
        }
      : DEFAULTS.tcp,
    dns: dns
      ? {
          name: dns.name,
          recordType: dns.recordType,
          expected: dns.expected.join("\n"),
          timeoutMs: String(dns.timeoutMs),
        }
      : DEFAULTS.dns,
    heartbeat: heartbeat
      ? {
          periodSeconds: String(heartbeat.periodSeconds),
          graceSeconds: String(heartbeat.graceSeconds),
        }
      : DEFAULTS.heartbeat,
    detection: {
      intervalSeconds: String(detection.intervalSeconds),
      failureThreshold: String(detection.failureThreshold),
      recoveryThreshold: String(detection.recoveryThreshold),
    },
    publishPolicy: input.publishPolicy,
    downStatus: input.downStatus,
    enabled: input.enabled,
    incidentWording: { ...input.incidentWording },
    incidentTemplateId: input.incidentTemplateId,
    stored: {
      headers: (http?.headers ?? [])
        .filter((h) => h.value === MASK)
        .map((h) => h.name.toLowerCase()),
      body: http?.body === MASK,
      password: http?.auth?.type === "basic" && http.auth.password === MASK,
      token: http?.auth?.type === "bearer" && http.auth.token === MASK,
    },
  };
}

/** A number as typed. Empty, it is NaN, sent as null: the API refuses it, naming the field. */
const numberOf = (text: string) => Number(text.trim() || NaN);

/** An empty secret input keeps what is stored, if anything is. */
const secretInput = (typed: string, stored: boolean) => (typed === "" && stored ? MASK : typed);

/** One value a line, or separated by commas; a TXT record may hold commas, so only lines there. */
const listOf = (text: string, recordType: DnsDraft["recordType"]) =>
  text
    .split(recordType === "TXT" ? /\n+/ : /[\n,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

function assertionOf(row: AssertionRow): Assertion {
  const numeric = row.source === "status" || NUMERIC_COMPARISONS.includes(row.comparison);
  const typed = row.target.trim();
  const target =
    numeric && typed !== "" && Number.isFinite(Number(typed)) ? Number(typed) : row.target;
  return {
    source: row.source,
    ...(hasProperty(row.source) && row.property.trim() ? { property: row.property.trim() } : {}),
    comparison: row.comparison,
    ...(NEEDS_NO_TARGET.includes(row.comparison) ? {} : { target }),
  };
}

export const takesBody = (method: HttpSettings["method"]) => METHODS_WITH_BODY.includes(method);

function httpInputOf(http: HttpDraft, stored: StoredSecrets): HttpSettings {
  const sendsBody = takesBody(http.method) && !(stored.body && http.dropBody);
  const body = sendsBody ? secretInput(http.body, stored.body) : "";
  return {
    url: http.url.trim(),
    method: http.method,
    expectedStatus: http.expectedStatus
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number),
    keyword: http.keyword || null,
    timeoutMs: numberOf(http.timeoutMs),
    followRedirects: http.followRedirects,
    headers: http.headers
      .filter((h) => h.name.trim() || h.value)
      .map((h) => ({
        name: h.name.trim(),
        value: secretInput(h.value, stored.headers.includes(h.name.trim().toLowerCase())),
      })),
    body: body === "" ? null : body,
    auth:
      http.auth === "basic"
        ? {
            type: "basic",
            username: http.username,
            password: secretInput(http.password, stored.password),
          }
        : http.auth === "bearer"
          ? { type: "bearer", token: secretInput(http.token, stored.token) }
          : null,
    assertions: http.assertions.map(assertionOf),
    degradedAboveMs: http.degradedAboveMs.trim() ? numberOf(http.degradedAboveMs) : null,
    tls: { expiryWarningDays: numberOf(http.expiryWarningDays) },
  };
}

/** The body create, replace and test take: every field, and only the chosen type's settings. */
export function inputFromDraft(draft: MonitorDraft): MonitorInput {
  const { type, tcp, dns, heartbeat, detection } = draft;
  return {
    name: draft.name.trim(),
    ...(draft.componentId ? { componentId: draft.componentId } : {}),
    type,
    ...(type === "http" && { http: httpInputOf(draft.http, draft.stored) }),
    ...(type === "tcp" && {
      tcp: {
        host: tcp.host.trim(),
        port: numberOf(tcp.port),
        timeoutMs: numberOf(tcp.timeoutMs),
        tls: tcp.tls,
        expiryWarningDays: numberOf(tcp.expiryWarningDays),
      },
    }),
    ...(type === "dns" && {
      dns: {
        name: dns.name.trim(),
        recordType: dns.recordType,
        expected: listOf(dns.expected, dns.recordType),
        timeoutMs: numberOf(dns.timeoutMs),
      },
    }),
    ...(type === "heartbeat" && {
      heartbeat: {
        periodSeconds: numberOf(heartbeat.periodSeconds),
        graceSeconds: numberOf(heartbeat.graceSeconds),
      },
    }),
    publishPolicy: draft.publishPolicy,
    downStatus: draft.downStatus,
    detection: {
      intervalSeconds: numberOf(detection.intervalSeconds),
      failureThreshold: numberOf(detection.failureThreshold),
      recoveryThreshold: numberOf(detection.recoveryThreshold),
    },
    enabled: draft.enabled,
    incidentWording: draft.incidentWording,
    incidentTemplateId: draft.incidentTemplateId,
  };
}
