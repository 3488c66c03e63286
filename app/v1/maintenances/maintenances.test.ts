import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import { startEmbeddedRunner } from "@/lib/runner/runner";
import { memberWithRole, setUpOwner, TestClient } from "@/lib/testing/client";

let editor: TestClient;
let runner: ReturnType<typeof startEmbeddedRunner> | undefined;
const UNKNOWN = "019a0000-0000-7000-8000-000000000003";

beforeAll(async () => {
  const setup = await setUpOwner();
  ({ client: editor } = await memberWithRole(setup.client, "editor"));
  runner = startEmbeddedRunner();
});

afterAll(async () => {
  await runner?.stop();
});

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function component(name: string) {
  const response = await editor.post("/v1/components", { name });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

async function statusOf(id: string) {
  const { components } = (await editor.get("/v1/components")).body;
  return components.find((c: { id: string }) => c.id === id).status;
}

async function schedule(body: Record<string, unknown>) {
  const response = await editor.post("/v1/maintenances", {
    title: "Database upgrade",
    body: "Upgrading to PostgreSQL 17.",
    startsAt: inMs(60 * 60_000),
    endsAt: inMs(2 * 60 * 60_000),
    componentIds: [],
    ...body,
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** Polls until the window reaches `status`; answers when (ms since epoch) it saw it. */
async function waitFor(id: string, status: string, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = (await editor.get(`/v1/maintenances/${id}`)).body.status;
    if (current === status) return Date.now();
    if (Date.now() > deadline) throw new Error(`maintenance ${id} is ${current}, not ${status}`);
    await sleep(50);
  }
}

async function eventsAbout(id: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(schema.outboxEvent)
    .orderBy(asc(schema.outboxEvent.occurredAt), asc(schema.outboxEvent.id));
  return rows.filter((row) => (row.data as any).maintenance?.id === id).map((row) => row.type);
}

describe("scheduling maintenance", () => {
  it("creates a scheduled window with a Location and writes maintenance.scheduled", async () => {
    const api = await component("Scheduled API");
    const startsAt = "2030-01-01T02:00:00.000Z";
    const response = await editor.post("/v1/maintenances", {
      title: "Upgrade",
      body: "**Short** downtime.",
      startsAt,
      endsAt: "2030-01-01T03:00:00.000Z",
      componentIds: [api],
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe(`/v1/maintenances/${response.body.id}`);
    expect(response.body).toEqual({
      id: expect.any(String),
      title: "Upgrade",
      body: "**Short** downtime.",
      status: "scheduled",
      startsAt,
      endsAt: "2030-01-01T03:00:00.000Z",
      cancelledAt: null,
      componentIds: [api],
      remindBeforeMinutes: null,
      seriesId: null,
      updates: [],
    });
    expect(await eventsAbout(response.body.id)).toEqual(["maintenance.scheduled"]);
    expect((await editor.get(`/v1/maintenances/${response.body.id}`)).body).toEqual(response.body);
  });

  it("validates times, fields and components, naming each", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ startsAt: inMs(60_000), endsAt: inMs(30_000) }, "endsAt"],
      [{ startsAt: inMs(-120_000), endsAt: inMs(-60_000) }, "endsAt"],
      [{ startsAt: "tomorrow" }, "startsAt"],
      [{ componentIds: [UNKNOWN] }, "componentIds.0"],
      [{ title: "" }, "title"],
      [{ extra: true }, "extra"],
      [{ remindBeforeMinutes: 0 }, "remindBeforeMinutes"],
      [{ remindBeforeMinutes: 1.5 }, "remindBeforeMinutes"],
      [{ remindBeforeMinutes: 10_081 }, "remindBeforeMinutes"],
      [{ seriesId: UNKNOWN }, "seriesId"],
    ];
    for (const [override, field] of cases) {
      const response = await editor.post("/v1/maintenances", {
        title: "T",
        body: "B",
        startsAt: inMs(60_000),
        endsAt: inMs(120_000),
        componentIds: [],
        ...override,
      });
      expect(response.status, JSON.stringify(override)).toBe(400);
      expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const api = await component("Twice API");
    const twice = await editor.post("/v1/maintenances", {
      title: "T",
      body: "B",
      startsAt: inMs(60_000),
      endsAt: inMs(120_000),
      componentIds: [api, api],
    });
    expect(twice.body.errors[0].field).toBe("componentIds.1");
  });

  it("refuses placeholders and HTML with 422, writing nothing", async () => {
    const db = await getDb();
    const before = (await db.select().from(schema.maintenance)).length;
    for (const [body, code] of [
      ["Window for {{region}}", "unfilled_placeholder"],
      ["<p>Down</p>", "html_not_allowed"],
    ]) {
      const response = await editor.post("/v1/maintenances", {
        title: "T",
        body,
        startsAt: inMs(60_000),
        endsAt: inMs(120_000),
        componentIds: [],
      });
      expect(response.status).toBe(422);
      expect(response.body.code).toBe(code);
    }
    expect((await db.select().from(schema.maintenance)).length).toBe(before);
  });

  it("lists newest start first, paged by cursor", async () => {
    const db = await getDb();
    await db.delete(schema.maintenance);
    for (const day of [3, 1, 2]) {
      await schedule({
        title: `Day ${day}`,
        startsAt: `2031-01-0${day}T00:00:00.000Z`,
        endsAt: `2031-01-0${day}T01:00:00.000Z`,
      });
    }
    const first = await editor.get("/v1/maintenances?limit=2");
    expect(first.body.maintenances.map((m: { title: string }) => m.title)).toEqual([
      "Day 3",
      "Day 2",
    ]);
    const second = await editor.get(`/v1/maintenances?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.maintenances.map((m: { title: string }) => m.title)).toEqual(["Day 1"]);
    expect(second.body.nextCursor).toBeNull();
  });
});

describe("the window's run", () => {
  it("starts and completes on time: components under maintenance, then back", async () => {
    const api = await component("Timed API");
    const startsAt = Date.now() + 1200;
    const endsAt = startsAt + 1500;
    const window = await schedule({
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      componentIds: [api],
    });
    const started = await waitFor(window.id, "in_progress");
    expect(started - startsAt).toBeGreaterThanOrEqual(0);
    expect(started - startsAt).toBeLessThan(1000);
    expect(await statusOf(api)).toBe("under_maintenance");
    const completed = await waitFor(window.id, "completed");
    expect(completed - endsAt).toBeGreaterThanOrEqual(0);
    expect(completed - endsAt).toBeLessThan(1000);
    expect(await statusOf(api)).toBe("operational");
    expect(await eventsAbout(window.id)).toEqual([
      "maintenance.scheduled",
      "maintenance.started",
      "maintenance.completed",
    ]);
    const db = await getDb();
    const history = await db
      .select()
      .from(schema.componentStatusChange)
      .where(eq(schema.componentStatusChange.componentId, api))
      .orderBy(asc(schema.componentStatusChange.changedAt));
    expect(history.slice(1).map((h) => [h.toStatus, h.cause, h.causeId])).toEqual([
      ["under_maintenance", "maintenance", window.id],
      ["operational", "maintenance", window.id],
    ]);
  });

  it("a PUT with new times replaces the scheduled run", async () => {
    const base = Date.now();
    const window = await schedule({
      startsAt: new Date(base + 1000).toISOString(),
      endsAt: new Date(base + 2000).toISOString(),
    });
    const moved = await editor.put(`/v1/maintenances/${window.id}`, {
      ...window,
      startsAt: new Date(base + 3000).toISOString(),
      endsAt: new Date(base + 4000).toISOString(),
    });
    expect(moved.status, moved.text).toBe(200);
    await sleep(base + 2300 - Date.now());
    expect((await editor.get(`/v1/maintenances/${window.id}`)).body.status).toBe("scheduled");
    const started = await waitFor(window.id, "in_progress");
    expect(started).toBeGreaterThanOrEqual(base + 3000);
    await waitFor(window.id, "completed");
    expect(await eventsAbout(window.id)).toEqual([
      "maintenance.scheduled",
      "maintenance.scheduled",
      "maintenance.started",
      "maintenance.completed",
    ]);
  });

  it("a PUT that keeps the times announces nothing; an in-progress window cannot move its start", async () => {
    const api = await component("Extended API");
    const start = Date.now() + 300;
    const window = await schedule({
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 60_000).toISOString(),
      componentIds: [api],
    });
    const renamed = await editor.put(`/v1/maintenances/${window.id}`, {
      ...window,
      title: "Renamed",
    });
    expect(renamed.body.title).toBe("Renamed");
    await waitFor(window.id, "in_progress");
    const moveStart = await editor.put(`/v1/maintenances/${window.id}`, {
      ...window,
      startsAt: new Date(start + 5000).toISOString(),
    });
    expect(moveStart.status).toBe(409);
    expect(moveStart.body.code).toBe("illegal_transition");
    // Shortening an in-progress window is fine: it completes at the new end.
    const shortened = await editor.put(`/v1/maintenances/${window.id}`, {
      ...window,
      endsAt: new Date(Date.now() + 800).toISOString(),
    });
    expect(shortened.status).toBe(200);
    await waitFor(window.id, "completed");
    expect(await statusOf(api)).toBe("operational");
    expect(await eventsAbout(window.id)).toEqual([
      "maintenance.scheduled",
      "maintenance.started",
      "maintenance.scheduled",
      "maintenance.completed",
    ]);
  });

  it("cancels a scheduled window, which then never starts, and refuses changes after", async () => {
    const window = await schedule({ startsAt: inMs(700), endsAt: inMs(1400) });
    const cancelled = await editor.post(`/v1/maintenances/${window.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    expect(Date.now() - Date.parse(cancelled.body.cancelledAt)).toBeLessThan(5000);
    await sleep(1600);
    expect((await editor.get(`/v1/maintenances/${window.id}`)).body.status).toBe("cancelled");
    expect((await editor.post(`/v1/maintenances/${window.id}/cancel`)).status).toBe(409);
    const put = await editor.put(`/v1/maintenances/${window.id}`, {
      ...window,
      endsAt: inMs(60_000),
    });
    expect(put.status).toBe(409);
    expect(put.body.code).toBe("illegal_transition");
    expect(await eventsAbout(window.id)).toEqual([
      "maintenance.scheduled",
      "maintenance.cancelled",
    ]);
  });

  it("cancelling an in-progress window returns its components; a completed window is closed", async () => {
    const api = await component("Cancelled API");
    const window = await schedule({
      startsAt: inMs(200),
      endsAt: inMs(60_000),
      componentIds: [api],
    });
    await waitFor(window.id, "in_progress");
    expect(await statusOf(api)).toBe("under_maintenance");
    await editor.post(`/v1/maintenances/${window.id}/cancel`);
    expect(await statusOf(api)).toBe("operational");

    const short = await schedule({ startsAt: inMs(100), endsAt: inMs(500) });
    await waitFor(short.id, "completed");
    expect((await editor.post(`/v1/maintenances/${short.id}/cancel`)).status).toBe(409);
    expect(
      (await editor.put(`/v1/maintenances/${short.id}`, { ...short, endsAt: inMs(60_000) })).status,
    ).toBe(409);
    expect((await editor.post(`/v1/maintenances/${UNKNOWN}/cancel`)).status).toBe(404);
  });

  it("maintenance and incidents hold a component together", async () => {
    const api = await component("Held API");
    const window = await schedule({ startsAt: inMs(100), endsAt: inMs(1500), componentIds: [api] });
    await waitFor(window.id, "in_progress");
    const incident = await editor.post("/v1/incidents", {
      title: "Errors during the upgrade",
      impact: "major",
      body: "Investigating.",
      visibility: "published",
      components: [{ componentId: api, status: "partial_outage" }],
    });
    expect(await statusOf(api)).toBe("partial_outage");
    await editor.post(`/v1/incidents/${incident.body.id}/updates`, {
      status: "resolved",
      body: "Fixed.",
    });
    // The window still holds it.
    expect(await statusOf(api)).toBe("under_maintenance");
    await waitFor(window.id, "completed");
    expect(await statusOf(api)).toBe("operational");
  });
});

describe("catching up", () => {
  it("a window whose start and end passed while nothing ran completes right after the runner starts", async () => {
    await runner?.stop();
    const api = await component("Missed API");
    const window = await schedule({ startsAt: inMs(200), endsAt: inMs(600), componentIds: [api] });
    await sleep(900);
    expect((await editor.get(`/v1/maintenances/${window.id}`)).body.status).toBe("scheduled");
    const restartedAt = Date.now();
    runner = startEmbeddedRunner();
    const completed = await waitFor(window.id, "completed");
    expect(completed - restartedAt).toBeLessThan(1000);
    expect(await statusOf(api)).toBe("operational");
    expect(await eventsAbout(window.id)).toEqual([
      "maintenance.scheduled",
      "maintenance.started",
      "maintenance.completed",
    ]);
  });
});

describe("ending early and progress notes", () => {
  it("completes an in-progress window now: components return and the scheduled end does nothing", async () => {
    const api = await component("Early API");
    const window = await schedule({ startsAt: inMs(300), endsAt: inMs(3000), componentIds: [api] });
    await waitFor(window.id, "in_progress");
    expect(await statusOf(api)).toBe("under_maintenance");
    const completed = await editor.post(`/v1/maintenances/${window.id}/complete`);
    expect(completed.status, completed.text).toBe(200);
    expect(completed.body.status).toBe("completed");
    expect(Date.parse(completed.body.endsAt)).toBeLessThanOrEqual(Date.now());
    expect(await statusOf(api)).toBe("operational");
    const again = await editor.post(`/v1/maintenances/${window.id}/complete`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("illegal_transition");
    const scheduled = await schedule({});
    expect((await editor.post(`/v1/maintenances/${scheduled.id}/complete`)).status).toBe(409);
    expect((await editor.post(`/v1/maintenances/${UNKNOWN}/complete`)).status).toBe(404);
    expect(await eventsAbout(window.id)).toEqual([
      "maintenance.scheduled",
      "maintenance.started",
      "maintenance.completed",
    ]);
  });

  it("posts progress notes: listed newest first, public, sent as maintenance.updated; closed windows refuse", async () => {
    const window = await schedule({});
    const first = await editor.post(`/v1/maintenances/${window.id}/updates`, {
      body: "Backups are **done**.",
    });
    expect(first.status, first.text).toBe(201);
    const second = await editor.post(`/v1/maintenances/${window.id}/updates`, {
      body: "Starting on time.",
    });
    expect(second.body.updates.map((u: { body: string }) => u.body)).toEqual([
      "Starting on time.",
      "Backups are **done**.",
    ]);
    expect(second.body.updates[0]).toMatchObject({
      status: "scheduled",
      author: { userId: expect.any(String), name: "A editor" },
    });
    const page = await new TestClient().get(`/maintenance/${window.id}`);
    expect(page.text).toContain("<strong>done</strong>");
    const summary = await new TestClient().get("/api/v2/scheduled-maintenances.json");
    const listed = summary.body.scheduled_maintenances.find(
      (m: { id: string }) => m.id === window.id,
    );
    expect(listed.incident_updates.map((u: { body: string }) => u.body)).toContain(
      "Starting on time.",
    );
    expect(await eventsAbout(window.id)).toEqual([
      "maintenance.scheduled",
      "maintenance.updated",
      "maintenance.updated",
    ]);
    const db = await getDb();
    const [latest] = await db
      .select({ data: schema.outboxEvent.data })
      .from(schema.outboxEvent)
      .where(eq(schema.outboxEvent.type, "maintenance.updated"))
      .orderBy(desc(schema.outboxEvent.occurredAt), desc(schema.outboxEvent.id))
      .limit(1);
    const payload = latest!.data as { maintenance: { updates: { body: string }[] } };
    expect(payload.maintenance.updates[0]!.body).toBe("Starting on time.");
    expect(
      (await editor.post(`/v1/maintenances/${window.id}/updates`, { body: "{{eta}}" })).status,
    ).toBe(422);
    await editor.post(`/v1/maintenances/${window.id}/cancel`);
    const closed = await editor.post(`/v1/maintenances/${window.id}/updates`, { body: "Late." });
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe("illegal_transition");
  });
});
