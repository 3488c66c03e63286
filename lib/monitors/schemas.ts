import { z } from "zod";
import { name, uuid } from "@/lib/contract/fields";
import { SECRET_MASK } from "@/lib/net/openid";

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export const PublishPolicy = z.enum(["auto", "manual", "none"]).meta({ id: "PublishPolicy" });
export const DownStatus = z
  .enum(["degraded_performance", "partial_outage", "major_outage"])
  .meta({ id: "MonitorDownStatus" });
export const MONITOR_TYPES = ["http", "tcp", "dns", "heartbeat"] as const;
export const MonitorType = z.enum(MONITOR_TYPES).meta({ id: "MonitorType" });
export type MonitorType = z.output<typeof MonitorType>;
export const MonitorState = z
  .enum(["pending", "up", "degraded", "down", "paused"])
  .meta({ id: "MonitorState" });
export const CheckStatus = z.enum(["up", "degraded", "down"]).meta({ id: "CheckStatus" });
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
  "assertion_failed",
  "unexpected_answer",
  "heartbeat_missed",
  "heartbeat_failed",
  "invalid_url",
  "checker_error",
] as const;
export type ErrorClass = (typeof ERROR_CLASSES)[number];

/** What answers show in place of each stored secret; sent back on PUT, it keeps the stored one. */
export const MASK = SECRET_MASK;

const statusCode = () =>
  z.int("Must be an integer.").min(100, "Must be 100–599.").max(599, "Must be 100–599.");
const timeoutMs = (fallback: number) =>
  z.int("Must be an integer.").min(1000).max(30_000).default(fallback);

/** Headers a check sets itself, or that would change how the request is framed. */
export const REFUSED_HEADERS = [
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "expect",
];
export const METHODS_WITH_BODY = ["POST", "PUT", "PATCH", "DELETE"] as const;

const headerName = z
  .string()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, "Must be a header name (letters, digits, dashes).")
  .refine(
    (value) => !REFUSED_HEADERS.includes(value.toLowerCase()),
    "Host, Content-Length, Transfer-Encoding, Connection, Keep-Alive, Upgrade and Expect are set by the check itself.",
  );
// Header values travel on one line, in the bytes HTTP allows: no control characters.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const headerValue = z
  .string()
  .max(8192, "At most 8,192 characters.")
  .regex(HEADER_VALUE, "Only printable Latin-1 characters: no line breaks or control characters.");

export const AssertionSource = z.enum(["status", "header", "json", "body"]);
export const AssertionComparison = z.enum([
  "equals",
  "not_equals",
  "contains",
  "not_contains",
  "less_than",
  "greater_than",
  "matches",
  "exists",
  "not_exists",
]);

/** One condition on the answer; every assertion of a monitor must hold (docs/design.md §29). */
export const Assertion = z
  .strictObject({
    source: AssertionSource,
    property: z.string().min(1, "Must not be empty.").max(500).optional(),
    comparison: AssertionComparison,
    target: z.union([z.string().max(1000, "At most 1,000 characters."), z.number()]).optional(),
  })
  .meta({ id: "MonitorAssertion" });
export type Assertion = z.output<typeof Assertion>;

export const HttpAuth = z
  .discriminatedUnion("type", [
    z.strictObject({
      type: z.literal("basic"),
      username: z
        .string()
        .max(200)
        .regex(/^[^:]*$/, "Must not contain a colon."),
      password: z.string().max(1000).regex(HEADER_VALUE, "Only printable Latin-1 characters."),
    }),
    z.strictObject({
      type: z.literal("bearer"),
      token: z.string().min(1).max(4096).regex(HEADER_VALUE, "Only printable Latin-1 characters."),
    }),
  ])
  .meta({ id: "MonitorHttpAuth" });

/** The request a check sends and what it accepts; defaults per docs/design.md §4 and §29. */
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
    timeoutMs: timeoutMs(10_000),
    followRedirects: z.boolean().default(true),
    headers: z
      .array(z.strictObject({ name: headerName, value: headerValue }))
      .max(20, "At most 20 headers.")
      .refine(
        (headers) => new Set(headers.map((h) => h.name.toLowerCase())).size === headers.length,
        "Each header at most once.",
      )
      .default([]),
    body: z.string().max(65_536, "At most 64 KiB.").nullable().default(null),
    auth: HttpAuth.nullable().default(null),
    assertions: z.array(Assertion).max(20, "At most 20 assertions.").default([]),
    degradedAboveMs: z.int("Must be an integer.").min(1).max(30_000).nullable().default(null),
    tls: z
      .strictObject({ expiryWarningDays: z.int("Must be an integer.").min(1).max(90).default(14) })
      .default({ expiryWarningDays: 14 }),
  })
  .meta({ id: "MonitorHttpInput" });
