import { createHash, randomBytes } from "node:crypto";
import { decryptSecret, encryptSecret, SecretUnreadableError } from "@/lib/crypto/secrets";
import { config } from "@/lib/config";
import { ValidationError } from "@/lib/errors";
import type { schema } from "@/db/client";
import type { CheckSpec, DnsCheckSpec } from "./probes";
import {
  DEFAULT_WORDING,
  MASK,
  type Assertion,
  type IncidentWording,
  type Monitor,
  type MonitorInput,
  type MonitorType,
} from "./schemas";

type MonitorRow = typeof schema.monitor.$inferSelect;

/** What a monitor keeps in `settings`: everything of its type that is not secret. */
export type StoredSettings = {
  http?: {
    headers: { name: string }[];
    hasBody: boolean;
    auth: { type: "basic"; username: string } | { type: "bearer" } | null;
    assertions: Assertion[];
    degradedAboveMs: number | null;
    tls: { expiryWarningDays: number };
  };
  tcp?: { host: string; port: number; tls: boolean; expiryWarningDays: number };
  dns?: { name: string; recordType: string; expected: string[] };
  heartbeat?: { periodSeconds: number; graceSeconds: number };
};

/** What a monitor keeps encrypted in `secrets_encrypted`. */
export type StoredSecrets = {
  headers?: string[];
  body?: string | null;
  password?: string;
  token?: string;
  heartbeat?: string;
};

const HTTP_DEFAULTS: NonNullable<StoredSettings["http"]> = {
  headers: [],
  hasBody: false,
  auth: null,
  assertions: [],
  degradedAboveMs: null,
  tls: { expiryWarningDays: 14 },
};

const binding = (id: string) => `monitor:${id}:secrets`;

export function settingsOf(row: Pick<MonitorRow, "settings">): StoredSettings {
  return (row.settings ?? {}) as StoredSettings;
}

export function httpSettingsOf(row: Pick<MonitorRow, "settings">) {
  return { ...HTTP_DEFAULTS, ...settingsOf(row).http };
}

export function wordingOf(row: Pick<MonitorRow, "wording">): IncidentWording {
  return { ...DEFAULT_WORDING, ...(row.wording as Partial<IncidentWording>) };
}

export async function readSecrets(
  row: Pick<MonitorRow, "id" | "secretsEncrypted">,
): Promise<StoredSecrets> {
  if (!row.secretsEncrypted) return {};
  return JSON.parse(await decryptSecret(row.secretsEncrypted, binding(row.id))) as StoredSecrets;
}

/**
 * The stored secrets, or none when they cannot be read any more (another key): a monitor can
 * then be repaired by entering its secrets again, and a masked value is refused.
 */
export async function readSecretsIfReadable(
  row: Pick<MonitorRow, "id" | "secretsEncrypted">,
): Promise<StoredSecrets> {
  try {
    return await readSecrets(row);
  } catch (error) {
    if (error instanceof SecretUnreadableError) return {};
    throw error;
  }
}

/** A new heartbeat secret: 32 URL-safe characters (192 random bits). */
export function newHeartbeatSecret(): string {
  return randomBytes(24).toString("base64url");
}

export function heartbeatSecretHash(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("base64url");
}

export function heartbeatUrl(secret: string): string {
  return `${config().baseUrl}/heartbeat/${secret}`;
}

/**
 * A masked value sent back keeps the stored one; there must be one to keep, and it is kept only
 * for the origin it was given for: a stored credential never follows a monitor to another host.
 */
function keep(
  value: string,
  stored: string | undefined | null,
  field: string,
  sameOrigin: boolean,
): string {
  if (value !== MASK) return value;
  if (stored === undefined || stored === null) {
    throw ValidationError.field(field, `"${MASK}" stands for a stored value, and none is stored.`);
  }
  if (!sameOrigin) {
    throw ValidationError.field(
      field,
      "The URL's origin changed: enter this value again for the new one.",
    );
  }
  return stored;
}

