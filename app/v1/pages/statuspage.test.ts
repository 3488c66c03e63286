import { beforeAll, describe, expect, it } from "vitest";
import { setUpOwner, tokenClient, TestClient } from "@/lib/testing/client";
import { FORM, schemaChecks, scriptCalls } from "@/lib/testing/statuspage";

/**
 * Statuspage's manage API, driven as its documentation's examples drive it (curl with
 * `Authorization: OAuth …` and `-d component[name]=…` forms, or JSON), each answer checked against
 * a JSON Schema written from that documentation's `Component`, `GroupComponent` and `ErrorEntity`.
 */

const stringOrNull = { type: ["string", "null"] };
const COMPONENT = {
  type: "object",
  required: [
    "id",
    "page_id",
    "group_id",
    "created_at",
    "updated_at",
    "group",
    "name",
    "description",
    "position",
    "status",
    "showcase",
    "only_show_if_degraded",
    "automation_email",
    "start_date",
  ],
  properties: {
    id: { type: "string" },
    page_id: { type: "string" },
    group_id: stringOrNull,
    created_at: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T" },
    updated_at: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T" },
    group: { type: "boolean" },
    name: { type: "string" },
    description: stringOrNull,
    position: { type: "integer" },
    status: {
      enum: [
        "operational",
        "under_maintenance",
        "degraded_performance",
        "partial_outage",
        "major_outage",
      ],
    },
    showcase: { type: "boolean" },
    only_show_if_degraded: { type: "boolean" },
    automation_email: stringOrNull,
    start_date: { type: ["string", "null"], pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
  },
};
const GROUP = {
  type: "object",
  required: [
    "id",
    "page_id",
    "name",
    "description",
    "components",
    "position",
    "created_at",
    "updated_at",
  ],
  properties: {
    id: { type: "string" },
    page_id: { type: "string" },
    name: { type: "string" },
    description: stringOrNull,
    components: { type: "array", items: { type: "string" } },
    position: { type: "integer" },
    created_at: { type: "string" },
    updated_at: { type: "string" },
  },
};
const ERROR = { type: "object", required: ["error", "message"] };

const shaped = schemaChecks({ component: COMPONENT, group: GROUP, error: ERROR });

let owner: TestClient;
let workspaceId: string;
let editor: TestClient;
let viewer: TestClient;
let secret: string;

beforeAll(async () => {
  ({ client: owner, workspaceId } = await setUpOwner());
  const made = await tokenClient(owner, "editor");
  editor = made.client;
  viewer = (await tokenClient(owner, "viewer")).client;
  secret = made.secret;
});

const script = scriptCalls(() => secret);

describe("Statuspage's component API", () => {
  it("creates, lists, updates and deletes components as the documentation's examples do", async () => {
    const base = `/v1/pages/${workspaceId}/components`;
    // curl … -d "component[description]=string" -d "component[status]=string" -d "component[name]=string"
    const created = await script(
      "POST",
      base,
      "component[description]=Card+payments&component[status]=operational&component[name]=Payments",
      FORM,
    );
    expect(created.status, created.text).toBe(201);
    const payments = shaped("component", created);
    expect(payments).toMatchObject({
      name: "Payments",
      description: "Card payments",
      status: "operational",
      page_id: workspaceId,
      group: false,
      group_id: null,
    });
    expect(created.headers.get("location")).toBe(`${base}/${payments.id}`);

    const json = await script("POST", base, {
      component: { name: "Search", status: "degraded_performance", showcase: true },
    });
    expect(json.status, json.text).toBe(201);
    const search = shaped("component", json);

    const listed = await script("GET", base);
    expect(listed.status).toBe(200);
    const list = shaped("components", listed) as { id: string; position: number }[];
    expect(list.map((c) => c.id)).toEqual([payments.id, search.id]);
    expect(list.map((c) => c.position)).toEqual([1, 2]);

    const patched = await script("PATCH", `${base}/${payments.id}`, {
      component: { status: "major_outage" },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(shaped("component", patched).status).toBe("major_outage");
    // The same change everywhere: our own API and the public Statuspage JSON.
    const ours = await viewer.get("/v1/components");
    expect(ours.body.components.find((c: { id: string }) => c.id === payments.id).status).toBe(
      "major_outage",
    );
    const publicJson = await new TestClient().get("/api/v2/components.json");
    expect(
      publicJson.body.components.find((c: { id: string }) => c.id === payments.id).status,
    ).toBe("major_outage");

    const put = await script(
      "PUT",
      `${base}/${payments.id}`,
      "component[name]=Payments+API&component[description]=",
      FORM,
    );
    expect(put.status, put.text).toBe(200);
    expect(shaped("component", put)).toMatchObject({
      name: "Payments API",
      description: null,
      status: "major_outage",
    });

    expect((await script("DELETE", `${base}/${search.id}`)).status).toBe(204);
    const gone = await script("GET", `${base}/${search.id}`);
    expect(gone.status).toBe(404);
    shaped("error", gone);
  });

  it("groups components, listing each group among the components as Statuspage does", async () => {
    const base = `/v1/pages/${workspaceId}`;
    const db = shaped(
      "component",
      await script("POST", `${base}/components`, { component: { name: "Database" } }),
    );
    const cache = shaped(
      "component",
      await script("POST", `${base}/components`, { component: { name: "Cache" } }),
    );
    const made = await script("POST", `${base}/component-groups`, {
      description: "Storage",
      component_group: { name: "Storage", components: [db.id, cache.id] },
    });
    expect(made.status, made.text).toBe(201);
    const storage = shaped("group", made);
    expect(storage).toMatchObject({ name: "Storage", components: [db.id, cache.id] });

    const list = shaped("components", await script("GET", `${base}/components`)) as {
      id: string;
      group: boolean;
      components?: string[];
      group_id: string | null;
    }[];
    const at = list.findIndex((c) => c.id === storage.id);
    expect(list[at]).toMatchObject({ group: true, components: [db.id, cache.id] });
    expect(list.slice(at + 1, at + 3).map((c) => [c.id, c.group_id])).toEqual([
      [db.id, storage.id],
      [cache.id, storage.id],
    ]);
    const groups = shaped("groups", await script("GET", `${base}/component-groups`));
    expect(groups.map((g: { id: string }) => g.id)).toContain(storage.id);

    // `components` says exactly which: Cache leaves the group and stays on the page.
    const renamed = await script("PATCH", `${base}/component-groups/${storage.id}`, {
      component_group: { name: "Data stores", components: [db.id] },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(shaped("group", renamed)).toMatchObject({ name: "Data stores", components: [db.id] });
    expect(
      shaped("component", await script("GET", `${base}/components/${cache.id}`)).group_id,
    ).toBe(null);

    const deleted = await script("DELETE", `${base}/component-groups/${storage.id}`);
    expect(deleted.status).toBe(200);
    expect(shaped("group", deleted).id).toBe(storage.id);
    expect(shaped("component", await script("GET", `${base}/components/${db.id}`)).group_id).toBe(
      null,
    );
    expect((await script("GET", `${base}/component-groups/${storage.id}`)).status).toBe(404);
  });

  it("scopes to the page named: the first by the workspace's id or its own, another by its id", async () => {
    const pages = await owner.get("/v1/pages");
    const first = pages.body.data.find((p: { isDefault: boolean }) => p.isDefault).id as string;
    const byOwnId = shaped("components", await script("GET", `/v1/pages/${first}/components`));
    const byWorkspace = shaped(
      "components",
      await script("GET", `/v1/pages/${workspaceId}/components`),
    );
    expect(byOwnId.map((c: { id: string }) => c.id)).toEqual(
      byWorkspace.map((c: { id: string }) => c.id),
    );
    expect(byOwnId[0].page_id).toBe(first);

    const other = await owner.post("/v1/pages", { name: "Partners", slug: "partners" });
    expect(other.status, other.text).toBe(201);
    const base = `/v1/pages/${other.body.id}`;
    expect(shaped("components", await script("GET", `${base}/components`))).toEqual([]);
    const api = shaped(
      "component",
      await script("POST", `${base}/components`, { component: { name: "Partner API" } }),
    );
    const shown = shaped("components", await script("GET", `${base}/components`));
    expect(shown.map((c: { id: string }) => c.id)).toEqual([api.id]);
    expect((await owner.get(`/v1/pages/${other.body.id}`)).body.componentIds).toEqual([api.id]);
    // A component the page does not show is not this page's to read or change.
    const elsewhere = byWorkspace[0].id as string;
    expect((await script("GET", `${base}/components/${elsewhere}`)).status).toBe(404);
    expect(
      (await script("PATCH", `${base}/components/${elsewhere}`, { component: { name: "X" } }))
        .status,
    ).toBe(404);

    const paged = shaped(
      "components",
      await script("GET", `/v1/pages/${workspaceId}/components?per_page=1&page=2`),
    );
    expect(paged.map((c: { id: string }) => c.id)).toEqual([byWorkspace[1].id]);
  });

  it("answers what it cannot do in Statuspage's words, with our problem codes", async () => {
    const base = `/v1/pages/${workspaceId}/components`;
    const unauthenticated = await new TestClient().get(base);
    expect(unauthenticated.status).toBe(401);
    expect(shaped("error", unauthenticated).code).toBe("unauthenticated");

    const nameless = await script("POST", base, { component: { description: "No name" } });
    expect(nameless.status).toBe(422);
    expect(shaped("error", nameless)).toMatchObject({
      code: "validation_failed",
      errors: [{ field: "component.name", message: "A name is required." }],
    });
    const badStatus = await script(
      "POST",
      base,
      "component[name]=X&component[status]=broken",
      FORM,
    );
    expect(badStatus.status).toBe(422);
    const badGroup = await script("POST", base, { component: { name: "X", group_id: "nope" } });
    expect(badGroup.status).toBe(422);
    expect(badGroup.body.errors[0].field).toBe("component.group_id");
    const polluted = await script("POST", base, "component[__proto__][name]=X", FORM);
    expect(polluted.status).toBe(422);
    expect(({} as Record<string, unknown>).name).toBeUndefined();
    const twice = await script("POST", base, "component[name]=A&component[name]=B", FORM);
    expect(twice.status).toBe(422);

    for (const page of ["not-a-page", "019a0000-0000-7000-8000-00000000beef"]) {
      const unknown = await script("GET", `/v1/pages/${page}/components`);
      expect(unknown.status).toBe(404);
      shaped("error", unknown);
    }
    const emptyGroup = await script("POST", `/v1/pages/${workspaceId}/component-groups`, {
      component_group: { name: "Empty", components: [] },
    });
    expect(emptyGroup.status).toBe(422);

    const viewerWrite = await viewer.post(base, { component: { name: "Nope" } });
    expect(viewerWrite.status).toBe(403);
    shaped("error", viewerWrite);
    // Bearer works as well as OAuth.
    expect((await editor.get(base)).status).toBe(200);
  });
});
