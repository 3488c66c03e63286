import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { startEmbeddedRunner } from "@/lib/runner/runner";
import { resetConfig } from "@/lib/config";
import {
  claimDueChecks,
  type Claim,
  ensureRegionSlots,
  recordChecks,
  runClaim,
  runDueChecks,
} from "@/lib/monitors/checker";
import { nextSlot, phaseOf } from "@/lib/monitors/detection";
import { pruneResults, purgeDeletedMonitors, PURGE_BATCH } from "@/lib/monitors/retention";
import { evaluateMonitors } from "@/lib/monitors/effects";
import { memberWithRole, setUpOwner, TestClient } from "@/lib/testing/client";
import { Receiver } from "@/lib/testing/receiver";

process.env.ALLOW_PRIVATE_TARGETS = "true";
resetConfig();

let admin: TestClient;
let editor: TestClient;
let viewer: TestClient;
let target: Receiver;
let paths = 0;
const UNKNOWN = "019a0000-0000-7000-8000-000000000009";

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
  ({ client: editor } = await memberWithRole(admin, "editor"));
  ({ client: viewer } = await memberWithRole(admin, "viewer"));
  target = await new Receiver().start();
});

afterAll(() => target.stop());

/** A path on the loopback target that answers 200 until told otherwise. */
function targetPath() {
  const path = `/site-${++paths}`;
  target.always(path, { status: 200, body: "all good" });
  return path;
}

async function createMonitor(body: Record<string, unknown> = {}) {
  const path = targetPath();
  const response = await editor.post("/v1/monitors", {
    name: `Site ${paths}`,
    http: { url: `${target.url}${path}` },
    detection: { intervalSeconds: 10, failureThreshold: 2, recoveryThreshold: 2 },
    ...body,
  });
  expect(response.status, response.text).toBe(201);
  return { monitor: response.body, path };
}

// Due now, to the millisecond the column keeps: now() itself would be rounded, up to half a
// millisecond into the future, and a claim that follows that closely would find nothing due.
const DUE_NOW = sql`date_trunc('milliseconds', now())`;

/** Makes every slot of the region due now and runs the checks (instead of waiting for slots). */
async function checkNow(region = "local") {
  const db = await getDb();
  await db.execute(
    sql`update monitor_region set next_due_at = ${DUE_NOW} where region = ${region}`,
  );
  return runDueChecks({ region });
}

async function slotRegions(monitorId: string): Promise<string[]> {
  const db = await getDb();
  const rows = rowsOf<{ region: string }>(
    await db.execute(
      sql`select region from monitor_region where monitor_id = ${monitorId} order by region`,
    ),
  );
  return rows.map((row) => row.region);
}

