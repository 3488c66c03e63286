import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import { memberWithRole, setUpOwner, TestClient } from "@/lib/testing/client";

let editor: TestClient;
let workspaceId: string;
const UNKNOWN = "019a0000-0000-7000-8000-000000000002";

beforeAll(async () => {
  const setup = await setUpOwner();
  workspaceId = setup.workspaceId;
  ({ client: editor } = await memberWithRole(setup.client, "editor"));
});

async function component(name: string) {
  const response = await editor.post("/v1/components", { name });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

async function statusOf(id: string) {
  const { components } = (await editor.get("/v1/components")).body;
  return components.find((c: { id: string }) => c.id === id).status;
}

async function outbox() {
  const db = await getDb();
  return db
    .select()
    .from(schema.outboxEvent)
    .orderBy(asc(schema.outboxEvent.occurredAt), asc(schema.outboxEvent.id));
}

/** Runs `action` and answers the types of the outbox events it wrote. */
async function eventsOf(action: () => Promise<unknown>) {
  const before = (await outbox()).length;
  await action();
  return (await outbox()).slice(before);
}

async function declare(body: Record<string, unknown>) {
  const response = await editor.post("/v1/incidents", {
    title: "API errors",
    impact: "minor",
    body: "Looking into it.",
    ...body,
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

describe("declaring incidents", () => {
  it("creates a draft by default: first update from the body, no effect, no event", async () => {
    const api = await component("Draft API");
    const events = await eventsOf(async () => {
      const response = await editor.post("/v1/incidents", {
        title: "API errors",
        impact: "minor",
        body: "We are looking into it.",
        components: [{ componentId: api, status: "major_outage" }],
      });
      expect(response.status).toBe(201);
      expect(response.headers.get("location")).toBe(`/v1/incidents/${response.body.id}`);
      expect(response.body).toMatchObject({
        title: "API errors",
        status: "investigating",
        impact: "minor",
        visibility: "draft",
        source: "manual",
        resolvedAt: null,
        components: [{ componentId: api, status: "major_outage" }],
        updates: [{ status: "investigating", body: "We are looking into it." }],
      });
      expect(Date.now() - Date.parse(response.body.startedAt)).toBeLessThan(10_000);
    });
    expect(events).toEqual([]);
    expect(await statusOf(api)).toBe("operational");
  });

  it("publishes at once when asked: components move and incident.created is written", async () => {
    const api = await component("Published API");
    const web = await component("Published Web");
    const events = await eventsOf(async () => {
      const incident = await declare({
        visibility: "published",
        status: "identified",
        impact: "major",
        startedAt: "2026-11-21T10:00:00.000Z",
        components: [
          { componentId: api, status: "major_outage" },
          { componentId: web, status: "degraded_performance" },
        ],
      });
      expect(incident.startedAt).toBe("2026-11-21T10:00:00.000Z");
    });
    expect(await statusOf(api)).toBe("major_outage");
    expect(await statusOf(web)).toBe("degraded_performance");
    expect(events.map((e) => e.type)).toEqual(["incident.created"]);
    const data = events[0]!.data as any;
    expect(data).toMatchObject({
      workspace: { id: workspaceId, name: "Acme" },
      incident: {
        title: "API errors",
        status: "identified",
        visibility: "published",
        updates: [{ body: "Looking into it." }],
      },
      url: `http://localhost:3000/incidents/${data.incident.id}`,
    });
    expect(data.occurredAt).toBe(events[0]!.occurredAt.toISOString());
    const db = await getDb();
    const history = await db
      .select()
      .from(schema.componentStatusChange)
      .where(eq(schema.componentStatusChange.componentId, api))
      .orderBy(asc(schema.componentStatusChange.changedAt));
    expect(history.at(-1)).toMatchObject({
      toStatus: "major_outage",
      cause: "incident",
      causeId: data.incident.id,
    });
  });

  it("validates, naming fields, and refuses unknown or repeated components", async () => {
    const api = await component("Validated API");
    const bad = await editor.post("/v1/incidents", { title: "", impact: "huge", body: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "body",
      "impact",
      "title",
    ]);
    const unknown = await editor.post("/v1/incidents", {
      title: "X",
      impact: "none",
      body: "Y",
      components: [
        { componentId: api, status: "major_outage" },
        { componentId: UNKNOWN, status: "major_outage" },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { field: "components.1.componentId", message: expect.any(String) },
    ]);
    const twice = await editor.post("/v1/incidents", {
      title: "X",
      impact: "none",
      body: "Y",
      components: [
        { componentId: api, status: "major_outage" },
        { componentId: api, status: "partial_outage" },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0].field).toBe("components.1.componentId");
  });

  it("refuses unfilled placeholders and HTML with 422, writing nothing", async () => {
    const db = await getDb();
    const count = async () => (await db.select().from(schema.incident)).length;
    const before = await count();
    const events = await eventsOf(async () => {
      const placeholder = await editor.post("/v1/incidents", {
        title: "{{service}} is down",
        impact: "major",
        body: "x",
        visibility: "published",
      });
      expect(placeholder.status).toBe(422);
      expect(placeholder.body.code).toBe("unfilled_placeholder");
      const html = await editor.post("/v1/incidents", {
        title: "Down",
        impact: "major",
        body: "<script>alert(1)</script>",
        visibility: "published",
      });
      expect(html.status).toBe(422);
      expect(html.body.code).toBe("html_not_allowed");
    });
    expect(events).toEqual([]);
    expect(await count()).toBe(before);
  });
});

describe("updates and the status machine", () => {
  it("moves freely among open statuses, resolves, and is closed after", async () => {
    const incident = await declare({ visibility: "published" });
    for (const status of ["identified", "monitoring", "investigating", "monitoring"]) {
      const response = await editor.post(`/v1/incidents/${incident.id}/updates`, {
        status,
        body: `Now ${status}.`,
      });
      expect(response.status).toBe(201);
      expect(response.body.status).toBe(status);
      expect(response.body.updates[0]).toMatchObject({ status, body: `Now ${status}.` });
    }
    const resolved = await editor.post(`/v1/incidents/${incident.id}/updates`, {
      status: "resolved",
      body: "Fixed.",
    });
    expect(resolved.body.status).toBe("resolved");
    expect(Date.now() - Date.parse(resolved.body.resolvedAt)).toBeLessThan(10_000);
    expect(resolved.body.updates.map((u: { status: string }) => u.status)).toEqual([
      "resolved",
      "monitoring",
      "investigating",
      "monitoring",
      "identified",
      "investigating",
    ]);
    const events = await eventsOf(async () => {
      const closed = await editor.post(`/v1/incidents/${incident.id}/updates`, {
        status: "monitoring",
        body: "Again?",
      });
      expect(closed.status).toBe(409);
      expect(closed.body.code).toBe("illegal_transition");
      const again = await editor.post(`/v1/incidents/${incident.id}/updates`, {
        status: "resolved",
        body: "Again.",
      });
      expect(again.status).toBe(409);
    });
    expect(events).toEqual([]);
    expect((await editor.get(`/v1/incidents/${incident.id}`)).body.updates).toHaveLength(6);
  });

  it("changes impact and components only when sent", async () => {
    const api = await component("Partial API");
    const db = await component("Partial DB");
    const incident = await declare({
      visibility: "published",
      impact: "minor",
      components: [{ componentId: api, status: "partial_outage" }],
    });
    const plain = await editor.post(`/v1/incidents/${incident.id}/updates`, {
      status: "identified",
      body: "Found it.",
    });
    expect(plain.body.impact).toBe("minor");
    expect(plain.body.components).toEqual([{ componentId: api, status: "partial_outage" }]);

    const replaced = await editor.post(`/v1/incidents/${incident.id}/updates`, {
      status: "identified",
      body: "Database too.",
      impact: "major",
      components: [{ componentId: db, status: "major_outage" }],
    });
    expect(replaced.body.impact).toBe("major");
    expect(replaced.body.components).toEqual([{ componentId: db, status: "major_outage" }]);
    expect(await statusOf(db)).toBe("major_outage");
    // Dropped from the incident and held by nothing else: back to operational.
    expect(await statusOf(api)).toBe("operational");
  });

  it("resolving returns components to operational unless another open published incident holds them", async () => {
    const api = await component("Shared API");
    const first = await declare({
      visibility: "published",
      components: [{ componentId: api, status: "degraded_performance" }],
    });
    const second = await declare({
      visibility: "published",
      components: [{ componentId: api, status: "major_outage" }],
    });
    const draft = await declare({ components: [{ componentId: api, status: "partial_outage" }] });
    // The most severe holder wins.
    expect(await statusOf(api)).toBe("major_outage");
    await editor.post(`/v1/incidents/${second.id}/updates`, { status: "resolved", body: "Done." });
    expect(await statusOf(api)).toBe("degraded_performance");
    await editor.post(`/v1/incidents/${first.id}/updates`, { status: "resolved", body: "Done." });
    // The draft holds nothing.
    expect(await statusOf(api)).toBe("operational");
    expect(draft.visibility).toBe("draft");
  });

  it("writes incident.updated and incident.resolved for published incidents, nothing for drafts", async () => {
    const published = await declare({ visibility: "published" });
    const draft = await declare({});
    const events = await eventsOf(async () => {
      await editor.post(`/v1/incidents/${draft.id}/updates`, {
        status: "identified",
        body: "Draft note.",
      });
      await editor.post(`/v1/incidents/${published.id}/updates`, {
        status: "identified",
        body: "Found.",
      });
      await editor.post(`/v1/incidents/${published.id}/updates`, {
        status: "resolved",
        body: "Fixed.",
      });
    });
    expect(events.map((e) => [e.type, (e.data as any).incident.id])).toEqual([
      ["incident.updated", published.id],
      ["incident.resolved", published.id],
    ]);
    const resolvedPayload = events[1]!.data as any;
    expect(resolvedPayload.incident.updates).toEqual([
      expect.objectContaining({ status: "resolved", body: "Fixed." }),
    ]);
  });

  it("answers 404 for an unknown incident and 422 for a body with HTML", async () => {
    expect(
      (await editor.post(`/v1/incidents/${UNKNOWN}/updates`, { status: "identified", body: "x" }))
        .status,
    ).toBe(404);
    expect((await editor.get(`/v1/incidents/${UNKNOWN}`)).status).toBe(404);
    const incident = await declare({});
    const html = await editor.post(`/v1/incidents/${incident.id}/updates`, {
      status: "identified",
      body: "<i>x</i>",
    });
    expect(html.status).toBe(422);
    expect((await editor.get(`/v1/incidents/${incident.id}`)).body.updates).toHaveLength(1);
  });
});

describe("PATCH /v1/incidents/{id}", () => {
  it("publishes a draft once: components move and incident.created is written", async () => {
    const api = await component("Publish API");
    const draft = await declare({ components: [{ componentId: api, status: "partial_outage" }] });
    const events = await eventsOf(async () => {
      const published = await editor.patch(`/v1/incidents/${draft.id}`, {
        visibility: "published",
      });
      expect(published.status).toBe(200);
      expect(published.body.visibility).toBe("published");
      const again = await editor.patch(`/v1/incidents/${draft.id}`, { visibility: "published" });
      expect(again.status).toBe(200);
    });
    expect(events.map((e) => e.type)).toEqual(["incident.created"]);
    expect(await statusOf(api)).toBe("partial_outage");
    const back = await editor.patch(`/v1/incidents/${draft.id}`, { visibility: "draft" });
    expect(back.status).toBe(409);
    expect(back.body.code).toBe("illegal_transition");
  });

  it("renames, accepts read-only fields back, and refuses a placeholder title", async () => {
    const incident = await declare({ visibility: "published" });
    const events = await eventsOf(async () => {
      const renamed = await editor.patch(`/v1/incidents/${incident.id}`, {
        ...incident,
        title: "Elevated API errors",
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body.title).toBe("Elevated API errors");
      expect((await editor.patch(`/v1/incidents/${incident.id}`, {})).status).toBe(200);
    });
    expect(events.map((e) => e.type)).toEqual(["incident.updated"]);
    const placeholder = await editor.patch(`/v1/incidents/${incident.id}`, { title: "{{x}}" });
    expect(placeholder.status).toBe(422);
  });
});

describe("GET /v1/incidents", () => {
  it("lists open or resolved incidents newest first, without updates, paged by cursor", async () => {
    const db = await getDb();
    await db.delete(schema.incident);
    const created = [];
    for (let day = 1; day <= 5; day++) {
      created.push(
        await declare({ title: `Incident ${day}`, startedAt: `2026-11-0${day}T12:00:00.000Z` }),
      );
    }
    await editor.post(`/v1/incidents/${created[1].id}/updates`, {
      status: "resolved",
      body: "Done.",
    });

    const open = await editor.get("/v1/incidents");
    expect(open.status).toBe(200);
    expect(open.body.incidents.map((i: { title: string }) => i.title)).toEqual([
      "Incident 5",
      "Incident 4",
      "Incident 3",
      "Incident 1",
    ]);
    expect(open.body.incidents[0].updates).toBeUndefined();
    expect(open.body.nextCursor).toBeNull();

    const first = await editor.get("/v1/incidents?state=open&limit=2");
    expect(first.body.incidents.map((i: { title: string }) => i.title)).toEqual([
      "Incident 5",
      "Incident 4",
    ]);
    const second = await editor.get(`/v1/incidents?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.incidents.map((i: { title: string }) => i.title)).toEqual([
      "Incident 3",
      "Incident 1",
    ]);
    expect(second.body.nextCursor).toBeNull();

    const resolved = await editor.get("/v1/incidents?state=resolved");
    expect(resolved.body.incidents.map((i: { title: string }) => i.title)).toEqual(["Incident 2"]);

    for (const query of ["state=closed", "limit=0", "limit=201", "cursor=garbage"]) {
      const response = await editor.get(`/v1/incidents?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe("validation_failed");
    }
  });
});

describe("deleting drafts and correcting updates", () => {
  it("deletes a draft (204, then 404) and refuses to delete a published incident", async () => {
    const draft = await declare({});
    expect((await editor.delete(`/v1/incidents/${draft.id}`)).status).toBe(204);
    expect((await editor.get(`/v1/incidents/${draft.id}`)).status).toBe(404);
    expect((await editor.delete(`/v1/incidents/${draft.id}`)).status).toBe(404);
    const published = await declare({ visibility: "published" });
    const refused = await editor.delete(`/v1/incidents/${published.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("illegal_transition");
    expect((await editor.get(`/v1/incidents/${published.id}`)).status).toBe(200);
  });

  it("corrects an update's body, marks it edited, names its author, and notifies nobody", async () => {
    const incident = await declare({ visibility: "published", body: "Lookign into it." });
    const [first] = incident.updates;
    expect(first.editedAt).toBeNull();
    expect(first.author).toEqual({ userId: expect.any(String), name: "A editor" });
    const events = await eventsOf(async () => {
      const edited = await editor.patch(`/v1/incidents/${incident.id}/updates/${first.id}`, {
        body: "Looking into it.",
        id: first.id,
        status: "resolved",
        createdAt: first.createdAt,
      });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.body.updates[0]).toMatchObject({
        id: first.id,
        body: "Looking into it.",
        status: "investigating",
        createdAt: first.createdAt,
        editedAt: expect.stringMatching(/Z$/),
      });
    });
    expect(events).toEqual([]);
    const page = await new TestClient().get(`/incidents/${incident.id}`);
    expect(page.text).toContain("Looking into it.");
    expect(page.text).toContain("(edited)");

    const placeholder = await editor.patch(`/v1/incidents/${incident.id}/updates/${first.id}`, {
      body: "Fixed at {{time}}",
    });
    expect(placeholder.status).toBe(422);
    const unknown = await editor.patch(`/v1/incidents/${incident.id}/updates/${UNKNOWN}`, {
      body: "x",
    });
    expect(unknown.status).toBe(404);
    const other = await declare({});
    const elsewhere = await editor.patch(`/v1/incidents/${other.id}/updates/${first.id}`, {
      body: "x",
    });
    expect(elsewhere.status).toBe(404);
  });
});
