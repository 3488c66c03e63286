import { STATUS_CODES } from "node:http";
import { z } from "zod";
import { parseJsonPath } from "@/lib/monitors/json-path";
import { MonitorInput, DNS_RECORD_TYPES } from "@/lib/monitors/schemas";
import { emptyBundle, type Bundle } from "../bundle";
import { SourceError } from "./read";

/**
 * An Uptime Kuma backup file (Settings → Backup → Export, versions 1.6 to 1.23): its monitors
 * become monitors with the same target, interval, method, accepted codes, keyword, headers, body
 * and basic auth; group monitors become component groups. The file holds no status pages.
 * Types with no equivalent here are listed as skipped with the reason.
 */

const flag = z
  .union([z.boolean(), z.number()])
  .nullish()
  .transform((v) => v === true || v === 1);
const text = z.string().nullish();

const KumaMonitor = z.looseObject({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  url: text,
  method: text,
  hostname: text,
  port: z.number().nullish(),
  interval: z.number().nullish(),
  maxretries: z.number().nullish(),
  timeout: z.number().nullish(),
  keyword: text,
  invertKeyword: flag,
  accepted_statuscodes: z.array(z.string()).nullish(),
  headers: text,
  body: text,
  authMethod: text,
  basic_auth_user: text,
  basic_auth_pass: text,
  ignoreTls: flag,
  upsideDown: flag,
  maxredirects: z.number().nullish(),
  active: z.union([z.boolean(), z.number()]).nullish(),
  parent: z.number().nullish(),
  jsonPath: text,
  expectedValue: text,
  dns_resolve_type: text,
  expiryNotification: flag,
});
type KumaMonitor = z.output<typeof KumaMonitor>;

export const KumaBackup = z.looseObject({
  version: z.string().nullish(),
  monitorList: z.array(KumaMonitor),
});

const UNSUPPORTED: Record<string, string> = {
  ping: "ICMP ping",
  docker: "Docker container",
  steam: "Steam game server",
  gamedig: "game server",
  mqtt: "MQTT",
  "kafka-producer": "Kafka",
  sqlserver: "SQL Server",
  postgres: "PostgreSQL",
  mysql: "MySQL",
  mongodb: "MongoDB",
  radius: "RADIUS",
  redis: "Redis",
  "grpc-keyword": "gRPC",
  "real-browser": "browser",
  "tailscale-ping": "Tailscale ping",
};

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The registered status codes an accepted range covers ("200-299" → 200, 201, … 226). */
function statusCodes(accepted: string[] | null | undefined): number[] | string {
  const known = Object.keys(STATUS_CODES).map(Number);
  const codes = new Set<number>();
  for (const entry of accepted ?? ["200-299"]) {
    const range = /^(\d{3})-(\d{3})$/.exec(entry.trim());
    const single = /^(\d{3})$/.exec(entry.trim());
    if (range) {
      for (const code of known) {
        if (code >= +range[1]! && code <= +range[2]!) codes.add(code);
      }
    } else if (single) {
      codes.add(+single[1]!);
    } else {
      return `Its accepted status codes (${entry}) cannot be read.`;
    }
  }
  const list = [...codes].filter((c) => c >= 100 && c <= 599).sort((a, b) => a - b);
  if (!list.length) return "It accepts no status code from 100 to 599.";
  if (list.length > 100) return "It accepts more than 100 status codes.";
  return list;
}

function headersOf(raw: string | null | undefined): { name: string; value: string }[] | string {
  if (!raw?.trim()) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error();
    return Object.entries(parsed).map(([name, value]) => ({ name, value: String(value) }));
  } catch {
    return "Its headers are not a JSON object.";
  }
}