async function resultsOf(monitorId: string): Promise<number> {
  const db = await getDb();
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from monitor_result where monitor_id = ${monitorId}`,
    ),
  );
  return row!.n;
}

async function telemetryOf(id: string) {
  const response = await viewer.get("/v1/monitors/telemetry");
  expect(response.status).toBe(200);
  return response.body.monitors.find((m: { id: string }) => m.id === id);
}

async function componentStatus(id: string) {
  const { components } = (await viewer.get("/v1/components")).body;
  return components.find((c: { id: string }) => c.id === id)?.status;
}

async function incidentsOf(monitorName: string) {
  const open = (await admin.get("/v1/incidents?state=open")).body.incidents;
  const resolved = (await admin.get("/v1/incidents?state=resolved")).body.incidents;
  return [...open, ...resolved].filter(
    (i: { title: string }) => i.title === `Issues with ${monitorName}`,
  );
}

describe("the Monitors API", () => {
  it("fills in the defaults, makes a component named after the monitor, and answers 201 with Location", async () => {
    const path = targetPath();
    const response = await editor.post("/v1/monitors", {
      name: "Checkout",
      http: { url: `${target.url}${path}` },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe(`/v1/monitors/${response.body.id}`);
    expect(response.body).toMatchObject({
      name: "Checkout",
      type: "http",
      http: {
        url: `${target.url}${path}`,
        method: "GET",
        expectedStatus: [200],
        keyword: null,
        timeoutMs: 10_000,
        followRedirects: true,
      },
      publishPolicy: "auto",
      downStatus: "partial_outage",
      detection: { intervalSeconds: 60, failureThreshold: 2, recoveryThreshold: 2 },
      enabled: true,
    });
    const { components } = (await viewer.get("/v1/components")).body;
    expect(components.find((c: { id: string }) => c.id === response.body.componentId).name).toBe(
      "Checkout",
    );
    expect((await viewer.get(`/v1/monitors/${response.body.id}`)).body).toEqual(response.body);
    const list = (await viewer.get("/v1/monitors")).body.monitors;
    expect(list.map((m: { id: string }) => m.id)).toContain(response.body.id);
  });

  it("PUT replaces: left-out optional fields return to their defaults, the component stays", async () => {
    const { monitor } = await createMonitor({
      http: { url: `${target.url}/put`, method: "HEAD", keyword: null, timeoutMs: 2000 },
      publishPolicy: "manual",
      downStatus: "major_outage",
    });
    const response = await editor.put(`/v1/monitors/${monitor.id}`, {
      ...monitor,
      http: { url: `${target.url}/put-2` },
      publishPolicy: undefined,
      downStatus: undefined,
      detection: undefined,
      componentId: undefined,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      componentId: monitor.componentId,
      http: { url: `${target.url}/put-2`, method: "GET", timeoutMs: 10_000 },
      publishPolicy: "auto",
      downStatus: "partial_outage",
      detection: { intervalSeconds: 60, failureThreshold: 2, recoveryThreshold: 2 },
    });
  });

  it.each([
    [{ componentId: UNKNOWN }, "componentId"],
    [{ http: { url: "ftp://example.com/" } }, "http.url"],
    [{ http: { url: "not a url" } }, "http.url"],
    [{ http: { url: "http://169.254.169.254/latest" } }, "http.url"],
    [{ http: { url: "http://127.0.0.1/", timeoutMs: 500 } }, "http.timeoutMs"],
    [{ http: { url: "http://127.0.0.1/", expectedStatus: [] } }, "http.expectedStatus"],
    [{ detection: { intervalSeconds: 5 } }, "detection.intervalSeconds"],
    [{ downStatus: "under_maintenance" }, "downStatus"],
    [{ surprise: true }, "surprise"],
  ])("refuses %j with 400 naming %s", async (change, field) => {
    const response = await editor.post("/v1/monitors", {
      name: "Bad",
      http: { url: "http://127.0.0.1/" },
      ...change,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("validation_failed");
    expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it("refuses a URL that resolves to a private address when private targets are refused", async () => {
    process.env.ALLOW_PRIVATE_TARGETS = "false";
    resetConfig();
    try {
      const response = await editor.post("/v1/monitors", {
        name: "Internal",
        http: { url: "http://localhost:8080/health" },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toBe("http.url");
      // What the name resolves to inside this network is not told.
      expect(response.body.errors[0].message).toMatch(/resolves to a private or reserved address/);
      expect(response.text).not.toMatch(/127\.0\.0\.1|::1/);
    } finally {
      process.env.ALLOW_PRIVATE_TARGETS = "true";
      resetConfig();
    }
  });

  it("refuses a monitor past the workspace's limit with 409, and takes one again after a delete", async () => {
    const { monitors } = (await viewer.get("/v1/monitors")).body;
    process.env.MONITORS_PER_WORKSPACE = String(monitors.length + 1);
    resetConfig();
    try {
      const { monitor: last } = await createMonitor();
      const refused = await editor.post("/v1/monitors", {
        name: "One too many",
        http: { url: `${target.url}/one-too-many` },
      });
      expect(refused.status).toBe(409);
      expect(refused.headers.get("content-type")).toBe("application/problem+json");
      expect(refused.body).toMatchObject({ status: 409, code: "monitor_limit_reached" });
      expect(refused.body.detail).toContain(String(monitors.length + 1));
      expect((await viewer.get("/v1/monitors")).body.monitors).toHaveLength(monitors.length + 1);
      expect((await editor.delete(`/v1/monitors/${last.id}`)).status).toBe(204);
      const { monitor: again } = await createMonitor();
      expect(again.id).toBeDefined();
    } finally {
      delete process.env.MONITORS_PER_WORKSPACE;
      resetConfig();
    }
  });

  it("lets viewers read and only editors change", async () => {
    const { monitor } = await createMonitor();
    expect((await viewer.get(`/v1/monitors/${monitor.id}`)).status).toBe(200);
    expect((await viewer.get(`/v1/monitors/${monitor.id}/history`)).status).toBe(200);
    const refused = await viewer.post("/v1/monitors", { name: "x", http: { url: target.url } });
    expect(refused.status).toBe(403);
    expect((await viewer.put(`/v1/monitors/${monitor.id}`, monitor)).status).toBe(403);
    expect((await viewer.delete(`/v1/monitors/${monitor.id}`)).status).toBe(403);
    expect((await new TestClient().get("/v1/monitors")).status).toBe(401);
  });

  it("deletes a monitor (204, then 404) and goes with its component", async () => {
    const { monitor } = await createMonitor();
    expect((await editor.delete(`/v1/monitors/${monitor.id}`)).status).toBe(204);
    expect((await viewer.get(`/v1/monitors/${monitor.id}`)).status).toBe(404);
    expect((await viewer.get(`/v1/monitors/${monitor.id}/history`)).status).toBe(404);

    const second = await createMonitor();
    await checkNow();
    expect((await editor.delete(`/v1/components/${second.monitor.componentId}`)).status).toBe(204);
    expect((await viewer.get(`/v1/monitors/${second.monitor.id}`)).status).toBe(404);
    // Its results go afterwards, like those of a monitor deleted by itself.
    expect(await resultsOf(second.monitor.id)).toBe(1);
    await purgeDeletedMonitors();
    expect(await resultsOf(second.monitor.id)).toBe(0);
  });

  it("answers a delete without touching the results, then removes them in batches while checks are recorded", async () => {
    const { monitor } = await createMonitor();
    const other = await createMonitor();
    const stored = 2 * PURGE_BATCH + 100;
    const db = await getDb();
    await db.execute(sql`
      insert into monitor_result (id, workspace_id, monitor_id, region, scheduled_at, started_at,
        status, latency_ms, timings)
      select gen_random_uuid(), m.workspace_id, m.id, 'local', t, t, 'up', 10, '{}'
      from monitor m, (select now() - g * interval '1 second' as t
        from generate_series(1, ${stored}) g) s
      where m.id = ${monitor.id}`);
    expect((await editor.delete(`/v1/monitors/${monitor.id}`)).status).toBe(204);
    expect(await resultsOf(monitor.id)).toBe(stored);
    const [removed] = await Promise.all([purgeDeletedMonitors(), checkNow()]);
    expect(removed).toBe(stored);
    expect(await resultsOf(monitor.id)).toBe(0);
    expect(await resultsOf(other.monitor.id)).toBeGreaterThan(0);
    const tombstones = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from monitor_deleted`),
    );
    expect(tombstones[0]!.n).toBe(0);
  });
});