export type MonitorHttpInput = z.output<typeof MonitorHttpInput>;

const hostName = z
  .string()
  .trim()
  .min(1, "Must not be empty.")
  .max(253, "At most 253 characters.")
  .regex(/^[A-Za-z0-9.:_-]+$/, "Must be a host name or an IP address.");

export const MonitorTcpInput = z
  .strictObject({
    host: hostName,
    port: z.int("Must be an integer.").min(1, "Must be 1–65535.").max(65_535, "Must be 1–65535."),
    timeoutMs: timeoutMs(10_000),
    tls: z.boolean().default(false),
    expiryWarningDays: z.int("Must be an integer.").min(1).max(90).default(14),
  })
  .meta({ id: "MonitorTcpInput" });

export const DNS_RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "TXT", "NS"] as const;
export const MonitorDnsInput = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, "Must not be empty.")
      .max(253, "At most 253 characters.")
      .regex(/^[A-Za-z0-9._-]+\.?$/, "Must be a domain name."),
    recordType: z.enum(DNS_RECORD_TYPES).default("A"),
    expected: z
      .array(z.string().trim().min(1, "Must not be empty.").max(1000))
      .max(20, "At most 20 values.")
      .default([]),
    timeoutMs: timeoutMs(5_000),
  })
  .meta({ id: "MonitorDnsInput" });

export const MonitorHeartbeatInput = z
  .strictObject({
    periodSeconds: z
      .int("Must be an integer.")
      .min(10)
      .max(31 * 86_400),
    graceSeconds: z.int("Must be an integer.").min(0).max(86_400).default(0),
  })
  .meta({ id: "MonitorHeartbeatInput" });

export const DetectionInput = z
  .strictObject({
    intervalSeconds: z.int("Must be an integer.").min(10).max(3600).default(60),
    failureThreshold: z.int("Must be an integer.").min(1).max(10).default(2),
    recoveryThreshold: z.int("Must be an integer.").min(1).max(10).default(2),
  })
  .meta({ id: "MonitorDetectionInput" });

export const WORDING_PLACEHOLDERS = ["{component}", "{monitor}"] as const;
export const DEFAULT_WORDING = {
  title: "Issues with {component}",
  body: "We are investigating issues with {component}.",
  resolvedBody: "{component} is operating normally again.",
};
const wordingText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "Must not be empty.")
    .max(max)
    .refine(
      (text) =>
        (text.match(/\{[^{}]*\}/g) ?? []).every((p) =>
          (WORDING_PLACEHOLDERS as readonly string[]).includes(p),
        ),
      "The placeholders are {component} and {monitor}.",
    )
    .refine((text) => !/<[a-z!/]/i.test(text), "Markdown only: no HTML tags.");

/** The customer-facing text of the incidents the monitor opens and resolves. */
export const IncidentWording = z
  .strictObject({
    title: wordingText(200).default(DEFAULT_WORDING.title),
    body: wordingText(5000).default(DEFAULT_WORDING.body),
    resolvedBody: wordingText(5000).default(DEFAULT_WORDING.resolvedBody),
  })
  .meta({ id: "MonitorIncidentWording" });
export type IncidentWording = z.output<typeof IncidentWording>;

/**
 * Create and replace take the same body: optional fields left out take their defaults (PUT
 * replaces). `componentId` left out: create makes a component named after the monitor; replace
 * keeps the monitor's component. The object of the monitor's type is sent, and no other.
 */
export const MonitorInput = z
  .strictObject({
    name: name(),
    componentId: uuid().optional(),
    type: MonitorType.default("http"),
    http: MonitorHttpInput.optional(),
    tcp: MonitorTcpInput.optional(),
    dns: MonitorDnsInput.optional(),
    heartbeat: MonitorHeartbeatInput.optional(),
    publishPolicy: PublishPolicy.default("auto"),
    downStatus: DownStatus.default("partial_outage"),
    detection: DetectionInput.default({
      intervalSeconds: 60,
      failureThreshold: 2,
      recoveryThreshold: 2,
    }),
    enabled: z.boolean().default(true),
    incidentWording: IncidentWording.default(DEFAULT_WORDING),
    incidentTemplateId: uuid()
      .nullable()
      .default(null)
      .describe(
        "An incident template whose title and body word the incidents it opens, instead of incidentWording's title and body.",
      ),
  })
  .superRefine((input, ctx) => {
    for (const type of MONITOR_TYPES) {
      if (type === input.type && !input[type]) {
        ctx.addIssue({ code: "custom", path: [type], message: `Required for a ${type} monitor.` });
      }
      if (type !== input.type && input[type]) {
        ctx.addIssue({
          code: "custom",
          path: [type],
          message: `Only the ${input.type} object goes with type ${input.type}.`,
        });
      }
    }
  })
  .meta({ id: "MonitorInput" });