/** Our input for one monitor, or why it cannot be one (with a note on what changes). */
function convert(m: KumaMonitor): { input: unknown; note?: string } | { skip: string } {
  if (m.upsideDown)
    return { skip: "Upside-down mode (down when it answers) has no equivalent here." };
  const detection = {
    intervalSeconds: clamp(Math.round(m.interval ?? 60), 10, 3600),
    failureThreshold: clamp((m.maxretries ?? 0) + 1, 1, 10),
    recoveryThreshold: 1,
  };
  const timeoutMs = clamp(Math.round((m.timeout ?? 30) * 1000), 1000, 30_000);
  const common = {
    name: m.name,
    detection,
    enabled:
      m.active === undefined || m.active === null ? true : m.active === true || m.active === 1,
  };
  const notes: string[] = [];
  if (m.interval && m.interval !== detection.intervalSeconds) {
    notes.push(`Checked every ${detection.intervalSeconds} s (it was ${m.interval} s).`);
  }
  switch (m.type) {
    case "http":
    case "keyword":
    case "json-query": {
      const expectedStatus = statusCodes(m.accepted_statuscodes);
      if (typeof expectedStatus === "string") return { skip: expectedStatus };
      const headers = headersOf(m.headers);
      if (typeof headers === "string") return { skip: headers };
      if (m.authMethod && m.authMethod !== "basic") {
        return { skip: `Its ${m.authMethod} authentication has no equivalent here.` };
      }
      const assertions: unknown[] = [];
      let keyword: string | null = null;
      if (m.type === "keyword" && m.keyword) {
        if (m.invertKeyword)
          assertions.push({ source: "body", comparison: "not_contains", target: m.keyword });
        else keyword = m.keyword;
      }
      if (m.type === "json-query") {
        const path = m.jsonPath?.trim() ?? "";
        const asPath = path.startsWith("$") ? path : `$.${path}`;
        try {
          parseJsonPath(asPath);
        } catch {
          return {
            skip: `Its JSON query (${path}) is an expression, not a path this check can follow.`,
          };
        }
        assertions.push({
          source: "json",
          property: asPath,
          comparison: "equals",
          target: m.expectedValue ?? "",
        });
      }
      if (m.ignoreTls) notes.push("Certificate errors are not ignored here.");
      return {
        input: {
          ...common,
          type: "http",
          http: {
            url: m.url ?? "",
            method: (m.method ?? "GET").toUpperCase(),
            expectedStatus,
            keyword,
            timeoutMs,
            followRedirects: (m.maxredirects ?? 10) > 0,
            headers,
            body: m.body?.trim() ? m.body : null,
            auth:
              m.authMethod === "basic" || (!m.authMethod && m.basic_auth_user)
                ? {
                    type: "basic",
                    username: m.basic_auth_user ?? "",
                    password: m.basic_auth_pass ?? "",
                  }
                : null,
            assertions,
          },
        },
        ...(notes.length ? { note: notes.join(" ") } : {}),
      };
    }
    case "port":
      return {
        input: {
          ...common,
          type: "tcp",
          tcp: { host: m.hostname ?? "", port: m.port ?? 0, timeoutMs },
        },
        ...(notes.length ? { note: notes.join(" ") } : {}),
      };
    case "dns": {
      const recordType = (m.dns_resolve_type ?? "A").toUpperCase();
      if (!(DNS_RECORD_TYPES as readonly string[]).includes(recordType)) {
        return { skip: `DNS ${recordType} records are not checked here.` };
      }
      return {
        input: { ...common, type: "dns", dns: { name: m.hostname ?? "", recordType } },
        ...(notes.length ? { note: notes.join(" ") } : {}),
      };
    }
    case "push":
      return {
        input: {
          ...common,
          type: "heartbeat",
          heartbeat: { periodSeconds: clamp(Math.round(m.interval ?? 60), 10, 31 * 86_400) },
        },
        note: "A heartbeat: the job pings its new address (shown on the monitor) instead of Uptime Kuma's push URL.",
      };
    default:
      return {
        skip: UNSUPPORTED[m.type]
          ? `Allclear has no ${UNSUPPORTED[m.type]} checks.`
          : `Allclear has no checks of type ${m.type}.`,
      };
  }
}

export function readUptimeKuma({ backup }: { backup: unknown }): Bundle {
  const parsed = KumaBackup.safeParse(backup);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SourceError(
      `This is not an Uptime Kuma backup: ${issue.path.join(".") || "the file"}: ${issue.message}`,
    );
  }
  const bundle = emptyBundle("uptime-kuma");
  const monitors = parsed.data.monitorList;
  const groups = new Map(monitors.filter((m) => m.type === "group").map((m) => [m.id, m.name]));
  bundle.groups = [...groups].map(([id, name]) => ({ sourceId: String(id), name }));
  for (const m of monitors) {
    if (m.type === "group") continue;
    const group = m.parent ? groups.get(m.parent) : undefined;
    const label = group ? `${group} / ${m.name}` : m.name;
    const converted = convert(m);
    if ("skip" in converted) {
      bundle.skipped.push({ kind: "monitor", name: label, reason: converted.skip });
      continue;
    }
    const input = MonitorInput.safeParse(converted.input);
    if (!input.success) {
      const issue = input.error.issues[0]!;
      bundle.skipped.push({
        kind: "monitor",
        name: label,
        reason: `${issue.path.join(".")}: ${issue.message}`,
      });
      continue;
    }
    bundle.monitors.push({
      sourceId: String(m.id),
      input: input.data,
      label,
      ...(group ? { groupSourceId: String(m.parent) } : {}),
      ...(converted.note ? { note: converted.note } : {}),
    });
  }
  return bundle;
}