describe("detection and its effects", () => {
  it("goes down after the failure threshold, opens a published incident, moves the component and tells the webhooks; recovers and resolves it", async () => {
    const { monitor, path } = await createMonitor();
    const hook = await admin.post("/v1/webhook-endpoints", {
      kind: "webhook",
      name: "Ops",
      url: `${target.url}/hook`,
      componentIds: [monitor.componentId],
    });
    expect(hook.status).toBe(201);
    const runner = startEmbeddedRunner();
    await checkNow();
    let telemetry = await telemetryOf(monitor.id);
    expect(telemetry).toMatchObject({ state: "up", status: "operational" });
    expect(telemetry.results[0]).toMatchObject({
      region: "local",
      status: "up",
      statusCode: 200,
      error: null,
    });
    expect(Date.parse(telemetry.results[0].startedAt)).toBeGreaterThanOrEqual(
      Date.parse(telemetry.results[0].scheduledAt),
    );
    expect(telemetry.results[0].timings.totalMs).toBeGreaterThanOrEqual(0);

    target.always(path, { status: 503 });
    await checkNow();
    expect((await telemetryOf(monitor.id)).state).toBe("up");
    const firstFailure = (await telemetryOf(monitor.id)).results[0].startedAt;
    await checkNow();
    telemetry = await telemetryOf(monitor.id);
    expect(telemetry).toMatchObject({ state: "down", status: "partial_outage" });
    expect(telemetry.since).toBe(firstFailure);
    expect(telemetry.results[0].error.class).toBe("unexpected_status");
    expect(await componentStatus(monitor.componentId)).toBe("partial_outage");
    const [incident] = await incidentsOf(monitor.name);
    expect(incident).toMatchObject({
      status: "investigating",
      visibility: "published",
      source: "monitor",
      impact: "major",
      startedAt: firstFailure,
      components: [{ componentId: monitor.componentId, status: "partial_outage" }],
    });

    // Still down: no second incident.
    await checkNow();
    expect(await incidentsOf(monitor.name)).toHaveLength(1);

    target.always(path, { status: 200 });
    await checkNow();
    expect((await telemetryOf(monitor.id)).state).toBe("down");
    await checkNow();
    expect((await telemetryOf(monitor.id)).state).toBe("up");
    expect(await componentStatus(monitor.componentId)).toBe("operational");
    const incidents = await incidentsOf(monitor.name);
    expect(incidents).toHaveLength(1);
    expect(incidents[0].status).toBe("resolved");

    // Subscribers' webhooks heard both, with nobody at the keyboard.
    const hooks = await target.waitFor("/hook", 2);
    await runner.stop();
    const events = hooks.map(
      (h) =>
        JSON.parse(h.body) as { type: string; data: { incident: { id: string; source: string } } },
    );
    expect(events.map((e) => e.type)).toEqual(["incident.created", "incident.resolved"]);
    expect(events.every((e) => e.data.incident.id === incidents[0].id)).toBe(true);
    expect(events[0]!.data.incident.source).toBe("monitor");
  });

  it("with publishPolicy manual opens a draft only; with none, nothing", async () => {
    const manual = await createMonitor({ publishPolicy: "manual" });
    const none = await createMonitor({ publishPolicy: "none" });
    target.always(manual.path, { status: 500 });
    target.always(none.path, { status: 500 });
    await checkNow();
    await checkNow();
    expect((await telemetryOf(manual.monitor.id)).state).toBe("down");
    expect((await telemetryOf(none.monitor.id)).state).toBe("down");
    const [draft] = await incidentsOf(manual.monitor.name);
    expect(draft).toMatchObject({ visibility: "draft", source: "monitor" });
    expect(await componentStatus(manual.monitor.componentId)).toBe("operational");
    expect(await incidentsOf(none.monitor.name)).toHaveLength(0);
    expect(await componentStatus(none.monitor.componentId)).toBe("operational");
  });

  it("opens nothing while the component is under maintenance, and applies the state when it ends", async () => {
    const { monitor, path } = await createMonitor();
    await checkNow();
    const window = await editor.post("/v1/maintenances", {
      title: "Planned",
      body: "",
      startsAt: new Date(Date.now() + 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      componentIds: [monitor.componentId],
    });
    const db = await getDb();
    await db.execute(
      sql`update maintenance set status = 'in_progress' where id = ${window.body.id}`,
    );
    target.always(path, { status: 502 });
    await checkNow();
    await checkNow();
    expect((await telemetryOf(monitor.id)).state).toBe("down");
    expect(await incidentsOf(monitor.name)).toHaveLength(0);

    expect((await editor.post(`/v1/maintenances/${window.body.id}/cancel`, {})).status).toBe(200);
    await checkNow();
    const [incident] = await incidentsOf(monitor.name);
    expect(incident).toMatchObject({ status: "investigating", visibility: "published" });
    expect(await componentStatus(monitor.componentId)).toBe("partial_outage");
  });

  it("gives a component shared by several monitors the worst of their statuses", async () => {
    const component = (await editor.post("/v1/components", { name: "Shared" })).body.id;
    const a = await createMonitor({ componentId: component, downStatus: "degraded_performance" });
    const b = await createMonitor({ componentId: component, downStatus: "major_outage" });
    target.always(a.path, { status: 500 });
    target.always(b.path, { status: 500 });
    await checkNow();
    await checkNow();
    expect(await componentStatus(component)).toBe("major_outage");
    target.always(b.path, { status: 200 });
    await checkNow();
    await checkNow();
    expect(await componentStatus(component)).toBe("degraded_performance");
  });

  it("never counts a fault of the checker as the target being down", async () => {
    const { monitor } = await createMonitor({
      detection: { intervalSeconds: 10, failureThreshold: 1, recoveryThreshold: 1 },
    });
    await checkNow();
    expect((await telemetryOf(monitor.id)).state).toBe("up");
    const db = await getDb();
    await db.execute(
      sql`update monitor_region set next_due_at = ${DUE_NOW} where monitor_id = ${monitor.id}`,
    );
    const claims = (await claimDueChecks({ limit: 1000 })).filter(
      (c) => c.monitorId === monitor.id,
    );
    expect(claims).toHaveLength(1);
    await recordChecks([
      {
        claim: claims[0]!,
        startedAt: new Date(),
        outcome: {
          status: "down",
          statusCode: null,
          error: { class: "checker_error", message: "a bug of ours" },
          timings: { dnsMs: null, connectMs: null, tlsMs: null, firstByteMs: null, totalMs: 1 },
        },
      },
    ]);
    expect((await telemetryOf(monitor.id)).state).toBe("up");
    expect((await viewer.get(`/v1/monitors/${monitor.id}/failures`)).body.failures).toEqual([]);
    const skipped = rowsOf<{ skipped: number }>(
      await db.execute(
        sql`select skipped from monitor_region where monitor_id = ${monitor.id} and region = 'local'`,
      ),
    );
    expect(skipped[0]!.skipped).toBe(1);
  });

  it("pauses while disabled and checks at once when enabled again", async () => {
    const { monitor } = await createMonitor();
    await checkNow();
    const paused = await editor.put(`/v1/monitors/${monitor.id}`, { ...monitor, enabled: false });
    expect(paused.status).toBe(200);
    expect((await telemetryOf(monitor.id)).state).toBe("paused");
    const claims = await claimDueChecks({ limit: 1000, horizonMs: 3_600_000 });
    expect(claims.map((c) => c.monitorId)).not.toContain(monitor.id);
    await runDueChecks();
    await editor.put(`/v1/monitors/${monitor.id}`, { ...monitor, enabled: true });
    expect((await telemetryOf(monitor.id)).state).toBe("pending");
    await runDueChecks();
    expect((await telemetryOf(monitor.id)).state).toBe("up");
  });

  it("says when a monitor's checks are delayed: no result for three intervals", async () => {
    const { monitor } = await createMonitor();
    await checkNow();
    expect((await telemetryOf(monitor.id)).checksDelayed).toBe(false);
    // Its last result and last change 31 s past, at a 10 s interval and a 1 s timeout: late.
    const db = await getDb();
    const past = sql`now() - interval '31 seconds'`;
    await db.execute(
      sql`update monitor set updated_at = ${past}, timeout_ms = 1000 where id = ${monitor.id}`,
    );
    await db.execute(
      sql`update monitor_region set last_reported_at = ${past} where monitor_id = ${monitor.id}`,
    );
    expect((await telemetryOf(monitor.id)).checksDelayed).toBe(true);
    await checkNow();
    expect((await telemetryOf(monitor.id)).checksDelayed).toBe(false);
    // A paused monitor is never late.
    await db.execute(
      sql`update monitor set updated_at = ${past}, enabled = false where id = ${monitor.id}`,
    );
    await db.execute(
      sql`update monitor_region set last_reported_at = ${past} where monitor_id = ${monitor.id}`,
    );
    expect((await telemetryOf(monitor.id)).checksDelayed).toBe(false);
  });

  it("reports history from the rollups", async () => {
    const { monitor, path } = await createMonitor();
    await checkNow();
    target.always(path, { status: 500 });
    await checkNow();
    const history = await viewer.get(`/v1/monitors/${monitor.id}/history?range=24h`);
    expect(history.status).toBe(200);
    expect(history.body.overall).toHaveLength(24);
    const last = history.body.overall.at(-1);
    expect(last).toMatchObject({ checks: 2, failures: 1, uptime: 50 });
    expect(last.latencyP50).toBeGreaterThan(0);
    expect(history.body.regions.local.at(-1).checks).toBe(2);
    expect(history.body.uptime).toBe(50);
    const { failures } = (await viewer.get(`/v1/monitors/${monitor.id}/failures`)).body;
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      status: "down",
      statusCode: 500,
      error: { class: "unexpected_status" },
    });
    expect((await viewer.get(`/v1/monitors/${monitor.id}/history?range=1y`)).status).toBe(400);
  });
});

