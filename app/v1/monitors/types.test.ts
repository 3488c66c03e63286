import { writeFileSync, mkdtempSync } from "node:fs";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import { createServer as createTcpServer, type Server as TcpServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import dns2 from "dns2";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { config, resetConfig } from "@/lib/config";
import {
  claimDueChecks,
  ensureRegionSlots,
  recordChecks,
  runClaim,
  runDueChecks,
} from "@/lib/monitors/checker";
import { evaluateMonitors } from "@/lib/monitors/effects";
import { startEmbeddedRunner } from "@/lib/runner/runner";
import { memberWithRole, setUpOwner, TestClient } from "@/lib/testing/client";
import { Receiver } from "@/lib/testing/receiver";

process.env.ALLOW_PRIVATE_TARGETS = "true";
process.env.HEARTBEAT_RATE_LIMIT = "20";

let owner: TestClient;
let editor: TestClient;
let viewer: TestClient;
let target: Receiver;
let hooks: Receiver;
let dnsServer: ReturnType<typeof dns2.createServer>;
let directory: string;
const logged: string[] = [];
let paths = 0;

const JSON_ANSWER = {
  data: {
    status: "ok",
    items: [
      { name: "a", load: 0.5 },
      { name: "b", load: 2 },
    ],
  },
  version: "1.2.3",
  nothing: null,
  flag: true,
};

/** Names the test's DNS server knows, by record type. */
const ZONE: Record<string, Record<string, object[]>> = {
  "app.allclear.test": {
    A: [{ address: "192.0.2.10" }, { address: "192.0.2.11" }],
    TXT: [{ data: ["v=spf1 ", "-all"] }],
    MX: [{ exchange: "mail.allclear.test", priority: 10 }],
  },
};

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "allclear-monitors-"));
  dnsServer = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const type = Object.entries(dns2.Packet.TYPE).find(([, v]) => v === question!.type)?.[0];
      const records = ZONE[question!.name]?.[type ?? ""];
      if (!ZONE[question!.name]) response.header.rcode = dns2.Packet.RCODE.NXDOMAIN;
      for (const record of records ?? []) {
        response.answers.push({
          name: question!.name,
          type: question!.type,
          class: dns2.Packet.CLASS.IN,
          ttl: 60,
          ...record,
        } as never);
      }
      send(response);
    },
  });
  await dnsServer.listen({ udp: { port: 0, address: "127.0.0.1" } });
  process.env.MONITOR_DNS_SERVERS = `127.0.0.1:${dnsServer.addresses().udp!.port}`;
  resetConfig();
  ({ client: owner } = await setUpOwner());
  ({ client: editor } = await memberWithRole(owner, "editor"));
  ({ client: viewer } = await memberWithRole(owner, "viewer"));
  target = await new Receiver().start();
  hooks = await new Receiver().start();
  await ensureRegionSlots();
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
  });
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
  });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await target.stop();
  await hooks.stop();
  await dnsServer.close();
  for (const name of ["MONITOR_DNS_SERVERS", "MONITOR_CA_FILE", "HEARTBEAT_RATE_LIMIT"]) {
    delete process.env[name];
  }
  resetConfig();
});

function targetPath(reply: Parameters<Receiver["always"]>[1] = { status: 200, body: "ok" }) {
  const at = `/t${++paths}`;
  target.always(at, reply);
  return at;
}

