import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const DURATION = /^(\d+)(ms|s|m|h)$/;
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;

export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

const flag = z.enum(["true", "false"]).transform((value) => value === "true");

/** A duration setting ("10m", "60s") read as milliseconds, refused outside [min, max]. */
const duration = (fallback: string, min: number, max: number, message: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const ms = parseDuration(text);
      if (ms === null || ms < min || ms > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return ms;
    });

/** A provider's API address: an http(s) URL, kept without a trailing slash. */
const providerUrl = (fallback: string) =>
  z
    .string()
    .regex(/^https?:\/\/[^/]/, "must be an http:// or https:// URL")
    .default(fallback)
    .transform((url) => url.replace(/\/+$/, ""));

/**
 * Where the public page's last good copy is saved: beside the embedded database's directory, in
 * ./.data with PostgreSQL, nowhere for an in-memory database or with "off".
 */
function publicCopyFileOf(env: {
  PUBLIC_COPY_FILE?: string;
  DATABASE_URL?: string;
  PGLITE_DIR: string;
}): string | null {
  if (env.PUBLIC_COPY_FILE === "off") return null;
  if (env.PUBLIC_COPY_FILE) return env.PUBLIC_COPY_FILE;
  if (env.DATABASE_URL) return "./.data/public-copy.json";
  if (env.PGLITE_DIR.startsWith("memory://")) return null;
  return path.join(path.dirname(path.resolve(env.PGLITE_DIR)), "public-copy.json");
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    STATUS_PAGE_HOST: z
      .string()
      .regex(
        /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?$/i,
        "must be a host name, such as status.example.com",
      )
      .transform((host) => host.toLowerCase())
      .optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
    PGLITE_DIR: z.string().min(1).default("./.data/pglite"),
    PUBLIC_COPY_FILE: z.string().min(1).optional(),
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    ORIGIN_VERIFY_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    ALLOW_PRIVATE_TARGETS: flag.default(false),
    // The providers' API addresses; changed only to point at a stand-in (tests) or a proxy.
    TELEGRAM_API_URL: providerUrl("https://api.telegram.org"),
    PAGERDUTY_EVENTS_URL: providerUrl("https://events.pagerduty.com/v2/enqueue"),
    OPSGENIE_API_URL: providerUrl("https://api.opsgenie.com"),
    OPSGENIE_EU_API_URL: providerUrl("https://api.eu.opsgenie.com"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    EMAIL_FROM: z
      .string()
      .regex(
        /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        "must be an address, or a name and an address like Status <status@example.com>",
      )
      .optional(),
    DKIM_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "must be a domain name")
      .optional(),
    DKIM_SELECTOR: z
      .string()
      .regex(/^[a-z0-9._-]+$/i, "must be a DKIM selector")
      .optional(),
    DKIM_PRIVATE_KEY: z
      .string()
      // Environments often hold a PEM on one line with its line breaks written as \n.
      .transform((text) => text.replace(/\\n/g, "\n"))
      .refine(
        (text) => /-----BEGIN (RSA )?PRIVATE KEY-----/.test(text),
        "must be a PEM private key",
      )
      .optional(),
    REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, "must be 1–40 lowercase letters, digits or dashes")
      .refine((region) => region !== "heartbeat", "heartbeat names the heartbeat monitors' lane")
      .default("local"),
    /** A PEM file of extra certificate authorities that checks trust (a private CA). */
    MONITOR_CA_FILE: z.string().min(1).optional(),
    /** DNS servers the dns monitors ask (host or host:port, comma-separated); the system's if unset. */
    MONITOR_DNS_SERVERS: z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (!text) return null;
        const servers = text.split(",").map((server) => server.trim());
        // Resolvers are asked by address: a name would need a resolver to find them.
        const valid = servers.every((server) => {
          if (isIP(server)) return true;
          const host = /^\[([^\]]+)\](?::\d+)?$/.exec(server)?.[1] ?? server.replace(/:\d+$/, "");
          return isIP(host) !== 0;
        });
        if (!valid) {
          ctx.addIssue({
            code: "custom",
            message: "must be a comma list of IP addresses like 1.1.1.1,[2606:4700::1111]:53",
          });
          return z.NEVER;
        }
        return servers;
      }),
    /** Pings one heartbeat secret may send per minute. */
    HEARTBEAT_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
    /** Whether a long-running server process also checks monitors (off for a web-only fleet). */
    MONITOR_CHECKER: flag.default(true),
    /** How recently a region's checker must have reported for new monitors to get its slot. */
    REGION_ACTIVE_WITHIN: duration(
      "10m",
      60_000,
      Infinity,
      "must be a duration of 1m or more, like 10m",
    ),
    /** How long a visitor's chat or webhook subscription may keep failing before it ends. */
    CHANNEL_FAILURE_WINDOW: duration(
      "168h",
      1_000,
      Infinity,
      "must be a duration like 168h (a week)",
    ),
    /**
     * How long a claimed message stays out of other instances' reach while it is sent: a process
     * that dies mid-send leaves it to be sent again (under the same Message-ID) when this ends.
     */
    EMAIL_LEASE: duration("60s", 1_000, 3_600_000, "must be a duration from 1s to 1h, like 60s"),
    /** Monitors one workspace may have: each costs a check per interval in every region. */
    MONITORS_PER_WORKSPACE: z.coerce.number().int().min(1).default(1000),
    WEBHOOK_RETRY_SCHEDULE: z
      .string()
      .default("5s,30s,2m,5m,10m")
      .transform((text, ctx) => {
        const delays = text.split(",").map(parseDuration);
        if (delays.length > 10 || delays.some((d) => d === null || d > 600_000)) {
          ctx.addIssue({
            code: "custom",
            message: "must be a comma list of at most 10 delays like 5s,30s,2m, each up to 10m",
          });
          return z.NEVER;
        }
        return delays as number[];
      }),
    TRUST_PROXY_HEADER: z
      .string()
      .regex(/^[a-z0-9-]+$/i, "must be a header name")
      .default("x-forwarded-for")
      .transform((name) => name.toLowerCase()),
    API_RATE_LIMIT: z.coerce.number().int().min(0).default(600),
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
    SETUP_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    INNGEST_EVENT_KEY: z.string().optional(),
    INNGEST_SIGNING_KEY: z.string().optional(),
    INNGEST_DEV: z.string().optional(),
    INNGEST_BASE_URL: z.url().optional(),
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    baseUrl: new URL(env.BASE_URL ?? `http://localhost:${env.PORT}`).origin,
    /** The host the public page answers on as well (a custom domain), if any. */
    statusPageHost: env.STATUS_PAGE_HOST,
    /**
     * Where visitors read the public page: the custom domain, with BASE_URL's scheme, when one is
     * set; links in feeds, emails, JSON and canonical addresses use it.
     */
    statusPageUrl: env.STATUS_PAGE_HOST
      ? `${new URL(env.BASE_URL ?? `http://localhost:${env.PORT}`).protocol}//${env.STATUS_PAGE_HOST}`
      : new URL(env.BASE_URL ?? `http://localhost:${env.PORT}`).origin,
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    pgliteDir: env.PGLITE_DIR,
    publicCopyFile: publicCopyFileOf(env),
    authSecret: env.BETTER_AUTH_SECRET,
    originVerifySecret: env.ORIGIN_VERIFY_SECRET,
    allowPrivateTargets: env.ALLOW_PRIVATE_TARGETS,
    providers: {
      telegram: env.TELEGRAM_API_URL,
      pagerduty: env.PAGERDUTY_EVENTS_URL,
      opsgenie: { us: env.OPSGENIE_API_URL, eu: env.OPSGENIE_EU_API_URL },
    },
    smtpUrl: env.SMTP_URL,
    emailFrom: env.EMAIL_FROM ?? "Allclear <status@localhost>",
    dkim:
      env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
        ? {
            domainName: env.DKIM_DOMAIN,
            keySelector: env.DKIM_SELECTOR,
            privateKey: env.DKIM_PRIVATE_KEY,
          }
        : undefined,
    dkimPartial: [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY].some(Boolean),
    region: env.REGION,
    monitorChecker: env.MONITOR_CHECKER,
    monitorCaFile: env.MONITOR_CA_FILE,
    monitorDnsServers: env.MONITOR_DNS_SERVERS,
    heartbeatRateLimit: env.HEARTBEAT_RATE_LIMIT,
    regionActiveWithinMs: env.REGION_ACTIVE_WITHIN,
    monitorsPerWorkspace: env.MONITORS_PER_WORKSPACE,
    channelFailureWindowMs: env.CHANNEL_FAILURE_WINDOW,
    emailLeaseMs: env.EMAIL_LEASE,
    webhookRetrySchedule: env.WEBHOOK_RETRY_SCHEDULE,
    trustProxyHeader: env.TRUST_PROXY_HEADER,
    apiRateLimit: env.API_RATE_LIMIT,
    /** Days audit entries are kept. */
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    setupToken: env.SETUP_TOKEN,
    /** The bearer token `/metrics` asks for; unset, `/metrics` is off. */
    metricsToken: env.METRICS_TOKEN,
    inngestDev: env.INNGEST_DEV !== undefined,
    /** How the Inngest client reaches Inngest; read only when `inngest` is "inngest". */
    inngestClient: {
      eventKey: env.INNGEST_EVENT_KEY,
      signingKey: env.INNGEST_SIGNING_KEY,
      baseUrl: env.INNGEST_BASE_URL,
      isDev: env.INNGEST_DEV !== undefined,
    },
    inngest:
      env.INNGEST_EVENT_KEY || env.INNGEST_SIGNING_KEY || env.INNGEST_DEV || env.INNGEST_BASE_URL
        ? ("inngest" as const)
        : ("embedded" as const),
  }))
  .superRefine((config, ctx) => {
    if (config.databaseUrl && config.nodeEnv === "production" && !config.authSecret) {
      ctx.addIssue({
        code: "custom",
        path: ["BETTER_AUTH_SECRET"],
        message: "is required when DATABASE_URL is set in production",
      });
    }
    if (config.dkimPartial && !config.dkim) {
      ctx.addIssue({
        code: "custom",
        path: ["DKIM_PRIVATE_KEY"],
        message:
          "DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together: set all three or none",
      });
    }
    if (config.inngestDev && config.nodeEnv === "production") {
      ctx.addIssue({
        code: "custom",
        path: ["INNGEST_DEV"],
        message:
          "turns off the signature check of Inngest's calls and may not be set in production; set INNGEST_SIGNING_KEY instead",
      });
    }
    // Inngest runs background work only when it can: with both keys (Inngest Cloud, or a
    // self-hosted `inngest start` at INNGEST_BASE_URL), or a dev server outside production. Any
    // other mix would leave the embedded runner off and nothing running.
    const { eventKey, signingKey, isDev } = config.inngestClient;
    if (config.inngest === "inngest" && !isDev) {
      for (const [name, value] of [
        ["INNGEST_EVENT_KEY", eventKey],
        ["INNGEST_SIGNING_KEY", signingKey],
      ] as const) {
        if (!value) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message:
              "is required with any other INNGEST_* variable: Inngest needs both keys (or INNGEST_DEV for a local dev server); unset every INNGEST_* variable to run background work inside the server",
          });
        }
      }
    }
  });

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads the environment; empty values count as unset. Throws a message naming each bad variable. */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`,
  );
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= readConfig();
  return cached;
}

/**
 * How long after a failed attempt (the `attempts`-th) the next one waits, by
 * WEBHOOK_RETRY_SCHEDULE; null once the schedule is used up. Webhooks and mail retry alike.
 */
export function retryDelayMs(attempts: number): number | null {
  return config().webhookRetrySchedule[attempts - 1] ?? null;
}

/** Tests change the environment between suites; this forgets the parsed copy. */
export function resetConfig(): void {
  cached = undefined;
}
