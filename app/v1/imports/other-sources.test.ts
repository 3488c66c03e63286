import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { setUpOwner, type TestClient, type TestResponse } from "@/lib/testing/client";
import {
  BETTERSTACK_KEY,
  BETTERSTACK_PAGE_ID,
  INSTATUS_KEY,
  INSTATUS_PAGE_ID,
  serveBetterStack,
  serveInstatus,
  uptimeKumaBackup,
} from "@/lib/testing/import-sources";
import { Receiver } from "@/lib/testing/receiver";

/**
 * Importing from Instatus's and Better Stack's APIs (served on loopback in their documented
 * shapes) and from an Uptime Kuma backup file, into one workspace: the first import fills the
 * first page, the next ones make pages of their own; each second run changes nothing.
 */

let owner: TestClient;
const receivers: Receiver[] = [];

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_TARGETS = "true";
  resetConfig();
  ({ client: owner } = await setUpOwner());
});

afterAll(async () => {
  for (const receiver of receivers) await receiver.stop();
  delete process.env.ALLOW_PRIVATE_TARGETS;
  resetConfig();
});

async function receiver() {
  const started = await new Receiver().start();
  receivers.push(started);
  return started;
}

const counted = (response: TestResponse) =>
  Object.fromEntries(
    Object.entries(response.body.counts as Record<string, Record<string, number>>).flatMap(
      ([kind, counts]) =>
        Object.entries(counts)
          .filter(([, n]) => n > 0)
          .map(([action, n]) => [`${kind}.${action}`, n]),
    ),
  );

async function imported(body: Record<string, unknown>) {
  const dry = await owner.post("/v1/imports", { ...body, dryRun: true });
  expect(dry.status, dry.text).toBe(200);
  const real = await owner.post("/v1/imports", { ...body, dryRun: false });
  expect(real.status, real.text).toBe(200);
  // The dry run said exactly what the real run did.
  expect(counted(dry)).toEqual(counted(real));
  const again = await owner.post("/v1/imports", { ...body, dryRun: false });
  expect(again.status, again.text).toBe(200);
  for (const [key, n] of Object.entries(counted(again))) {
    expect(key, `${key}: ${n}`).toMatch(/\.(unchanged|skip)$/);
  }
  return real;
}

const named = (list: { name?: string; title?: string }[], name: string): TestResponse["body"] =>
  list.find((item) => (item.name ?? item.title) === name);

describe("importing from Instatus", () => {
  it("brings components, incidents, maintenance and email subscribers", async () => {
    const url = serveInstatus(await receiver());
    const report = await imported({
      source: "instatus",
      apiKey: INSTATUS_KEY,
      pageId: INSTATUS_PAGE_ID,
      url,
    });
    expect(counted(report)).toEqual({
      "page.update": 1,
      "group.create": 1,
      "component.create": 2,
      "incident.create": 2,
      "maintenance.create": 1,
      "subscriber.create": 2,
      "subscriber.skip": 1,
    });
    expect(report.body.subscribers).toEqual({ confirmed: 1, optIn: 1 });
    const { components, groups } = (await owner.get("/v1/components")).body;
    expect(groups.map((g: { name: string }) => g.name)).toEqual(["Missions"]);
    expect(named(components, "Rocket")).toMatchObject({
      groupId: groups[0].id,
      status: "partial_outage",
      description: "Launch control",
    });
    const open = (await owner.get("/v1/incidents")).body.incidents;
    expect(named(open, "Telemetry delayed")).toMatchObject({ status: "monitoring" });
    const resolved = (await owner.get("/v1/incidents?state=resolved")).body.incidents;
    expect(named(resolved, "Rocket is going down")).toMatchObject({ status: "resolved" });
    const windows = (await owner.get("/v1/maintenances")).body.maintenances;
    const window = named(windows, "Launchpad service");
    expect(Date.parse(window.endsAt) - Date.parse(window.startsAt)).toBe(90 * 60_000);
  });
});

