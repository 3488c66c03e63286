import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import { transactionChangingData } from "@/lib/changes/changes";
import { memberWithRole, setUpOwner, TestClient } from "@/lib/testing/client";

let editor: TestClient;
let editorId: string;
let workspaceId: string;
const UNKNOWN = "019a0000-0000-7000-8000-000000000001";

beforeAll(async () => {
  const { client: owner, workspaceId: created } = await setUpOwner();
  workspaceId = created;
  ({ client: editor, userId: editorId } = await memberWithRole(owner, "editor"));
});

// Each test starts from an empty page.
beforeEach(async () => {
  await transactionChangingData(workspaceId, async (tx) => {
    await tx.delete(schema.component);
    await tx.delete(schema.componentGroup);
  });
});

async function create(body: Record<string, unknown>) {
  const response = await editor.post("/v1/components", body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function createGroup(name: string) {
  const response = await editor.post("/v1/component-groups", { name });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function page() {
  const response = await editor.get("/v1/components");
  expect(response.status).toBe(200);
  return response.body as { groups: any[]; components: any[] };
}

async function positions() {
  const db = await getDb();
  const rows = await db
    .select({ position: schema.component.position })
    .from(schema.component)
    .orderBy(asc(schema.component.position));
  return rows.map((row) => row.position);
}

describe("components", () => {
  it("creates with defaults at the end of the order, with a Location", async () => {
    const response = await editor.post("/v1/components", { name: "API" });
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe(`/v1/components/${response.body.id}`);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      groupId: null,
      name: "API",
      description: "",
      position: 0,
      status: "operational",
    });
    const second = await create({
      name: "Website",
      description: "The marketing site",
      status: "degraded_performance",
    });
    expect(second).toMatchObject({
      position: 1,
      status: "degraded_performance",
      description: "The marketing site",
    });
  });

  it("validates the body, naming each field", async () => {
    const response = await editor.post("/v1/components", {
      name: "",
      description: "x".repeat(2001),
      status: "sideways",
      groupId: "not-a-uuid",
      color: "red",
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "color",
      "description",
      "groupId",
      "name",
      "status",
    ]);
    expect((await editor.post("/v1/components", { name: "x".repeat(201) })).status).toBe(400);
    expect((await page()).components).toEqual([]);
  });

  it("refuses an unknown groupId with 400 naming the field", async () => {
    const response = await editor.post("/v1/components", { name: "API", groupId: UNKNOWN });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: "groupId", message: expect.any(String) }]);
    const api = await create({ name: "API" });
    const patch = await editor.patch(`/v1/components/${api.id}`, { groupId: UNKNOWN });
    expect(patch.status).toBe(400);
    expect(patch.body.errors[0].field).toBe("groupId");
  });

  it("lists ungrouped components first, then each group in group order, by position inside", async () => {
    const core = await createGroup("Core");
    const edge = await createGroup("Edge");
    const cdn = await create({ name: "CDN", groupId: edge.id });
    const api = await create({ name: "API", groupId: core.id });
    const docs = await create({ name: "Docs" });
    const db = await create({ name: "Database", groupId: core.id });
    const blog = await create({ name: "Blog" });
    const { groups, components } = await page();
    expect(groups.map((g) => g.name)).toEqual(["Core", "Edge"]);
    expect(components.map((c) => c.name)).toEqual(["Docs", "Blog", "API", "Database", "CDN"]);

    expect(
      (await editor.put("/v1/component-groups/order", { ids: [edge.id, core.id] })).status,
    ).toBe(204);
    expect((await page()).components.map((c) => c.name)).toEqual([
      "Docs",
      "Blog",
      "CDN",
      "API",
      "Database",
    ]);

    const order = [blog.id, db.id, api.id, cdn.id, docs.id];
    const put = await editor.put("/v1/components/order", { ids: order });
    expect(put.status).toBe(204);
    expect(put.text).toBe("");
    const after = (await page()).components;
    expect(after.map((c) => c.name)).toEqual(["Blog", "Docs", "CDN", "Database", "API"]);
    expect(Object.fromEntries(after.map((c) => [c.name, c.position]))).toEqual({
      Blog: 0,
      Database: 1,
      API: 2,
      CDN: 3,
      Docs: 4,
    });
  });

  it("PATCH changes only what is sent; {} is accepted; read-only fields are ignored", async () => {
    const group = await createGroup("Core");
    const api = await create({ name: "API", description: "REST", groupId: group.id });
    const empty = await editor.patch(`/v1/components/${api.id}`, {});
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(api);
    const renamed = await editor.patch(`/v1/components/${api.id}`, {
      ...api,
      id: UNKNOWN,
      position: 9,
      name: "Public API",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...api, name: "Public API" });
    const ungrouped = await editor.patch(`/v1/components/${api.id}`, { groupId: null });
    expect(ungrouped.body).toMatchObject({
      groupId: null,
      name: "Public API",
      description: "REST",
    });
    expect((await editor.patch(`/v1/components/${UNKNOWN}`, {})).status).toBe(404);
    expect((await editor.patch(`/v1/components/${api.id}`, { name: "" })).status).toBe(400);
  });

  it("records every status change with its cause, and nothing for a change to the same status", async () => {
    const api = await create({ name: "API" });
    await editor.patch(`/v1/components/${api.id}`, { status: "major_outage" });
    await editor.patch(`/v1/components/${api.id}`, { status: "major_outage" });
    await editor.patch(`/v1/components/${api.id}`, { name: "Renamed" });
    const back = await editor.patch(`/v1/components/${api.id}`, { status: "operational" });
    expect(back.body.status).toBe("operational");
    const db = await getDb();
    const history = await db
      .select()
      .from(schema.componentStatusChange)
      .where(eq(schema.componentStatusChange.componentId, api.id))
      .orderBy(asc(schema.componentStatusChange.changedAt), asc(schema.componentStatusChange.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.cause, h.changedBy])).toEqual([
      [null, "operational", "manual", editorId],
      ["operational", "major_outage", "manual", editorId],
      ["major_outage", "operational", "manual", editorId],
    ]);
  });

  it("deletes, closing the gap in the order, and 404s after", async () => {
    const [a, b, c] = [
      await create({ name: "A" }),
      await create({ name: "B" }),
      await create({ name: "C" }),
    ];
    const deleted = await editor.delete(`/v1/components/${b.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    const { components } = await page();
    expect(components.map((x) => [x.id, x.position])).toEqual([
      [a.id, 0],
      [c.id, 1],
    ]);
    expect((await editor.delete(`/v1/components/${b.id}`)).status).toBe(404);
    const db = await getDb();
    const history = await db
      .select()
      .from(schema.componentStatusChange)
      .where(eq(schema.componentStatusChange.componentId, b.id));
    expect(history).toEqual([]);
  });

  it("refuses an order that is not exactly the workspace's set: 409 order_mismatch", async () => {
    const [a, b, c] = [
      await create({ name: "A" }),
      await create({ name: "B" }),
      await create({ name: "C" }),
    ];
    const cases = [
      [a.id, b.id],
      [a.id, b.id, c.id, UNKNOWN],
      [a.id, b.id, b.id],
      [a.id, b.id, c.id, c.id],
      [a.id, b.id, UNKNOWN],
      [],
    ];
    for (const ids of cases) {
      const response = await editor.put("/v1/components/order", { ids });
      expect(response.status, JSON.stringify(ids)).toBe(409);
      expect(response.body.code).toBe("order_mismatch");
    }
    expect((await page()).components.map((x) => x.name)).toEqual(["A", "B", "C"]);
    const bad = await editor.put("/v1/components/order", { ids: ["nope"] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("ids.0");
  });
});

describe("component groups", () => {
  it("creates at the end, renames, requires the name on rename, and 404s for unknown ids", async () => {
    const first = await editor.post("/v1/component-groups", { name: "Core" });
    expect(first.status).toBe(201);
    expect(first.headers.get("location")).toBe(`/v1/component-groups/${first.body.id}`);
    expect(first.body).toEqual({ id: expect.any(String), name: "Core", position: 0 });
    const second = await createGroup("Edge");
    expect(second.position).toBe(1);
    const renamed = await editor.patch(`/v1/component-groups/${first.body.id}`, {
      name: "Platform",
    });
    expect(renamed.body).toEqual({ ...first.body, name: "Platform" });
    const empty = await editor.patch(`/v1/component-groups/${first.body.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: "name", message: expect.any(String) }]);
    expect((await page()).groups.find((g) => g.id === first.body.id).name).toBe("Platform");
    expect((await editor.patch(`/v1/component-groups/${UNKNOWN}`, { name: "X" })).status).toBe(404);
    expect((await editor.post("/v1/component-groups", {})).status).toBe(400);
  });

  it("deleting a group ungroups its components and closes the gap", async () => {
    const [core, edge, misc] = [
      await createGroup("Core"),
      await createGroup("Edge"),
      await createGroup("Misc"),
    ];
    const api = await create({ name: "API", groupId: edge.id });
    expect((await editor.delete(`/v1/component-groups/${edge.id}`)).status).toBe(204);
    const { groups, components } = await page();
    expect(groups.map((g) => [g.id, g.position])).toEqual([
      [core.id, 0],
      [misc.id, 1],
    ]);
    expect(components).toEqual([{ ...api, groupId: null }]);
    expect((await editor.delete(`/v1/component-groups/${edge.id}`)).status).toBe(404);
  });

  it("refuses a group order that is not exactly the set", async () => {
    const [a, b] = [await createGroup("A"), await createGroup("B")];
    for (const ids of [[a.id], [a.id, b.id, a.id], [a.id, b.id, UNKNOWN]]) {
      const response = await editor.put("/v1/component-groups/order", { ids });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe("order_mismatch");
    }
    expect((await editor.put("/v1/component-groups/order", { ids: [b.id, a.id] })).status).toBe(
      204,
    );
    expect((await page()).groups.map((g) => g.name)).toEqual(["B", "A"]);
  });
});

