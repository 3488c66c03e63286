import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { startEmbeddedRunner, type Runner } from "@/lib/runner/runner";
import { PUBLIC_CACHE_CONTROL } from "@/lib/public/respond";
import { STATUSPAGE_FILES, type StatuspageFile } from "@/lib/public/statuspage";
import { setUpOwner, TestClient, type TestResponse } from "@/lib/testing/client";

let editor: TestClient;
let runner: Runner;
const visitor = new TestClient();
const ids: Record<string, string> = {};
const FILES = Object.keys(STATUSPAGE_FILES) as StatuspageFile[];

async function create(path: string, body: unknown): Promise<{ id: string } & Record<string, any>> {
  const response = await editor.post(path, body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

async function file(name: StatuspageFile): Promise<TestResponse> {
  const response = await visitor.get(`/api/v2/${name}`);
  expect(response.status, response.text).toBe(200);
  // Exactly Statuspage's shape: every key, no other, nulls where Statuspage has them.
  const parsed = (STATUSPAGE_FILES[name] as z.ZodType).safeParse(response.body);
  expect(parsed.success ? [] : parsed.error.issues, name).toEqual([]);
  expect(Object.keys(response.body)[0]).toBe("page");
  return response;
}

async function maintenanceStatus(id: string) {
  return (await editor.get(`/v1/maintenances/${id}`)).body.status as string;
}

beforeAll(async () => {
  ({ client: editor } = await setUpOwner());
  runner = startEmbeddedRunner();
  ids.web = (await create("/v1/components", { name: "Web", description: "The website" })).id;
  ids.search = (await create("/v1/components", { name: "Search" })).id;
  ids.core = (await create("/v1/component-groups", { name: "Core" })).id;
  ids.api = (await create("/v1/components", { name: "API", groupId: ids.core })).id;
  ids.db = (await create("/v1/components", { name: "Database", groupId: ids.core })).id;

  ids.resolved = (
    await create("/v1/incidents", {
      title: "Search was slow",
      impact: "minor",
      body: "Looking into it.",
      visibility: "published",
      components: [{ componentId: ids.search, status: "degraded_performance" }],
    })
  ).id;
  await editor.post(`/v1/incidents/${ids.resolved}/updates`, {
    status: "resolved",
    body: "All good.",
  });
  ids.open = (
    await create("/v1/incidents", {
      title: "API errors",
      impact: "major",
      body: "We see **errors**.",
      visibility: "published",
      components: [{ componentId: ids.api, status: "major_outage" }],
    })
  ).id;
  await editor.post(`/v1/incidents/${ids.open}/updates`, {
    status: "monitoring",
    body: "A fix is out.",
    components: [
      { componentId: ids.api, status: "partial_outage" },
      { componentId: ids.db, status: "degraded_performance" },
    ],
  });
  ids.draft = (
    await create("/v1/incidents", {
      title: "Draft nobody may see",
      impact: "critical",
      body: "Secret.",
      components: [{ componentId: ids.web, status: "major_outage" }],
    })
  ).id;
  ids.upcoming = (
    await create("/v1/maintenances", {
      title: "Database upgrade",
      body: "Read-only for a while.",
      startsAt: soon(86_400_000),
      endsAt: soon(90_000_000),
      componentIds: [ids.db],
    })
  ).id;
  ids.cancelled = (
    await create("/v1/maintenances", {
      title: "Cancelled window",
      body: "",
      startsAt: soon(86_400_000),
      endsAt: soon(90_000_000),
      componentIds: [],
    })
  ).id;
  expect((await editor.post(`/v1/maintenances/${ids.cancelled}/cancel`)).status).toBe(200);
  ids.active = (
    await create("/v1/maintenances", {
      title: "Search reindex",
      body: "Search may be slow.",
      startsAt: soon(300),
      endsAt: soon(3_600_000),
      componentIds: [ids.search],
    })
  ).id;
  ids.completed = (
    await create("/v1/maintenances", {
      title: "Network change",
      body: "",
      startsAt: soon(300),
      endsAt: soon(900),
      componentIds: [ids.web],
    })
  ).id;
  for (const [id, status] of [
    [ids.active!, "in_progress"],
    [ids.completed!, "completed"],
  ] as const) {
    const deadline = Date.now() + 5000;
    while ((await maintenanceStatus(id)) !== status) {
      if (Date.now() > deadline) throw new Error(`maintenance ${id} did not become ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
});

afterAll(() => runner.stop());

describe("/api/v2, Statuspage's public files", () => {
  it("answers every file in exactly Statuspage's shape, and never shows a draft or a cancelled window", async () => {
    for (const name of FILES) {
      const response = await file(name);
      expect(response.text, name).not.toContain(ids.draft);
      expect(response.text, name).not.toContain("Draft nobody may see");
      expect(response.text, name).not.toContain(ids.cancelled);
    }
  });

  it("describes the page", async () => {
    const { body } = await file("status.json");
    expect(body.page).toEqual({
      id: expect.any(String),
      name: "Acme",
      url: "http://localhost:3000",
      time_zone: "Etc/UTC",
      // As Statuspage writes times: in the page's zone, with milliseconds and the offset.
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/),
    });
  });

  it("lists components in page order, groups as components with their children, positions from 1", async () => {
    const { components } = (await file("components.json")).body;
    expect(components.map((c: any) => [c.name, c.position, c.group])).toEqual([
      ["Web", 1, false],
      ["Search", 2, false],
      ["Core", 3, true],
      ["API", 1, false],
      ["Database", 2, false],
    ]);
    const byName = Object.fromEntries(components.map((c: any) => [c.name, c]));
    expect(byName.Core).toMatchObject({
      id: ids.core,
      group_id: null,
      components: [ids.api, ids.db],
      // The worst of its children.
      status: "partial_outage",
      description: null,
    });
    expect(byName.API).toMatchObject({ group_id: ids.core, status: "partial_outage" });
    expect(byName.Web).toMatchObject({
      description: "The website",
      showcase: true,
      only_show_if_degraded: false,
      start_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
    expect(byName.Search.description).toBeNull();
    expect(byName.Search.status).toBe("under_maintenance");
    expect("components" in byName.Web).toBe(false);
  });

  it("gives incidents with their updates newest first and the components they changed", async () => {
    const { incidents } = (await file("incidents.json")).body;
    expect(incidents.map((i: any) => i.name)).toEqual(["API errors", "Search was slow"]);
    const [open, resolved] = incidents;
    expect(open).toMatchObject({
      id: ids.open,
      status: "monitoring",
      impact: "major",
      resolved_at: null,
      monitoring_at: open.incident_updates[0].created_at,
      shortlink: `http://localhost:3000/incidents/${ids.open}`,
    });
    expect(open.components.map((c: any) => c.name)).toEqual(["API", "Database"]);
    expect(open.incident_updates.map((u: any) => u.status)).toEqual([
      "monitoring",
      "investigating",
    ]);
    expect(open.incident_updates[0].affected_components).toEqual([
      { code: ids.api, name: "API", old_status: "major_outage", new_status: "partial_outage" },
      {
        code: ids.db,
        name: "Database",
        old_status: "operational",
        new_status: "degraded_performance",
      },
    ]);
    expect(open.incident_updates[1].affected_components).toEqual([
      { code: ids.api, name: "API", old_status: "operational", new_status: "major_outage" },
    ]);
    expect(open.incident_updates[0]).toMatchObject({
      incident_id: ids.open,
      body: "A fix is out.",
      deliver_notifications: true,
      custom_tweet: null,
      tweet_id: null,
    });
    expect(resolved.resolved_at).toEqual(expect.any(String));
    expect(resolved.incident_updates[0].affected_components).toEqual([
      {
        code: ids.search,
        name: "Search",
        old_status: "degraded_performance",
        new_status: "operational",
      },
    ]);
    const unresolved = (await file("incidents/unresolved.json")).body.incidents;
    expect(unresolved.map((i: any) => i.id)).toEqual([ids.open]);
  });

  it("gives maintenance windows by their state, each with its timeline", async () => {
    const all = (await file("scheduled-maintenances.json")).body.scheduled_maintenances;
    // Latest start first.
    expect(all.map((m: any) => [m.name, m.status])).toEqual([
      ["Database upgrade", "scheduled"],
      ["Network change", "completed"],
      ["Search reindex", "in_progress"],
    ]);
    const upcoming = (await file("scheduled-maintenances/upcoming.json")).body;
    expect(upcoming.scheduled_maintenances.map((m: any) => m.id)).toEqual([ids.upcoming]);
    const active = (await file("scheduled-maintenances/active.json")).body;
    expect(active.scheduled_maintenances.map((m: any) => m.id)).toEqual([ids.active]);
    const [reindex] = active.scheduled_maintenances;
    expect(reindex).toMatchObject({
      impact: "maintenance",
      monitoring_at: null,
      resolved_at: null,
      shortlink: `http://localhost:3000/maintenance/${ids.active}`,
    });
    expect(reindex.incident_updates.map((u: any) => u.status)).toEqual([
      "in_progress",
      "scheduled",
    ]);
    expect(reindex.incident_updates[0].affected_components).toEqual([
      {
        code: ids.search,
        name: "Search",
        old_status: "operational",
        new_status: "under_maintenance",
      },
    ]);
    expect(reindex.incident_updates[1].body).toBe("Search may be slow.");
    const completed = all.find((m: any) => m.id === ids.completed);
    expect(completed.resolved_at).toEqual(completed.incident_updates[0].created_at);
    expect(completed.incident_updates.map((u: any) => u.status)).toEqual([
      "completed",
      "in_progress",
      "scheduled",
    ]);
  });

  it("sums it up: components, unresolved incidents, current windows and the indicator", async () => {
    const summary = (await file("summary.json")).body;
    expect(summary.incidents.map((i: any) => i.id)).toEqual([ids.open]);
    expect(summary.scheduled_maintenances.map((m: any) => m.id)).toEqual([
      ids.active,
      ids.upcoming,
    ]);
    expect(summary.status).toEqual({ indicator: "major", description: "Major Service Outage" });
    expect(summary.components).toEqual((await file("components.json")).body.components);
  });

  it("keeps the 50 latest incidents", async () => {
    for (let i = 0; i < 50; i++) {
      await create("/v1/incidents", {
        title: `Blip ${i}`,
        impact: "none",
        body: "Over.",
        status: "resolved",
        visibility: "published",
        startedAt: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
      });
    }
    const { incidents } = (await file("incidents.json")).body;
    expect(incidents).toHaveLength(50);
    expect(incidents[0].id).toBe(ids.open);
    expect(incidents.map((i: any) => i.name)).not.toContain("Blip 49");
    const started = incidents.map((i: any) => Date.parse(i.started_at));
    expect([...started].sort((a, b) => b - a)).toEqual(started);
  });

  it("answers HEAD, revalidates with its ETag, lets any site read it, and says how to cache", async () => {
    const full = await visitor.get("/api/v2/summary.json");
    expect(full.headers.get("access-control-allow-origin")).toBe("*");
    expect(full.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(full.headers.get("content-type")).toBe("application/json");
    const etag = full.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const head = await visitor.call("HEAD", "/api/v2/summary.json");
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers.get("etag")).toBe(etag);
    const again = await visitor.get("/api/v2/summary.json", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("access-control-allow-origin")).toBe("*");
    const preflight = await visitor.call("OPTIONS", "/api/v2/summary.json", {
      headers: { origin: "https://elsewhere.example", "access-control-request-method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    // A change gives a new ETag.
    await create("/v1/components", { name: "Status check" });
    const changed = await visitor.get("/api/v2/summary.json", {
      headers: { "if-none-match": etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("answers 404 for a file Statuspage does not have", async () => {
    const response = await visitor.get("/api/v2/pages.json");
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("not_found");
  });

  it.each([
    "constructor",
    "__proto__",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "isPrototypeOf",
    "__defineGetter__",
    "incidents/constructor",
  ])(
    "answers %s, a name every object inherits, as the file it is not: 404, logging nothing",
    async (name) => {
      const logged = [vi.spyOn(console, "error"), vi.spyOn(console, "warn")];
      try {
        const response = await visitor.get(`/api/v2/${name}`);
        expect(response.status).toBe(404);
        expect(response.headers.get("content-type")).toBe("application/json");
        expect(response.body.code).toBe("not_found");
        for (const spy of logged) expect(spy).not.toHaveBeenCalled();
      } finally {
        for (const spy of logged) spy.mockRestore();
      }
    },
  );
});