describe("several regions", () => {
  it("is down only when a strict majority of the reporting regions is down", async () => {
    const { monitor, path } = await createMonitor({
      detection: { intervalSeconds: 10, failureThreshold: 1, recoveryThreshold: 1 },
    });
    for (const region of ["eu", "us"]) await ensureRegionSlots(region);
    for (const region of ["local", "eu", "us"]) await checkNow(region);
    expect((await telemetryOf(monitor.id)).state).toBe("up");
    const regions = (await viewer.get("/v1/monitors/telemetry")).body.regions;
    expect(regions).toEqual(expect.arrayContaining(["eu", "local", "us"]));

    // One region of three sees failures: shown in its result, changes nothing.
    target.always(path, { status: 500 });
    await checkNow("eu");
    let telemetry = await telemetryOf(monitor.id);
    expect(telemetry.state).toBe("up");
    expect(telemetry.results.find((r: { region: string }) => r.region === "eu").status).toBe(
      "down",
    );
    // A second region makes a majority.
    await checkNow("us");
    telemetry = await telemetryOf(monitor.id);
    expect(telemetry.state).toBe("down");
    expect(await componentStatus(monitor.componentId)).toBe("partial_outage");
  });

  it("leases each slot to one checker of a region", async () => {
    await createMonitor();
    await createMonitor();
    const db = await getDb();
    await db.execute(
      sql`update monitor_region set next_due_at = ${DUE_NOW} where region = 'local'`,
    );
    const [one, two] = await Promise.all([
      claimDueChecks({ limit: 1000 }),
      claimDueChecks({ limit: 1000 }),
    ]);
    const ids = [...one!, ...two!].map((c) => c.monitorId);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids).size).toBe(ids.length);
    // Leased slots are not due again until their lease ends.
    expect(await claimDueChecks({ limit: 1000 })).toEqual([]);
  });

  it("gives a new monitor a slot in each region whose checkers reported lately, none in a retired one", async () => {
    await ensureRegionSlots("ap");
    await ensureRegionSlots("sa");
    const db = await getDb();
    // The checkers of "ap" last reported 11 minutes ago (REGION_ACTIVE_WITHIN is 10 minutes).
    await db.execute(
      sql`update checker_region set last_seen_at = now() - interval '11 minutes' where region = 'ap'`,
    );
    const { monitor } = await createMonitor();
    const regions = await slotRegions(monitor.id);
    expect(regions).toContain("sa");
    expect(regions).toContain("local");
    expect(regions).not.toContain("ap");
    // A checker of "ap" that comes back gives it its slot itself.
    await ensureRegionSlots("ap");
    expect(await slotRegions(monitor.id)).toContain("ap");
  });

  it("gives a new monitor no slot in the region of a server that does not check", async () => {
    process.env.MONITOR_CHECKER = "false";
    process.env.REGION = "web-only";
    resetConfig();
    try {
      const { monitor } = await createMonitor();
      const regions = await slotRegions(monitor.id);
      expect(regions).not.toContain("web-only");
      expect(regions).toContain("sa");
    } finally {
      delete process.env.MONITOR_CHECKER;
      delete process.env.REGION;
      resetConfig();
    }
  });

  it("prunes old results once per window for the whole deployment, whichever checker asks", async () => {
    const { monitor } = await createMonitor();
    await checkNow();
    const db = await getDb();
    const results = async () => {
      const rows = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from monitor_result where monitor_id = ${monitor.id}`,
        ),
      );
      return rows[0]!.n;
    };
    const ageResults = () =>
      db.execute(
        sql`update monitor_result set started_at = now() - interval '30 days' where monitor_id = ${monitor.id}`,
      );
    await ageResults();
    // Two checkers ask at once: one prunes.
    const turns = await Promise.all([pruneResults(), pruneResults()]);
    expect(turns.filter(Boolean)).toHaveLength(1);
    expect(await results()).toBe(0);
    // Within the window, nobody prunes again.
    await checkNow();
    await ageResults();
    expect(await pruneResults()).toBe(false);
    expect(await results()).toBe(1);
  });

  it("asks the target once per slot: a slot whose checker stalled past its lease is skipped, and the late result dropped", async () => {
    const { monitor, path } = await createMonitor();
    const db = await getDb();
    await db.execute(
      sql`update monitor_region set next_due_at = ${DUE_NOW} where monitor_id = ${monitor.id}`,
    );
    const ofMonitor = (claims: Claim[]) => claims.filter((c) => c.monitorId === monitor.id);
    const [stalled] = ofMonitor(await claimDueChecks({ limit: 1000 }));
    const hits = target.on(path).length;
    const late = await runClaim(stalled!);
    expect(target.on(path).length).toBe(hits + 1);
    // The checker stalls past its lease (by the database's clock); another claims the slot.
    await db.execute(
      sql`update monitor_region set lease_until = now() - interval '1 second' where monitor_id = ${monitor.id}`,
    );
    const [newer] = ofMonitor(await claimDueChecks({ limit: 1000 }));
    expect(newer).toMatchObject({ scheduledAt: stalled!.scheduledAt, abandoned: true });
    // The target may have been asked already: the newer claim does not ask again.
    expect(await runClaim(newer!)).toEqual({ claim: newer, skipped: true });
    expect(target.on(path).length).toBe(hits + 1);
    await recordChecks([{ claim: newer!, skipped: true }]);
    await recordChecks([late]);

    expect(await resultsOf(monitor.id)).toBe(0);
    const { skipped } = rowsOf<{ skipped: number }>(
      await db.execute(
        sql`select skipped from monitor_region where monitor_id = ${monitor.id} and region = 'local'`,
      ),
    )[0]!;
    expect(skipped).toBeGreaterThanOrEqual(1);
    const history = await viewer.get(`/v1/monitors/${monitor.id}/history?range=24h`);
    expect(history.body.overall.at(-1)).toMatchObject({ checks: 0 });
  });

  it("does not check a slot when the checker wakes too late to finish within its lease", async () => {
    const { monitor, path } = await createMonitor();
    const db = await getDb();
    await db.execute(
      sql`update monitor_region set next_due_at = ${DUE_NOW} where monitor_id = ${monitor.id}`,
    );
    const [claim] = (await claimDueChecks({ limit: 1000 })).filter(
      (c) => c.monitorId === monitor.id,
    );
    const hits = target.on(path).length;
    // As after a pause: the lease (timeout + 5 s) has less than the check's timeout left.
    const woken = { ...claim!, leaseEndsBy: performance.now() + claim!.timeoutMs - 1 };
    expect(await runClaim(woken)).toEqual({ claim: woken, skipped: true });
    expect(target.on(path).length).toBe(hits);
    // With its lease whole, the same claim checks.
    expect(await runClaim(claim!)).toHaveProperty("outcome.status", "up");
    expect(target.on(path).length).toBe(hits + 1);
  });

  it("counts every slot a stopped checker left unchecked, and keeps the history equal to the results", async () => {
    const { monitor } = await createMonitor();
    const db = await getDb();
    const interval = 10_000;
    // A checker claimed the slot of about 30 s ago and stopped: its lease ran out long since.
    const held = nextSlot(Date.now() - 36_000, interval, phaseOf(monitor.id, interval));
    await db.execute(sql`update monitor_region set next_due_at = ${new Date(held).toISOString()},
      lease = ${UNKNOWN}, lease_until = now() - interval '1 second'
      where monitor_id = ${monitor.id} and region = 'local'`);
    const [claim] = (await claimDueChecks({ limit: 1000, region: "local" })).filter(
      (c) => c.monitorId === monitor.id,
    );
    expect(claim!.scheduledAt.getTime()).toBe(held);
    // Too late to check: the held slot and each one since went unchecked.
    const missedBy = (at: number) =>
      (nextSlot(at, interval, phaseOf(monitor.id, interval)) - held) / interval;
    const before = missedBy(Date.now());
    await recordChecks([await runClaim(claim!)]);
    const after = missedBy(Date.now());
    const { skipped } = rowsOf<{ skipped: number }>(
      await db.execute(
        sql`select skipped from monitor_region where monitor_id = ${monitor.id} and region = 'local'`,
      ),
    )[0]!;
    expect(before).toBeGreaterThanOrEqual(3);
    expect([before, after]).toContain(skipped);

    // Checks recorded without anything else to follow are in the history at once.
    await checkNow();
    await checkNow();
    const { n } = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from monitor_result where monitor_id = ${monitor.id}`,
      ),
    )[0]!;
    const history = await viewer.get(`/v1/monitors/${monitor.id}/history?range=24h`);
    expect(n).toBe(2);
    expect(history.body.overall.at(-1)).toMatchObject({ checks: n, failures: 0 });
  });

  it("records a burst of changed monitors without evaluating them on the way, then evaluates them all", async () => {
    const created = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        createMonitor({
          name: `Burst ${i}`,
          detection: { intervalSeconds: 10, failureThreshold: 1, recoveryThreshold: 1 },
        }),
      ),
    );
    const ours = new Set(created.map((c) => c.monitor.id as string));
    await checkNow();
    for (const { path } of created) target.always(path, { status: 500 });
    const db = await getDb();
    await db.execute(
      sql`update monitor_region set next_due_at = ${DUE_NOW} where region = 'local'`,
    );
    const claims = (await claimDueChecks({ limit: 5000 })).filter((c) => ours.has(c.monitorId));
    expect(claims).toHaveLength(200);
    const toEvaluate = await recordChecks(await Promise.all(claims.map(runClaim)));
    // Recorded: every region is down, and no monitor has been moved yet.
    expect([...toEvaluate.keys()].sort()).toEqual([...ours].sort());
    const states = async () =>
      rowsOf<{ state: string; n: number }>(
        await db.execute(sql`select state, count(*)::int as n from monitor
          where name like 'Burst %' group by state`),
      );
    expect(await states()).toEqual([{ state: "up", n: 200 }]);
    await evaluateMonitors(toEvaluate);
    expect(await states()).toEqual([{ state: "down", n: 200 }]);
  });
});