describe("text at the boundary", () => {
  const HOSTILE = ["a\u0000b", "bell\u0007", "esc\u001b[31m", "\ud800alone", "tail\udc00"];

  it("refuses NUL, other C0 controls and lone surrogates with 400 naming the field, writing nothing", async () => {
    for (const text of HOSTILE) {
      for (const [path, body, field] of [
        ["/v1/components", { name: text }, "name"],
        ["/v1/components", { name: "ok", description: text }, "description"],
        ["/v1/component-groups", { name: text }, "name"],
        ["/v1/incidents", { title: text, body: "b", impact: "minor" }, "title"],
        ["/v1/incidents", { title: "t", body: text, impact: "minor" }, "body"],
      ] as const) {
        const response = await editor.post(path, body);
        expect(response.status, `${path} ${JSON.stringify(text)}`).toBe(400);
        expect(response.headers.get("content-type")).toContain("application/problem+json");
        expect(response.body.code).toBe("validation_failed");
        expect(response.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
      }
    }
    expect(await page()).toEqual({ groups: [], components: [] });
  });

  it("keeps tab, line feed and carriage return, and whole surrogate pairs", async () => {
    const created = await create({ name: "Tabs\tand 🚀", description: "line\r\nbreak" });
    expect(created.name).toBe("Tabs\tand 🚀");
    expect(created.description).toBe("line\r\nbreak");
  });

  it("refuses control characters in queries and in keys, and nesting past the limit", async () => {
    const query = await editor.get("/v1/incidents?cursor=%00");
    expect(query.status).toBe(400);
    expect(query.body.errors[0].field).toBe("cursor");
    const key = await editor.post("/v1/components", { name: "x", ["bad\u0000key"]: 1 });
    expect(key.status).toBe(400);
    const deep = `${"[".repeat(10_000)}"leaf"${"]".repeat(10_000)}`;
    const nested = await editor.post("/v1/components", `{"name":"x","description":${deep}}`, {
      headers: { "content-type": "application/json" },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.errors[0].message).toMatch(/Nested more than/);
  });
});

describe("concurrency", () => {
  it("50 parallel creates get 50 distinct, gap-free positions", async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => editor.post("/v1/components", { name: `C${i}` })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(201));
    expect(responses.map((r) => r.body.position).sort((x, y) => x - y)).toEqual([
      ...Array(50).keys(),
    ]);
    expect(await positions()).toEqual([...Array(50).keys()]);
  });

  it("an order PUT racing a create ends in a clean 409 or a complete order, never duplicates or holes", async () => {
    for (let round = 0; round < 10; round++) {
      const { components } = await page();
      const reversed = components.map((c) => c.id).reverse();
      const [put, created] = await Promise.all([
        editor.put("/v1/components/order", { ids: reversed }),
        editor.post("/v1/components", { name: `Racer ${round}` }),
      ]);
      expect(created.status).toBe(201);
      expect([204, 409]).toContain(put.status);
      if (put.status === 409) expect(put.body.code).toBe("order_mismatch");
      const after = await positions();
      expect(after).toEqual([...Array(after.length).keys()]);
      if (put.status === 204) {
        // The PUT won: its order stands, and the new component came after it.
        const listed = (await page()).components.map((c) => c.id);
        expect(listed.slice(0, reversed.length)).toEqual(reversed);
        expect(listed[reversed.length]).toBe(created.body.id);
      }
    }
  });
});
