import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseDuration, readConfig } from "./config";

describe("configuration", () => {
  it("takes monitors' DNS servers by address only, and keeps the heartbeat lane's name", () => {
    expect(
      readConfig({ MONITOR_DNS_SERVERS: "1.1.1.1,127.0.0.1:5353,2606:4700::1111,[::1]:53" })
        .monitorDnsServers,
    ).toEqual(["1.1.1.1", "127.0.0.1:5353", "2606:4700::1111", "[::1]:53"]);
    expect(readConfig({}).monitorDnsServers).toBeNull();
    expect(() => readConfig({ MONITOR_DNS_SERVERS: "dns.google" })).toThrow(/MONITOR_DNS_SERVERS/);
    expect(() => readConfig({ REGION: "heartbeat" })).toThrow(/REGION/);
    expect(readConfig({}).heartbeatRateLimit).toBe(60);
  });

  it("has the documented defaults", () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      baseUrl: "http://localhost:3000",
      databaseUrl: undefined,
      databasePoolMax: 10,
      pgliteDir: "./.data/pglite",
      allowPrivateTargets: false,
      region: "local",
      regionActiveWithinMs: 600_000,
      webhookRetrySchedule: [5_000, 30_000, 120_000, 300_000, 600_000],
      trustProxyHeader: "x-forwarded-for",
      apiRateLimit: 600,
      inngest: "embedded",
    });
  });

  it("saves the public page's copy beside the database, nowhere for an in-memory one", () => {
    expect(readConfig({}).publicCopyFile).toBe(path.resolve(".data/public-copy.json"));
    expect(readConfig({ PGLITE_DIR: "/srv/allclear/pglite" }).publicCopyFile).toBe(
      "/srv/allclear/public-copy.json",
    );
    expect(readConfig({ DATABASE_URL: "postgres://db/status" }).publicCopyFile).toBe(
      "./.data/public-copy.json",
    );
    expect(readConfig({ PGLITE_DIR: "memory://" }).publicCopyFile).toBeNull();
    expect(readConfig({ PUBLIC_COPY_FILE: "off" }).publicCopyFile).toBeNull();
    expect(readConfig({ PUBLIC_COPY_FILE: "/tmp/copy.json" }).publicCopyFile).toBe(
      "/tmp/copy.json",
    );
  });

  it("reads EMAIL_LEASE as a duration, a minute unless set", () => {
    expect(readConfig({}).emailLeaseMs).toBe(60_000);
    expect(readConfig({ EMAIL_LEASE: "5s" }).emailLeaseMs).toBe(5_000);
  });

  it("derives BASE_URL from PORT and treats empty values as unset", () => {
    expect(readConfig({ PORT: "4000", DATABASE_URL: "" }).baseUrl).toBe("http://localhost:4000");
    expect(readConfig({ BASE_URL: "https://status.example.com/" }).baseUrl).toBe(
      "https://status.example.com",
    );
  });

  it.each([
    ["PORT", "eighty"],
    ["BASE_URL", "status.example.com"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["DATABASE_POOL_MAX", "0"],
    ["DATABASE_POOL_MAX", "ten"],
    ["ALLOW_PRIVATE_TARGETS", "yes"],
    ["WEBHOOK_RETRY_SCHEDULE", "5s,soon"],
    ["WEBHOOK_RETRY_SCHEDULE", "5s,11m"],
    ["API_RATE_LIMIT", "-1"],
    ["BETTER_AUTH_SECRET", "too-short"],
    ["REGION", "EU West"],
    ["REGION_ACTIVE_WITHIN", "30s"],
    ["REGION_ACTIVE_WITHIN", "soon"],
    ["SETUP_TOKEN", "short"],
    ["SMTP_URL", "mail.example.com:25"],
    ["EMAIL_FROM", "Status"],
    ["EMAIL_LEASE", "500ms"],
    ["EMAIL_LEASE", "2h"],
    ["DKIM_DOMAIN", "not a domain"],
    ["DKIM_PRIVATE_KEY", "not a key"],
  ])("stops with a message naming %s for the bad value %j", (variable, value) => {
    expect(() => readConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => readConfig({ [variable]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${variable}: `),
    );
  });

  it("requires BETTER_AUTH_SECRET with DATABASE_URL in production only", () => {
    const env = { DATABASE_URL: "postgres://localhost/allclear", NODE_ENV: "production" };
    expect(() => readConfig(env)).toThrow(/BETTER_AUTH_SECRET: is required/);
    expect(readConfig({ ...env, BETTER_AUTH_SECRET: "x".repeat(32) }).authSecret).toHaveLength(32);
    expect(readConfig({ NODE_ENV: "production" }).authSecret).toBeUndefined();
  });

  it("refuses INNGEST_DEV in production: it turns off the signature check of Inngest's calls", () => {
    expect(() => readConfig({ NODE_ENV: "production", INNGEST_DEV: "1" })).toThrow(
      /^Invalid configuration:\n  INNGEST_DEV: turns off the signature check/,
    );
    expect(readConfig({ NODE_ENV: "development", INNGEST_DEV: "1" }).inngest).toBe("inngest");
  });

  it.each([
    [
      { INNGEST_BASE_URL: "http://inngest.internal:8288" },
      ["INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY"],
    ],
    [{ INNGEST_EVENT_KEY: "key" }, ["INNGEST_SIGNING_KEY"]],
    [{ INNGEST_SIGNING_KEY: "signkey-prod-abc" }, ["INNGEST_EVENT_KEY"]],
    [
      { INNGEST_SIGNING_KEY: "signkey-prod-abc", INNGEST_BASE_URL: "http://inngest.internal:8288" },
      ["INNGEST_EVENT_KEY"],
    ],
  ])("stops on %j, which would leave background work off, naming %j", (env, missing) => {
    let message = "";
    try {
      readConfig({ NODE_ENV: "production", ...env });
    } catch (error) {
      message = (error as Error).message;
    }
    const named = [...message.matchAll(/^ {2}(INNGEST_\w+): /gm)].map((m) => m[1]);
    expect(named).toEqual(missing);
    expect(message).toMatch(/needs both keys/);
  });

  it("chooses Inngest only when it is configured", () => {
    expect(readConfig({ INNGEST_DEV: "1" }).inngest).toBe("inngest");
    expect(readConfig({ INNGEST_EVENT_KEY: "key", INNGEST_SIGNING_KEY: "signkey" }).inngest).toBe(
      "inngest",
    );
    const selfHosted = readConfig({
      NODE_ENV: "production",
      INNGEST_EVENT_KEY: "key",
      INNGEST_SIGNING_KEY: "abc123",
      INNGEST_BASE_URL: "http://inngest.internal:8288",
    });
    expect(selfHosted.inngest).toBe("inngest");
    expect(selfHosted.inngestClient).toEqual({
      eventKey: "key",
      signingKey: "abc123",
      baseUrl: "http://inngest.internal:8288",
      isDev: false,
    });
    expect(
      readConfig({ INNGEST_DEV: "1", INNGEST_BASE_URL: "http://localhost:8288" }).inngest,
    ).toBe("inngest");
  });

  it("parses durations", () => {
    expect(parseDuration("250ms")).toBe(250);
    expect(parseDuration("2m")).toBe(120_000);
    expect(parseDuration("2 minutes")).toBeNull();
  });

  it("takes DKIM only with its domain, selector and key together", () => {
    const key = "-----BEGIN PRIVATE KEY-----\\nMIIB\\n-----END PRIVATE KEY-----";
    const dkim = readConfig({
      DKIM_DOMAIN: "example.com",
      DKIM_SELECTOR: "mail",
      DKIM_PRIVATE_KEY: key,
    }).dkim;
    expect(dkim).toEqual({
      domainName: "example.com",
      keySelector: "mail",
      privateKey: "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----",
    });
    expect(() => readConfig({ DKIM_DOMAIN: "example.com" })).toThrow(
      /DKIM_PRIVATE_KEY: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together/,
    );
    expect(readConfig({ EMAIL_FROM: "Status <status@example.com>" }).emailFrom).toBe(
      "Status <status@example.com>",
    );
  });
});