async function create(body: Record<string, unknown>) {
  const response = await editor.post("/v1/monitors", {
    name: `Monitor ${++paths}`,
    detection: { intervalSeconds: 10, failureThreshold: 1, recoveryThreshold: 1 },
    ...body,
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const DUE_NOW = sql`date_trunc('milliseconds', now())`;

/** Makes every slot of the region (and the heartbeat lane) due now and checks them. */
async function checkNow(monitorId: string) {
  const db = await getDb();
  await db.execute(
    sql`update monitor_region set next_due_at = ${DUE_NOW} where monitor_id = ${monitorId}`,
  );
  await runDueChecks();
}

async function telemetryOf(id: string) {
  const response = await viewer.get("/v1/monitors/telemetry");
  return response.body.monitors.find((m: { id: string }) => m.id === id);
}

async function componentStatus(id: string) {
  const { components } = (await viewer.get("/v1/components")).body;
  return components.find((c: { id: string }) => c.id === id)?.status;
}

async function incidentOf(componentName: string) {
  const open = (await owner.get("/v1/incidents?state=open")).body.incidents;
  const resolved = (await owner.get("/v1/incidents?state=resolved")).body.incidents;
  return [...open, ...resolved].find(
    (i: { title: string }) => i.title === `Issues with ${componentName}`,
  );
}

async function rowOf(id: string) {
  const db = await getDb();
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select * from monitor where id = ${id}`),
  );
  return JSON.stringify(row);
}

describe("http requests with headers, a body and credentials", () => {
  it("sends them to the target, keeps them encrypted, and answers each as ********", async () => {
    const at = targetPath();
    const monitor = await create({
      http: {
        url: `${target.url}${at}`,
        method: "POST",
        headers: [
          { name: "X-Api-Key", value: "key-4f1c9e" },
          { name: "Content-Type", value: "application/json" },
        ],
        body: '{"probe":"secret-body-77"}',
        auth: { type: "basic", username: "prober", password: "pass-9d2a" },
      },
    });
    expect(monitor.http).toMatchObject({
      headers: [
        { name: "X-Api-Key", value: "********" },
        { name: "Content-Type", value: "********" },
      ],
      body: "********",
      auth: { type: "basic", username: "prober", password: "********" },
    });
    await checkNow(monitor.id);
    const [seen] = target.on(at);
    expect(seen!.headers["x-api-key"]).toBe("key-4f1c9e");
    expect(seen!.headers["content-type"]).toBe("application/json");
    expect(seen!.headers.authorization).toBe(
      `Basic ${Buffer.from("prober:pass-9d2a").toString("base64")}`,
    );
    expect(seen!.body).toBe('{"probe":"secret-body-77"}');

    const secrets = ["key-4f1c9e", "secret-body-77", "pass-9d2a"];
    const stored = await rowOf(monitor.id);
    const answers = [
      (await viewer.get(`/v1/monitors/${monitor.id}`)).text,
      (await viewer.get("/v1/monitors")).text,
      (await owner.get("/v1/audit-log")).text,
    ];
    for (const secret of secrets) {
      expect(stored).not.toContain(secret);
      for (const answer of answers) expect(answer).not.toContain(secret);
      expect(logged.join("\n")).not.toContain(secret);
    }

    // Sent back masked, the stored values stay; a new token replaces the basic credentials.
    const replaced = await editor.put(`/v1/monitors/${monitor.id}`, {
      name: monitor.name,
      detection: monitor.detection,
      http: { ...monitor.http, auth: { type: "bearer", token: "tok-61be" } },
    });
    expect(replaced.status, replaced.text).toBe(200);
    await checkNow(monitor.id);
    const second = target.on(at).at(-1)!;
    expect(second.headers["x-api-key"]).toBe("key-4f1c9e");
    expect(second.body).toBe('{"probe":"secret-body-77"}');
    expect(second.headers.authorization).toBe("Bearer tok-61be");
    expect(await rowOf(monitor.id)).not.toContain("tok-61be");
  });

  it("counts a slot whose secrets cannot be read as skipped, never as the target down", async () => {
    const at = targetPath();
    const monitor = await create({
      http: { url: `${target.url}${at}`, auth: { type: "bearer", token: "tok-lost" } },
    });
    const db = await getDb();
    // As after BETTER_AUTH_SECRET changed: a value under another key.
    await db.execute(sql`update monitor set secrets_encrypted = 'v2.AAAAAAAA.AAAA.AAAA.AAAA'
      where id = ${monitor.id}`);
    await checkNow(monitor.id);
    expect(target.on(at)).toHaveLength(0);
    const [slot] = rowsOf<{ skipped: number; state: string }>(
      await db.execute(
        sql`select skipped, state from monitor_region where monitor_id = ${monitor.id}`,
      ),
    );
    expect(slot).toEqual({ skipped: 1, state: "pending" });
    expect(logged.join("\n")).toContain(`Monitor ${monitor.id} cannot be checked`);
  });

  it("keeps its credentials to the monitored origin when redirected elsewhere", async () => {
    const other = await new Receiver().start();
    try {
      const at = targetPath({ status: 302, headers: { location: `${other.url}/landing` } });
      const monitor = await create({
        http: { url: `${target.url}${at}`, auth: { type: "bearer", token: "tok-stays-home" } },
      });
      await checkNow(monitor.id);
      expect(target.on(at)[0]!.headers.authorization).toBe("Bearer tok-stays-home");
      expect(other.on("/landing")[0]!.headers.authorization).toBeUndefined();
    } finally {
      await other.stop();
    }
  });

  it("keeps a masked secret only for the origin it was given for", async () => {
    const at = targetPath();
    const monitor = await create({
      http: {
        url: `${target.url}${at}`,
        headers: [{ name: "X-Api-Key", value: "origin-bound-1" }],
        auth: { type: "bearer", token: "origin-bound-2" },
      },
    });
    const elsewhere = { ...monitor.http, url: `http://127.0.0.1:9${at}` };
    const moved = await editor.put(`/v1/monitors/${monitor.id}`, {
      name: monitor.name,
      http: elsewhere,
    });
    expect(moved.status, moved.text).toBe(400);
    expect(moved.body.errors.map((e: { field: string }) => e.field)).toContain(
      "http.headers.0.value",
    );
    const tried = await editor.post(`/v1/monitors/test?monitorId=${monitor.id}`, {
      name: monitor.name,
      http: elsewhere,
    });
    expect(tried.status, tried.text).toBe(400);
    // Another path on the same origin keeps them.
    const samePlace = await editor.put(`/v1/monitors/${monitor.id}`, {
      name: monitor.name,
      http: { ...monitor.http, url: `${target.url}${at}?v=2` },
    });
    expect(samePlace.status, samePlace.text).toBe(200);
  });

  it("sends its body to the monitored origin only, whatever the redirect", async () => {
    const other = await new Receiver().start();
    try {
      const at = targetPath({ status: 307, headers: { location: `${other.url}/landing` } });
      const monitor = await create({
        http: { url: `${target.url}${at}`, method: "POST", body: "body-stays-home" },
      });
      await checkNow(monitor.id);
      expect(target.on(at)[0]!.body).toBe("body-stays-home");
      expect(other.on("/landing")[0]!.body).toBe("");
    } finally {
      await other.stop();
    }
  });

  it("can be given new secrets after its stored ones became unreadable", async () => {
    const at = targetPath();
    const monitor = await create({
      http: { url: `${target.url}${at}`, auth: { type: "bearer", token: "tok-before" } },
    });
    const db = await getDb();
    await db.execute(sql`update monitor set secrets_encrypted = 'v2.AAAAAAAA.AAAA.AAAA.AAAA'
      where id = ${monitor.id}`);
    const tested = await editor.post(`/v1/monitors/${monitor.id}/test`);
    expect(tested.body.code).toBe("secrets_unreadable");
    const masked = await editor.put(`/v1/monitors/${monitor.id}`, {
      name: monitor.name,
      http: monitor.http,
    });
    expect(masked.status).toBe(400);
    const repaired = await editor.put(`/v1/monitors/${monitor.id}`, {
      name: monitor.name,
      http: { ...monitor.http, auth: { type: "bearer", token: "tok-after" } },
    });
    expect(repaired.status, repaired.text).toBe(200);
    await checkNow(monitor.id);
    expect(target.on(at).at(-1)!.headers.authorization).toBe("Bearer tok-after");
  });

  it.each([
    [{ type: "tcp", http: { url: "http://example.com" } }, "tcp"],
    [{ type: "tcp", tcp: { host: "example.com", port: 80 }, http: { url: "http://a.b" } }, "http"],
    [{ type: "heartbeat" }, "heartbeat"],
    [
      { http: { url: "http://example.com", headers: [{ name: "Host", value: "x" }] } },
      "http.headers.0.name",
    ],
    [{ http: { url: "http://example.com", body: "{}" } }, "http.body"],
    [
      { http: { url: "http://example.com", auth: { type: "bearer", token: "********" } } },
      "http.auth.token",
    ],
    [
      {
        http: {
          url: "http://example.com",
          assertions: [{ source: "json", property: "data.status", comparison: "exists" }],
        },
      },
      "http.assertions.0.property",
    ],
    [
      {
        http: {
          url: "http://example.com",
          assertions: [{ source: "body", comparison: "matches", target: "(a" }],
        },
      },
      "http.assertions.0.target",
    ],
    [
      {
        http: {
          url: "http://example.com",
          assertions: [{ source: "status", comparison: "less_than", target: "fast" }],
        },
      },
      "http.assertions.0.target",
    ],
    [
      {
        http: {
          url: "http://example.com",
          assertions: [{ source: "header", property: "x", comparison: "exists", target: 1 }],
        },
      },
      "http.assertions.0.target",
    ],
    [{ type: "tcp", tcp: { host: "169.254.169.254", port: 80 } }, "tcp.host"],
    [{ type: "heartbeat", heartbeat: { periodSeconds: 5 } }, "heartbeat.periodSeconds"],
    [
      { http: { url: "http://example.com", headers: [{ name: "Keep-Alive", value: "x" }] } },
      "http.headers.0.name",
    ],
    [
      { http: { url: "http://example.com", headers: [{ name: "X-Price", value: "5 €" }] } },
      "http.headers.0.value",
    ],
    [
      {
        http: {
          url: "http://example.com",
          headers: [
            { name: "X-A", value: "1" },
            { name: "x-a", value: "2" },
          ],
        },
      },
      "http.headers",
    ],
    [
      { http: { url: "http://example.com" }, incidentWording: { title: "{service} is down" } },
      "incidentWording.title",
    ],
  ])("refuses %j with 400 naming %s", async (body, field) => {
    const response = await editor.post("/v1/monitors", { name: "Refused", ...body });
    expect(response.status, response.text).toBe(400);
    expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe("assertions", () => {
  const at = `/json-${Date.now()}`;
  beforeAll(() =>
    target.always(at, {
      status: 200,
      headers: { "content-type": "application/json", "x-version": "7" },
      body: JSON.stringify(JSON_ANSWER),
    }),
  );

  it.each([
    [{ source: "status", comparison: "equals", target: 200 }, true],
    [{ source: "status", comparison: "equals", target: 201 }, false],
    [{ source: "status", comparison: "not_equals", target: 500 }, true],
    [{ source: "status", comparison: "less_than", target: 300 }, true],
    [{ source: "status", comparison: "greater_than", target: 300 }, false],
    [{ source: "header", property: "X-Version", comparison: "equals", target: "7" }, true],
    [{ source: "header", property: "x-version", comparison: "equals", target: 8 }, false],
    [{ source: "header", property: "content-type", comparison: "contains", target: "json" }, true],
    [
      { source: "header", property: "content-type", comparison: "not_contains", target: "json" },
      false,
    ],
    [{ source: "header", property: "x-missing", comparison: "not_exists" }, true],
    [{ source: "header", property: "x-missing", comparison: "exists" }, false],
    [{ source: "json", property: "$.data.status", comparison: "equals", target: "ok" }, true],
    [{ source: "json", property: "$.data.status", comparison: "not_equals", target: "ok" }, false],
    [{ source: "json", property: "$.data.items[1].name", comparison: "equals", target: "b" }, true],
    [
      { source: "json", property: "$.data.items[-1].load", comparison: "greater_than", target: 1 },
      true,
    ],
    [
      { source: "json", property: "$['data'].items[0].load", comparison: "less_than", target: 0.1 },
      false,
    ],
    [{ source: "json", property: "$.data.items[5]", comparison: "not_exists" }, true],
    [{ source: "json", property: "$.data.items[5].name", comparison: "exists" }, false],
    [
      { source: "json", property: "$.version", comparison: "matches", target: "^1\\.2\\.\\d+$" },
      true,
    ],
    [{ source: "json", property: "$.version", comparison: "matches", target: "^2" }, false],
    [
      { source: "json", property: "$.data.items", comparison: "contains", target: '"name":"a"' },
      true,
    ],
    [{ source: "json", property: "$.nothing", comparison: "equals", target: 0 }, false],
    [{ source: "json", property: "$.flag", comparison: "equals", target: 1 }, false],
    [{ source: "json", property: "$.flag", comparison: "equals", target: "true" }, true],
    [{ source: "body", comparison: "contains", target: "degraded" }, false],
    [{ source: "body", comparison: "not_contains", target: "degraded" }, true],
    [{ source: "body", comparison: "matches", target: '"status":\\s*"ok"' }, true],
  ])("%j holds: %s", async (assertion, holds) => {
    const response = await editor.post("/v1/monitors/test", {
      name: "Assertion",
      http: { url: `${target.url}${at}`, assertions: [assertion] },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.status).toBe(holds ? "up" : "down");
    expect(response.body.assertions).toHaveLength(1);
    expect(response.body.assertions[0].passed).toBe(holds);
    if (!holds) expect(response.body.error.class).toBe("assertion_failed");
  });

  it("shows the failed assertion's value in telemetry and outages, and only the customer wording on the page", async () => {
    const health = targetPath({
      status: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { status: "ok" } }),
    });
    const monitor = await create({
      name: "Ledger",
      http: {
        url: `${target.url}${health}`,
        assertions: [
          { source: "status", comparison: "equals", target: 200 },
          { source: "json", property: "$.data.status", comparison: "equals", target: "ok" },
        ],
      },
    });
    await checkNow(monitor.id);
    expect((await telemetryOf(monitor.id)).state).toBe("up");
    target.always(health, {
      status: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { status: "database unreachable at 10.0.0.7" } }),
    });
    await checkNow(monitor.id);
    const telemetry = await telemetryOf(monitor.id);
    expect(telemetry.state).toBe("down");
    expect(telemetry.results[0]).toMatchObject({
      status: "down",
      error: { class: "assertion_failed" },
      assertion: { index: 1, actual: "database unreachable at 10.0.0.7" },
    });
    expect(telemetry.recent[0].statuses.slice(-2)).toEqual(["up", "down"]);
    const incident = await incidentOf("Ledger");
    expect(incident).toMatchObject({ status: "investigating", visibility: "published" });
    const publicPage = await new TestClient().get(`/incidents/${incident.id}`);
    expect(publicPage.text).toContain("We are investigating issues with Ledger.");
    expect(publicPage.text).not.toContain("10.0.0.7");
    const { outages } = (await viewer.get(`/v1/monitors/${monitor.id}/outages`)).body;
    expect(outages[0]).toMatchObject({
      state: "down",
      endedAt: null,
      cause: { class: "assertion_failed" },
      incidentId: incident.id,
    });
    expect(outages[0].cause.message).toContain("database unreachable");
    const { checks } = (await viewer.get(`/v1/monitors/${monitor.id}/checks?limit=5`)).body;
    expect(checks.map((c: { status: string }) => c.status)).toEqual(["down", "up"]);

    target.always(health, { status: 200, body: JSON.stringify({ data: { status: "ok" } }) });
    await checkNow(monitor.id);
    expect(await incidentOf("Ledger")).toMatchObject({ status: "resolved" });
    const closed = (await viewer.get(`/v1/monitors/${monitor.id}/outages`)).body.outages[0];
    expect(closed.endedAt).not.toBeNull();
  });

  it("tests a stored monitor, and an edit with its masked secrets, without recording anything", async () => {
    const at = targetPath();
    const monitor = await create({
      http: { url: `${target.url}${at}`, headers: [{ name: "X-Token", value: "stored-7" }] },
    });
    await checkNow(monitor.id);
    const before = target.on(at).length;
    const stored = await editor.post(`/v1/monitors/${monitor.id}/test`);
    expect(stored.status, stored.text).toBe(200);
    expect(stored.body).toMatchObject({ status: "up", statusCode: 200, assertions: [] });
    const edited = await editor.post(`/v1/monitors/test?monitorId=${monitor.id}`, {
      name: monitor.name,
      http: {
        ...monitor.http,
        assertions: [{ source: "body", comparison: "equals", target: "ok" }],
      },
    });
    expect(edited.body.assertions).toEqual([{ index: 0, passed: true, actual: "ok" }]);
    expect(
      target
        .on(at)
        .slice(before)
        .map((r) => r.headers["x-token"]),
    ).toEqual(["stored-7", "stored-7"]);
    const { checks } = (await viewer.get(`/v1/monitors/${monitor.id}/checks`)).body;
    expect(checks).toHaveLength(1);
    expect((await viewer.post(`/v1/monitors/${monitor.id}/test`)).status).toBe(403);
  });
});

describe("degradedAboveMs", () => {
  it("moves the component to degraded performance while slow, and back", async () => {
    const at = targetPath({ status: 200, body: "ok", delayMs: 300 });
    const monitor = await create({
      name: "Search",
      http: { url: `${target.url}${at}`, degradedAboveMs: 150 },
    });
    await checkNow(monitor.id);
    const telemetry = await telemetryOf(monitor.id);
    expect(telemetry).toMatchObject({ state: "degraded", status: "degraded_performance" });
    expect(telemetry.results[0].status).toBe("degraded");
    expect(await componentStatus(monitor.componentId)).toBe("degraded_performance");
    expect(await incidentOf("Search")).toMatchObject({ impact: "minor", status: "investigating" });

    target.always(at, { status: 200, body: "ok" });
    await checkNow(monitor.id);
    expect((await telemetryOf(monitor.id)).state).toBe("up");
    expect(await componentStatus(monitor.componentId)).toBe("operational");
    const resolved = await incidentOf("Search");
    expect(resolved.status).toBe("resolved");
    const { updates } = (await viewer.get(`/v1/incidents/${resolved.id}`)).body;
    expect(updates.map((u: { body: string }) => u.body)).toContain(
      "Search is operating normally again.",
    );
    // Degraded checks are not failures: the uptime stays whole.
    const uptime = (await viewer.get("/v1/monitors/uptime")).body.monitors;
    expect(uptime.find((m: { id: string }) => m.id === monitor.id).uptime).toBe(100);
  });
});

async function tlsCertificate(days: number) {
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    notBeforeDate: new Date(Date.now() - 86_400_000),
    notAfterDate: new Date(Date.now() + days * 86_400_000),
    extensions: [
      { name: "basicConstraints", cA: false },
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

function listen<T extends TcpServer | HttpsServer>(server: T): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );
}

function trust(cert: string) {
  const file = path.join(directory, `ca-${++paths}.pem`);
  writeFileSync(file, cert);
  process.env.MONITOR_CA_FILE = file;
  resetConfig();
}

describe("tcp monitors", () => {
  it("is up when a connection is made, down when refused or when TLS never answers", async () => {
    const server = createTcpServer((socket) => socket.on("error", () => {}).end());
    const port = await listen(server);
    const monitor = await create({
      type: "tcp",
      tcp: { host: "localhost", port, timeoutMs: 1000 },
    });
    expect(monitor.tcp).toEqual({
      host: "localhost",
      port,
      timeoutMs: 1000,
      tls: false,
      expiryWarningDays: 14,
    });
    await checkNow(monitor.id);
    expect((await telemetryOf(monitor.id)).results[0]).toMatchObject({ status: "up", error: null });
    expect((await telemetryOf(monitor.id)).results[0].timings.connectMs).toBeGreaterThanOrEqual(0);

    // A plain server asked for TLS never answers the handshake: the deadline ends the check.
    const silent = createTcpServer((socket) => socket.on("error", () => {}));
    const silentPort = await listen(silent);
    const hanging = await create({
      type: "tcp",
      tcp: { host: "127.0.0.1", port: silentPort, timeoutMs: 1000, tls: true },
    });
    await checkNow(hanging.id);
    expect((await telemetryOf(hanging.id)).results[0].error.class).toBe("timeout");

    await new Promise((resolve) => server.close(resolve));
    await checkNow(monitor.id);
    expect((await telemetryOf(monitor.id)).results[0].error.class).toBe("connection_refused");
    silent.close();
  });

  it("verifies TLS and records the certificate's expiry; an untrusted certificate is tls_error", async () => {
    const { key, cert } = await tlsCertificate(200);
    const server = createHttpsServer({ key, cert }, (_, response) => response.end("ok"));
    const port = await listen(server);
    try {
      const monitor = await create({ type: "tcp", tcp: { host: "localhost", port, tls: true } });
      await checkNow(monitor.id);
      expect((await telemetryOf(monitor.id)).results[0].error.class).toBe("tls_error");
      trust(cert);
      await checkNow(monitor.id);
      const result = (await telemetryOf(monitor.id)).results[0];
      expect(result).toMatchObject({ status: "up", error: null });
      expect(Date.parse(result.certificateExpiresAt) - Date.now()).toBeGreaterThan(
        199 * 86_400_000,
      );
    } finally {
      server.close();
      delete process.env.MONITOR_CA_FILE;
      resetConfig();
    }
  });
});

describe("dns monitors", () => {
  it.each([
    [{ name: "app.allclear.test", recordType: "A" }, "up", null],
    [
      { name: "app.allclear.test", recordType: "A", expected: ["192.0.2.11", "192.0.2.10"] },
      "up",
      null,
    ],
    [
      { name: "app.allclear.test", recordType: "A", expected: ["192.0.2.99"] },
      "down",
      "unexpected_answer",
    ],
    [{ name: "app.allclear.test", recordType: "TXT", expected: ["v=spf1 -all"] }, "up", null],
    [
      { name: "app.allclear.test.", recordType: "MX", expected: ["MAIL.allclear.test."] },
      "up",
      null,
    ],
    [{ name: "gone.allclear.test", recordType: "A" }, "down", "dns_failure"],
    [{ name: "app.allclear.test", recordType: "AAAA" }, "down", "dns_failure"],
  ])("%j is %s", async (dns, status, errorClass) => {
    const monitor = await create({ type: "dns", dns });
    await checkNow(monitor.id);
    const result = (await telemetryOf(monitor.id)).results[0];
    expect(result.status).toBe(status);
    expect(result.error?.class ?? null).toBe(errorClass);
  });
});

describe("heartbeat monitors", () => {
  async function heartbeat(body: Record<string, unknown> = {}) {
    const monitor = await create({
      type: "heartbeat",
      heartbeat: { periodSeconds: 10, graceSeconds: 5 },
      ...body,
    });
    const url = new URL(monitor.heartbeat.url);
    expect(url.origin).toBe(config().baseUrl);
    expect(url.pathname).toMatch(/^\/heartbeat\/[A-Za-z0-9_-]{32,}$/);
    return { monitor, ping: url.pathname };
  }

  /** As if `seconds` had passed since the last ping (and the monitor is older than that). */
  async function backdatePing(id: string, seconds: number) {
    const db = await getDb();
    await db.execute(sql`update monitor_region set
      last_ping_at = now() - ${`${seconds} seconds`}::interval where monitor_id = ${id}`);
    await db.execute(sql`update monitor set
      updated_at = least(updated_at, now() - ${`${seconds + 1} seconds`}::interval)
      where id = ${id}`);
  }

  it("is up on time, down when late, down at once on /fail, up again on the next ping", async () => {
    const { monitor, ping } = await heartbeat({ name: "Nightly backup" });
    const job = new TestClient();
    // No ping yet, none due yet: no verdict.
    await checkNow(monitor.id);
    expect((await telemetryOf(monitor.id)).state).toBe("pending");

    for (const method of ["GET", "POST", "HEAD"]) {
      const answer = await job.call(method, ping);
      expect(answer.status, answer.text).toBe(200);
      if (method !== "HEAD") expect(answer.body).toEqual({ ok: true });
    }
    await runDueChecks();
    const live = await telemetryOf(monitor.id);
    expect(live.state).toBe("up");
    expect(Date.now() - Date.parse(live.lastPingAt)).toBeLessThan(5000);
    expect((await viewer.get(`/v1/monitors/${monitor.id}`)).body.heartbeat.lastPingAt).toBe(
      live.lastPingAt,
    );

    // The last ping 16 s ago: past the period and the grace.
    await backdatePing(monitor.id, 16);
    await checkNow(monitor.id);
    const late = await telemetryOf(monitor.id);
    expect(late.state).toBe("down");
    expect(late.results[0]).toMatchObject({
      region: "heartbeat",
      error: { class: "heartbeat_missed" },
    });
    expect(await incidentOf("Nightly backup")).toMatchObject({ status: "investigating" });

    expect((await job.post(ping)).status).toBe(200);
    await runDueChecks();
    expect((await telemetryOf(monitor.id)).state).toBe("up");
    expect(await incidentOf("Nightly backup")).toMatchObject({ status: "resolved" });

    expect((await job.post(`${ping}/fail`)).status).toBe(200);
    await runDueChecks();
    const failed = await telemetryOf(monitor.id);
    expect(failed.state).toBe("down");
    expect(failed.results[0].error.class).toBe("heartbeat_failed");
    expect((await job.get(ping)).status).toBe(200);
    await runDueChecks();
    expect((await telemetryOf(monitor.id)).state).toBe("up");
    const { regions } = (await viewer.get("/v1/monitors/telemetry")).body;
    expect(regions).not.toContain("heartbeat");
  });

  it("counts a ping that comes after its slot was claimed, and forgets pings from before a pause", async () => {
    const { monitor, ping } = await heartbeat();
    const job = new TestClient();
    await job.post(ping);
    await runDueChecks();
    expect((await telemetryOf(monitor.id)).state).toBe("up");
    // The window is about to end; the slot is claimed a moment ahead, then the job pings.
    await backdatePing(monitor.id, 14);
    const db = await getDb();
    await db.execute(sql`update monitor_region set next_due_at = now() + interval '300 milliseconds'
      where monitor_id = ${monitor.id}`);
    const claims = (await claimDueChecks({ horizonMs: 1000, limit: 1000 })).filter(
      (c) => c.monitorId === monitor.id,
    );
    expect(claims).toHaveLength(1);
    expect((await job.post(ping)).status).toBe(200);
    await evaluateMonitors(await recordChecks([await runClaim(claims[0]!)]));
    expect((await telemetryOf(monitor.id)).state).toBe("up");

    // Paused, its job stops; resumed a while later, it waits a window before judging.
    const input = { name: monitor.name, type: "heartbeat", heartbeat: monitor.heartbeat };
    delete (input.heartbeat as { url?: string }).url;
    delete (input.heartbeat as { lastPingAt?: string }).lastPingAt;
    expect(
      (await editor.put(`/v1/monitors/${monitor.id}`, { ...input, enabled: false })).status,
    ).toBe(200);
    await backdatePing(monitor.id, 60);
    expect((await editor.put(`/v1/monitors/${monitor.id}`, input)).status).toBe(200);
    await checkNow(monitor.id);
    expect((await telemetryOf(monitor.id)).state).toBe("pending");
  });

  it("refuses a visitor who keeps guessing secrets before looking them up", async () => {
    const guesser = new TestClient();
    const answers = [];
    for (let n = 0; n < 31; n++) {
      answers.push((await guesser.get(`/heartbeat/${"g".repeat(31)}${n.toString(36)}`)).status);
    }
    expect(answers.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(answers[30]).toBe(429);
    // Another visitor is not held back.
    expect((await new TestClient().get(`/heartbeat/${"h".repeat(32)}`)).status).toBe(404);
  });

  it("is down when the first ping never comes", async () => {
    const { monitor } = await heartbeat();
    const db = await getDb();
    await db.execute(sql`update monitor set updated_at = now() - interval '20 seconds'
      where id = ${monitor.id}`);
    await checkNow(monitor.id);
    expect((await telemetryOf(monitor.id)).results[0].error.class).toBe("heartbeat_missed");
  });

  it("answers a rotated URL only, 404 for an unknown one, and 429 past the limit per secret", async () => {
    const { monitor, ping } = await heartbeat();
    const rotated = await editor.post(`/v1/monitors/${monitor.id}/heartbeat/rotate`);
    expect(rotated.status, rotated.text).toBe(200);
    const fresh = new URL(rotated.body.heartbeat.url).pathname;
    // The URL is a credential: viewers do not get it.
    expect((await viewer.get(`/v1/monitors/${monitor.id}`)).body.heartbeat.url).toBeNull();
    expect(fresh).not.toBe(ping);
    const job = new TestClient();
    const gone = await job.get(ping);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("content-type")).toBe("application/problem+json");
    expect((await job.get("/heartbeat/not-a-secret")).status).toBe(404);
    expect((await job.get(fresh)).status).toBe(200);
    const answers = [];
    for (let n = 0; n < 20; n++) answers.push((await job.get(fresh)).status);
    expect(answers.filter((s) => s === 429)).toHaveLength(1);
    expect((await viewer.post(`/v1/monitors/${monitor.id}/heartbeat/rotate`)).status).toBe(403);
    const http = await create({ http: { url: `${target.url}${targetPath()}` } });
    expect((await editor.post(`/v1/monitors/${http.id}/heartbeat/rotate`)).body.code).toBe(
      "not_a_heartbeat",
    );
    expect((await editor.post(`/v1/monitors/${monitor.id}/test`)).body.code).toBe("not_checkable");
  });
});

describe("certificate expiry", () => {
  it("warns once per certificate inside the window, to endpoints and admins", async () => {
    const { key, cert } = await tlsCertificate(3);
    trust(cert);
    const server = createHttpsServer({ key, cert }, (_, response) => response.end("ok"));
    const port = await listen(server);
    const runner = startEmbeddedRunner();
    try {
      const endpoint = await owner.post("/v1/webhook-endpoints", {
        name: "Operations",
        kind: "webhook",
        url: `${hooks.url}/events`,
      });
      expect(endpoint.status, endpoint.text).toBe(201);
      const monitor = await create({
        name: "Storefront TLS",
        http: { url: `https://localhost:${port}/`, tls: { expiryWarningDays: 14 } },
      });
      await checkNow(monitor.id);
      await checkNow(monitor.id);
      const telemetry = await telemetryOf(monitor.id);
      expect(telemetry.state).toBe("up");
      expect(telemetry.warnings).toEqual(["certificate_expires_soon"]);
      expect(Date.parse(telemetry.certificateExpiresAt) - Date.now()).toBeLessThan(3 * 86_400_000);
      // Other monitors' incidents may reach the endpoint too: only this event is counted.
      const certificateEvents = () =>
        hooks
          .on("/events")
          .map((r) => JSON.parse(r.body))
          .filter((e) => e.type === "monitor.certificate_expiring");
      await expect.poll(() => certificateEvents().length, { timeout: 15_000 }).toBe(1);
      const warnings = certificateEvents();
      expect(warnings[0].data.monitor).toMatchObject({
        id: monitor.id,
        name: "Storefront TLS",
        target: `https://localhost:${port}/`,
        daysLeft: 2,
      });
      expect(warnings[0].data.url).toBe(`${config().baseUrl}/dashboard/monitors/${monitor.id}`);
      const db = await getDb();
      const mail = rowsOf<{ to_address: string; kind: string }>(
        await db.execute(sql`select to_address, kind from email_message
          where kind = 'monitor_alert' and event_id = ${
            // The one event of this certificate.
            rowsOf<{ id: string }>(
              await db.execute(
                sql`select id from outbox_event where type = 'monitor.certificate_expiring'`,
              ),
            )[0]!.id
          }`),
      );
      expect(mail.map((m) => m.to_address)).toEqual(["owner@example.com"]);
      // Checked again, the same certificate is not announced again.
      await checkNow(monitor.id);
      const [{ n }] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from outbox_event where type = 'monitor.certificate_expiring'`,
        ),
      ) as [{ n: number }];
      expect(n).toBe(1);
    } finally {
      await runner.stop();
      server.close();
      delete process.env.MONITOR_CA_FILE;
      resetConfig();
    }
  });
});