export type MonitorInput = z.output<typeof MonitorInput>;

const secret = z.string().describe(`"${MASK}" when set; the value is never returned.`);

export const Monitor = z
  .object({
    id: uuid(),
    componentId: uuid(),
    name: z.string(),
    type: MonitorType,
    http: z
      .object({
        url: z.string(),
        method: z.enum(HTTP_METHODS),
        expectedStatus: z.array(z.int()),
        keyword: z.string().nullable(),
        timeoutMs: z.int(),
        followRedirects: z.boolean(),
        headers: z.array(z.object({ name: z.string(), value: secret })),
        body: secret.nullable(),
        auth: z
          .discriminatedUnion("type", [
            z.object({ type: z.literal("basic"), username: z.string(), password: secret }),
            z.object({ type: z.literal("bearer"), token: secret }),
          ])
          .nullable(),
        assertions: z.array(Assertion),
        degradedAboveMs: z.int().nullable(),
        tls: z.object({ expiryWarningDays: z.int() }),
      })
      .optional(),
    tcp: z
      .object({
        host: z.string(),
        port: z.int(),
        timeoutMs: z.int(),
        tls: z.boolean(),
        expiryWarningDays: z.int(),
      })
      .optional(),
    dns: z
      .object({
        name: z.string(),
        recordType: z.enum(DNS_RECORD_TYPES),
        expected: z.array(z.string()),
        timeoutMs: z.int(),
      })
      .optional(),
    heartbeat: z
      .object({
        periodSeconds: z.int(),
        graceSeconds: z.int(),
        url: z
          .string()
          .nullable()
          .describe(
            "Where the job pings: GET, POST or HEAD; add /fail to report a failure. Null for viewers (the URL is a credential) and when the stored secret cannot be read.",
          ),
        lastPingAt: z.date().nullable(),
      })
      .optional(),
    publishPolicy: PublishPolicy,
    downStatus: DownStatus,
    detection: z.object({
      intervalSeconds: z.int(),
      failureThreshold: z.int(),
      recoveryThreshold: z.int(),
    }),
    enabled: z.boolean(),
    incidentWording: z.object({ title: z.string(), body: z.string(), resolvedBody: z.string() }),
    incidentTemplateId: uuid().nullable(),
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
    assertion: z
      .object({ index: z.int(), actual: z.string().nullable() })
      .nullable()
      .optional()
      .describe("The first assertion that did not hold, and the value it saw (200 characters)."),
    certificateExpiresAt: z.iso
      .datetime()
      .nullable()
      .optional()
      .describe("The TLS certificate's notAfter, for https and TCP with TLS."),
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
        recent: z
          .array(z.object({ region: z.string(), statuses: z.array(CheckStatus) }))
          .describe("The statuses of each region's latest checks (at most 30), oldest first."),
        certificateExpiresAt: z.iso.datetime().nullable(),
        warnings: z.array(z.enum(["certificate_expires_soon"])),
        lastPingAt: z.date().nullable().describe("A heartbeat's last ping; null for other types."),
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

export const MonitorOutage = z
  .object({
    id: uuid(),
    state: z.enum(["down", "degraded"]),
    startedAt: z.date(),
    endedAt: z.date().nullable(),
    durationSeconds: z.int().describe("Until now while it lasts."),
    cause: z.object({ class: z.string(), message: z.string() }).nullable(),
    incidentId: uuid().nullable(),
  })
  .meta({ id: "MonitorOutage" });
export const MonitorOutages = z
  .object({ outages: z.array(MonitorOutage) })
  .meta({ id: "MonitorOutages" });

export const ChecksQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(120),
});
export const MonitorChecks = z
  .object({ checks: z.array(CheckResult) })
  .meta({ id: "MonitorChecks" });

export const MonitorUptime = z
  .object({
    days: z.int(),
    monitors: z.array(z.object({ id: uuid(), uptime: z.number().nullable() })),
  })
  .meta({ id: "MonitorUptime" });

export const AssertionOutcome = z.object({
  index: z.int(),
  passed: z.boolean(),
  actual: z.string().nullable(),
});
export const CheckTest = z
  .object({
    status: CheckStatus,
    latencyMs: z.int(),
    statusCode: z.int().nullable(),
    error: z.object({ class: z.enum(ERROR_CLASSES), message: z.string() }).nullable(),
    timings: Timings,
    certificateExpiresAt: z.iso.datetime().nullable(),
    assertions: z.array(AssertionOutcome),
  })
  .meta({ id: "MonitorCheckTest" });
export type CheckTest = z.output<typeof CheckTest>;

/** A test sends the monitor's settings as stored, or the form's as edited (secrets masked). */
export const CheckTestInput = MonitorInput.optional();