const originOf = (url: string | null | undefined) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * The columns a monitor's input sets, and its secrets, with every masked value replaced by the
 * stored one it stands for (`stored`: the monitor's current settings and secrets, on replace).
 */
export function columnsOf(
  input: MonitorInput,
  stored: { settings: StoredSettings; secrets: StoredSecrets; url: string | null } | null,
): { columns: Record<string, unknown>; secrets: StoredSecrets } {
  const common = {
    name: input.name,
    type: input.type as MonitorType,
    publishPolicy: input.publishPolicy,
    downStatus: input.downStatus,
    intervalSeconds: input.detection.intervalSeconds,
    failureThreshold: input.detection.failureThreshold,
    recoveryThreshold: input.detection.recoveryThreshold,
    enabled: input.enabled,
    wording: input.incidentWording,
    incidentTemplateId: input.incidentTemplateId,
    // The other types keep the specification's http defaults in these columns.
    url: null as string | null,
    method: "GET" as const,
    expectedStatus: [200],
    keyword: null as string | null,
    followRedirects: true,
  };
  const secrets: StoredSecrets = {};
  if (input.http) {
    const http = input.http;
    const before = stored?.settings.http;
    const same = originOf(stored?.url) !== null && originOf(stored?.url) === originOf(http.url);
    const storedHeaders = new Map(
      (before?.headers ?? []).map((h, n) => [h.name.toLowerCase(), stored?.secrets.headers?.[n]]),
    );
    secrets.headers = http.headers.map((h, n) =>
      keep(h.value, storedHeaders.get(h.name.toLowerCase()), `http.headers.${n}.value`, same),
    );
    if (http.body !== null) {
      if (!(["POST", "PUT", "PATCH", "DELETE"] as string[]).includes(http.method)) {
        throw ValidationError.field("http.body", `A ${http.method} request carries no body.`);
      }
      secrets.body = keep(http.body, stored?.secrets.body, "http.body", same);
    }
    if (http.auth?.type === "basic") {
      secrets.password = keep(
        http.auth.password,
        before?.auth?.type === "basic" ? stored?.secrets.password : undefined,
        "http.auth.password",
        same,
      );
    } else if (http.auth?.type === "bearer") {
      secrets.token = keep(
        http.auth.token,
        before?.auth?.type === "bearer" ? stored?.secrets.token : undefined,
        "http.auth.token",
        same,
      );
    }
    const settings: StoredSettings = {
      http: {
        headers: http.headers.map((h) => ({ name: h.name })),
        hasBody: http.body !== null,
        auth:
          http.auth?.type === "basic"
            ? { type: "basic", username: http.auth.username }
            : http.auth
              ? { type: "bearer" }
              : null,
        assertions: http.assertions,
        degradedAboveMs: http.degradedAboveMs,
        tls: http.tls,
      },
    };
    return {
      columns: {
        ...common,
        url: http.url,
        method: http.method,
        expectedStatus: [...new Set(http.expectedStatus)],
        keyword: http.keyword,
        timeoutMs: http.timeoutMs,
        followRedirects: http.followRedirects,
        settings,
      },
      secrets,
    };
  }
  if (input.tcp) {
    const { timeoutMs, ...tcp } = input.tcp;
    return { columns: { ...common, timeoutMs, settings: { tcp } }, secrets };
  }
  if (input.dns) {
    const { timeoutMs, ...dns } = input.dns;
    return { columns: { ...common, timeoutMs, settings: { dns } }, secrets };
  }
  secrets.heartbeat = stored?.secrets.heartbeat ?? newHeartbeatSecret();
  return {
    columns: { ...common, timeoutMs: 1000, settings: { heartbeat: input.heartbeat! } },
    secrets,
  };
}

export async function encryptSecrets(id: string, secrets: StoredSecrets): Promise<string | null> {
  const held = Object.values(secrets).some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null,
  );
  if (!held) return null;
  return encryptSecret(JSON.stringify(secrets), binding(id));
}

/** The monitor as the API answers it: the type's object only, every secret value masked. */
export function present(row: MonitorRow, heartbeat?: { secret?: string; lastPingAt: Date | null }) {
  const settings = settingsOf(row);
  const base = {
    id: row.id,
    componentId: row.componentId,
    name: row.name,
    type: row.type,
  };
  const rest = {
    publishPolicy: row.publishPolicy,
    downStatus: row.downStatus as "degraded_performance" | "partial_outage" | "major_outage",
    detection: {
      intervalSeconds: row.intervalSeconds,
      failureThreshold: row.failureThreshold,
      recoveryThreshold: row.recoveryThreshold,
    },
    enabled: row.enabled,
    incidentWording: wordingOf(row),
    incidentTemplateId: row.incidentTemplateId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  if (row.type === "http") {
    const http = httpSettingsOf(row);
    return {
      ...base,
      http: {
        url: row.url!,
        method: row.method,
        expectedStatus: row.expectedStatus,
        keyword: row.keyword,
        timeoutMs: row.timeoutMs,
        followRedirects: row.followRedirects,
        headers: http.headers.map((h) => ({ name: h.name, value: MASK })),
        body: http.hasBody ? MASK : null,
        auth:
          http.auth?.type === "basic"
            ? { type: "basic" as const, username: http.auth.username, password: MASK }
            : http.auth
              ? { type: "bearer" as const, token: MASK }
              : null,
        assertions: http.assertions,
        degradedAboveMs: http.degradedAboveMs,
        tls: http.tls,
      },
      ...rest,
    };
  }
  if (row.type === "tcp") {
    return { ...base, tcp: { ...settings.tcp!, timeoutMs: row.timeoutMs }, ...rest };
  }
  if (row.type === "dns") {
    const dns = settings.dns! as Required<Monitor>["dns"];
    return { ...base, dns: { ...dns, timeoutMs: row.timeoutMs }, ...rest };
  }
  return {
    ...base,
    heartbeat: {
      ...settings.heartbeat!,
      url: heartbeat?.secret ? heartbeatUrl(heartbeat.secret) : null,
      lastPingAt: heartbeat?.lastPingAt ?? null,
    },
    ...rest,
  };
}

/**
 * A monitor's settings as one flat record, for the audit log's before → after: the type's fields
 * named under it (`http.url`, `dns.name`), secrets as answered (masked).
 */
export function auditedSettingsOf(row: MonitorRow) {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    detection,
    ...rest
  } = present(row) as Record<string, unknown> & {
    id: string;
    createdAt: Date;
    updatedAt: Date;
    detection: object;
  };
  const typed = (rest[row.type] ?? {}) as Record<string, unknown>;
  delete rest[row.type];
  const prefixed = Object.fromEntries(
    Object.entries(typed).map(([key, value]) => [`${row.type}.${key}`, value]),
  );
  return { ...rest, ...prefixed, ...detection };
}

