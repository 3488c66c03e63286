import { z } from "zod";
import { name, uuid } from "@/lib/contract/fields";

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export const PublishPolicy = z.enum(["auto", "manual", "none"]).meta({ id: "PublishPolicy" });
export const DownStatus = z
  .enum(["degraded_performance", "partial_outage", "major_outage"])
  .meta({ id: "MonitorDownStatus" });
export const MonitorState = z
  .enum(["pending", "up", "down", "paused"])
  .meta({ id: "MonitorState" });
export const CheckStatus = z.enum(["up", "down"]).meta({ id: "CheckStatus" });
export const ERROR_CLASSES = [
  "dns_failure",
  "blocked_address",
  "connection_refused",
  "connection_reset",
  "timeout",
  "tls_error",
  "too_many_redirects",
  "unexpected_status",
  "keyword_missing",
  "invalid_url",
  "checker_error",
] as const;
export type ErrorClass = (typeof ERROR_CLASSES)[number];

const statusCode = () =>
  z.int("Must be an integer.").min(100, "Must be 100–599.").max(599, "Must be 100–599.");

/** The request a check sends and what it accepts; defaults per docs/design.md §4. */
export const MonitorHttpInput = z
  .strictObject({
    url: z
      .string()
      .trim()
      .min(1, "Must not be empty.")
      .max(2048, "At most 2,048 characters.")
      .refine((value) => URL.canParse(value), "Must be an absolute URL."),
    method: z.enum(HTTP_METHODS).default("GET"),
    expectedStatus: z
      .array(statusCode())
      .min(1, "List at least one status code.")
      .max(100, "At most 100 codes.")
      .default([200]),
    keyword: z.string().min(1, "Must not be empty.").max(1000).nullable().default(null),
    timeoutMs: z.int("Must be an integer.").min(1000).max(30_000).default(10_000),
    followRedirects: z.boolean().default(true),
  })
  .meta({ id: "MonitorHttpInput" });

export const DetectionInput = z
  .strictObject({
    intervalSeconds: z.int("Must be an integer.").min(10).max(3600).default(60),
    failureThreshold: z.int("Must be an integer.").min(1).max(10).default(2),
    recoveryThreshold: z.int("Must be an integer.").min(1).max(10).default(2),
  })
  .meta({ id: "MonitorDetectionInput" });

/**
 * Create and replace take the same body: optional fields left out take their defaults (PUT
 * replaces). `componentId` left out: create makes a component named after the monitor; replace
 * keeps the monitor's component.
 */
export const MonitorInput = z
  .strictObject({
    name: name(),
    componentId: uuid().optional(),
    type: z.literal("http", "Only http monitors exist.").default("http"),
    http: MonitorHttpInput,
    publishPolicy: PublishPolicy.default("auto"),
    downStatus: DownStatus.default("partial_outage"),
    detection: DetectionInput.default({
      intervalSeconds: 60,
      failureThreshold: 2,
      recoveryThreshold: 2,
    }),
    enabled: z.boolean().default(true),
  })
  .meta({ id: "MonitorInput" });
export type MonitorInput = z.output<typeof MonitorInput>;

export const Monitor = z
  .object({
    id: uuid(),
    componentId: uuid(),
    name: z.string(),
    type: z.literal("http"),
    http: z.object({
      url: z.string(),
      method: z.enum(HTTP_METHODS),
      expectedStatus: z.array(z.int()),
      keyword: z.string().nullable(),
      timeoutMs: z.int(),
      followRedirects: z.boolean(),
    }),
    publishPolicy: PublishPolicy,
    downStatus: DownStatus,
    detection: z.object({
      intervalSeconds: z.int(),
      failureThreshold: z.int(),
      recoveryThreshold: z.int(),
    }),
    enabled: z.boolean(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "Monitor" });
export type Monitor = z.input<typeof Monitor>;

export const MonitorList = z.object({ monitors: z.array(Monitor) }).meta({ id: "MonitorList" });

export const MONITOR_READ_ONLY = ["id", "createdAt", "updatedAt"] as const;

export const Timings = z
  .object({
    dnsMs: z.int().nullable(),
    connectMs: z.int().nullable(),
    tlsMs: z.int().nullable(),
    firstByteMs: z.int().nullable(),
    totalMs: z.int(),
  })
  .meta({ id: "CheckTimings" });
export type Timings = z.output<typeof Timings>;

export const CheckResult = z
  .object({
    region: z.string(),
    scheduledAt: z.iso.datetime(),
    startedAt: z.iso.datetime(),
    status: CheckStatus,
    latencyMs: z.int(),
    statusCode: z.int().nullable(),
    error: z.object({ class: z.enum(ERROR_CLASSES), message: z.string() }).nullable(),
    timings: Timings,
  })
  .meta({ id: "CheckResult" });
export type CheckResult = z.output<typeof CheckResult>;

export const ComponentStatusImplied = z.enum([
  "operational",
  "degraded_performance",
  "partial_outage",
  "major_outage",
]);

export const MonitorTelemetry = z
  .object({
    regions: z.array(z.string()),
    monitors: z.array(
      z.object({
        id: uuid(),
        state: MonitorState,
        status: ComponentStatusImplied,
        since: z.date(),
        results: z.array(CheckResult),
        checksDelayed: z.boolean().meta({
          description:
            "True when the monitor is enabled and no region has reported a check for three of its intervals (plus its timeout): the checker is stuck or overloaded.",
        }),
      }),
    ),
  })
  .meta({ id: "MonitorTelemetry" });

export const HistoryRange = z.enum(["24h", "7d", "30d", "90d"]);
export const HistoryQuery = z.object({ range: HistoryRange.default("24h") });

const Bucket = z.object({
  from: z.date(),
  checks: z.int(),
  failures: z.int(),
  uptime: z.number().nullable(),
  latencyP50: z.int().nullable(),
  latencyP95: z.int().nullable(),
  latencyP99: z.int().nullable(),
});
export type Bucket = z.output<typeof Bucket>;

export const MonitorHistory = z
  .object({
    range: HistoryRange,
    bucketSeconds: z.int(),
    uptime: z.number().nullable(),
    overall: z.array(Bucket),
    regions: z.record(z.string(), z.array(Bucket)),
  })
  .meta({ id: "MonitorHistory" });

export const MonitorFailures = z
  .object({ failures: z.array(CheckResult) })
  .meta({ id: "MonitorFailures" });