describe("importing from Better Stack", () => {
  it("makes a page of its own, following the lists' next links", async () => {
    const url = serveBetterStack(await receiver());
    const report = await imported({
      source: "betterstack",
      apiKey: BETTERSTACK_KEY,
      pageId: BETTERSTACK_PAGE_ID,
      url,
    });
    expect(counted(report)).toEqual({
      "page.create": 1,
      "group.create": 1,
      "component.create": 2,
      "incident.create": 2,
      "maintenance.create": 1,
      "subscriber.create": 2,
    });
    expect(report.body.page).toMatchObject({ name: "Best company", isDefault: false });
    const pages = (await owner.get("/v1/pages")).body.data;
    const page = pages.find((p: { id: string }) => p.id === report.body.page.id);
    expect(page.slug).toBe("best-company");
    const { components, groups } = (await owner.get("/v1/components")).body;
    const section = named(groups, "Current status by service");
    expect(page.groupIds).toEqual([section.id]);
    expect(named(components, "Checkout")).toMatchObject({
      status: "degraded_performance",
      groupId: section.id,
    });
    const resolved = (await owner.get("/v1/incidents?state=resolved")).body.incidents;
    const failing = named(resolved, "Checkout failing");
    const incident = (await owner.get(`/v1/incidents/${failing.id}`)).body;
    expect(incident.updates.map((u: { body: string }) => u.body)).toEqual([
      "Payments work again.",
      "Payments fail at checkout.",
    ]);
    expect(incident.impact).toBe("critical");
    const subscribers = (await owner.get(`/v1/subscribers?pageId=${page.id}`)).body;
    expect(subscribers.map((s: { email: string; state: string }) => [s.email, s.state])).toEqual([
      ["customer@example.com", "active"],
      ["prospect@example.com", "pending_confirmation"],
    ]);
  });
});

describe("importing an Uptime Kuma backup", () => {
  it("turns monitors into monitors and lists what it cannot bring", async () => {
    const target = await receiver();
    const report = await imported({ source: "uptime-kuma", backup: uptimeKumaBackup(target.url) });
    expect(counted(report)).toEqual({
      "group.create": 1,
      "monitor.create": 5,
      "monitor.skip": 4,
    });
    const skipped = report.body.items.filter((i: { action: string }) => i.action === "skip");
    expect(skipped.map((i: { name: string; note: string }) => [i.name, i.note])).toEqual([
      ["Gateway", "Allclear has no ICMP ping checks."],
      ["Worker container", "Allclear has no Docker container checks."],
      ["Maintenance page", "Upside-down mode (down when it answers) has no equivalent here."],
      ["Partner API", "Its oauth2-cc authentication has no equivalent here."],
    ]);
    const monitors = (await owner.get("/v1/monitors")).body.monitors;
    const health = named(monitors, "API health");
    expect(health).toMatchObject({
      type: "http",
      enabled: true,
      detection: { intervalSeconds: 30, failureThreshold: 3 },
      http: {
        url: `${target.url}/health`,
        method: "POST",
        expectedStatus: [200, 201, 202, 203, 204, 205, 206, 207, 208, 226, 301],
        timeoutMs: 12_000,
        headers: [{ name: "X-Api-Key", value: "********" }],
        auth: { type: "basic", username: "monitor" },
      },
    });
    // Its check sends what Uptime Kuma's did: the header, the body and the basic auth.
    const checked = await owner.post(`/v1/monitors/${health.id}/test`);
    expect(checked.status, checked.text).toBe(200);
    const [sent] = target.on("/health");
    expect(sent!.headers["x-api-key"]).toBe("secret");
    expect(sent!.headers.authorization).toBe(
      `Basic ${Buffer.from("monitor:hunter2").toString("base64")}`,
    );
    expect(sent!.body).toBe('{\n    "ping": true\n}');
    expect(named(monitors, "Homepage").http).toMatchObject({ keyword: "Welcome" });
    expect(named(monitors, "Status JSON")).toMatchObject({
      enabled: false,
      http: {
        assertions: [
          { source: "json", property: "$.data.state", comparison: "equals", target: "ok" },
        ],
      },
    });
    expect(named(monitors, "Database port")).toMatchObject({
      type: "tcp",
      tcp: { host: "127.0.0.1", port: 5432 },
    });
    expect(named(monitors, "Nightly backup")).toMatchObject({
      type: "heartbeat",
      heartbeat: { periodSeconds: 86_400 },
    });
    // A monitor deleted here is made again by the next import; the others stay as they are.
    const port = named(monitors, "Database port");
    expect((await owner.delete(`/v1/monitors/${port.id}`)).status).toBe(204);
    const again = await owner.post("/v1/imports", {
      source: "uptime-kuma",
      backup: uptimeKumaBackup(target.url),
      dryRun: false,
    });
    expect(again.status, again.text).toBe(200);
    expect(counted(again)).toMatchObject({ "monitor.create": 1, "monitor.unchanged": 4 });
    const remade = named((await owner.get("/v1/monitors")).body.monitors, "Database port");
    expect(remade.id).not.toBe(port.id);
    // A group of monitors is a group of their components.
    const { components, groups } = (await owner.get("/v1/components")).body;
    const shop = named(groups, "Shop");
    expect(named(components, "API health")).toMatchObject({ groupId: shop.id });
    expect(named(components, "Homepage")).toMatchObject({ groupId: shop.id });
  });

  it("refuses a file that is not a backup", async () => {
    const refused = await owner.post("/v1/imports", {
      source: "uptime-kuma",
      backup: { hello: "world" },
      dryRun: true,
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "source_unreadable" });
    expect(refused.body.detail).toMatch(/not an Uptime Kuma backup: monitorList/);
  });
});