/** The one slot of a heartbeat monitor lives in this lane, not in a checker's region. */
export const HEARTBEAT_LANE = "heartbeat";

/** How often a slot falls due: the detection interval; a heartbeat's period. */
export function intervalMsOf(row: MonitorRow): number {
  const heartbeat = settingsOf(row).heartbeat;
  return row.type === "heartbeat" && heartbeat
    ? heartbeat.periodSeconds * 1000
    : row.intervalSeconds * 1000;
}

/** Days before expiry a certificate warning goes out; null for a check without TLS. */
export function expiryWarningDaysOf(row: MonitorRow): number | null {
  if (row.type === "http") {
    return row.url?.startsWith("https:") ? httpSettingsOf(row).tls.expiryWarningDays : null;
  }
  const tcp = settingsOf(row).tcp;
  return row.type === "tcp" && tcp?.tls ? tcp.expiryWarningDays : null;
}

type Slot = { lastPingAt: Date | null; pingFailed: boolean };

/** What a check of the monitor does, secrets decrypted; for a heartbeat, from its slot's pings. */
export async function checkSpecOf(
  row: MonitorRow,
  slot?: Slot,
  plainSecrets?: StoredSecrets,
): Promise<CheckSpec> {
  const settings = settingsOf(row);
  if (row.type === "heartbeat") {
    const { periodSeconds, graceSeconds } = settings.heartbeat!;
    return {
      type: "heartbeat",
      windowMs: (periodSeconds + graceSeconds) * 1000,
      lastPingAt: slot?.lastPingAt ?? null,
      pingFailed: slot?.pingFailed ?? false,
      expectedSince: row.updatedAt,
    };
  }
  if (row.type === "tcp") {
    const { host, port, tls } = settings.tcp!;
    return { type: "tcp", host, port, tls, timeoutMs: row.timeoutMs };
  }
  if (row.type === "dns") {
    const { name, recordType, expected } = settings.dns!;
    return {
      type: "dns",
      name,
      recordType: recordType as DnsCheckSpec["recordType"],
      expected,
      timeoutMs: row.timeoutMs,
    };
  }
  const http = httpSettingsOf(row);
  const secrets = plainSecrets ?? (await readSecrets(row));
  const authorization =
    http.auth?.type === "basic"
      ? `Basic ${Buffer.from(`${http.auth.username}:${secrets.password ?? ""}`).toString("base64")}`
      : http.auth?.type === "bearer"
        ? `Bearer ${secrets.token ?? ""}`
        : null;
  return {
    type: "http",
    url: row.url!,
    method: row.method,
    expectedStatus: row.expectedStatus,
    keyword: row.keyword,
    timeoutMs: row.timeoutMs,
    followRedirects: row.followRedirects,
    headers: http.headers.map((h, n) => [h.name, secrets.headers?.[n] ?? ""]),
    body: secrets.body ?? null,
    authorization,
    assertions: http.assertions,
    degradedAboveMs: http.degradedAboveMs,
  };
}

/** What the monitor checks, in one line: its URL, host:port, record and name, or "heartbeat". */
export function targetOf(row: MonitorRow): string {
  const settings = settingsOf(row);
  if (row.type === "http") return row.url ?? "";
  if (row.type === "tcp") return `${settings.tcp?.host}:${settings.tcp?.port}`;
  if (row.type === "dns") return `${settings.dns?.recordType} ${settings.dns?.name}`;
  return "heartbeat";
}
