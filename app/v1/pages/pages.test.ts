import { Statuspage } from "statuspage.io";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberWithRole, setUpOwner, TestClient } from "@/lib/testing/client";
import { LEFT_TO_NEXT, startFrontDoor } from "@/lib/testing/front-door";

// Three pages over shared components: the first (at /) shows everything, "api" shows the API
// and is also served on its own host, "shop" shows the Shop group and the API.
const API_HOST = "status.api.test";
let admin: TestClient;
let workspaceId: string;
const visitor = new TestClient();
const ids: Record<string, string> = {};
let frontDoor: Awaited<ReturnType<typeof startFrontDoor>>;

async function created(path: string, body: unknown) {
  const response = await admin.post(path, body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** A GET over a real loopback connection, as `npm start`'s HTTP server answers it. */
const get = (path: string, host?: string) => frontDoor.get(path, host);

beforeAll(async () => {
  ({ client: admin, workspaceId } = await setUpOwner());
  ids.api = (await created("/v1/components", { name: "Public API" })).id;
  ids.search = (await created("/v1/components", { name: "Search Index" })).id;
  ids.shopGroup = (await created("/v1/component-groups", { name: "Shop" })).id;
  ids.cart = (await created("/v1/components", { name: "Cart", groupId: ids.shopGroup })).id;
  frontDoor = await startFrontDoor();
});

afterAll(async () => {
  await frontDoor.close();
});

describe("the pages", () => {
  it("start with the first page, which shows every component", async () => {
    const list = await admin.get("/v1/pages");
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const [first] = list.body.data;
    expect(first).toMatchObject({
      name: "Acme",
      slug: "status",
      isDefault: true,
      visibility: "public",
      host: null,
      componentIds: [ids.api, ids.search, ids.cart],
      groupIds: [ids.shopGroup],
      language: "en",
      timeZone: "Etc/UTC",
    });
    ids.first = first.id;
  });

  it("are created by admins, with their own slug, host, components and dress", async () => {
    const api = await created("/v1/pages", {
      name: "Acme API",
      slug: "api",
      host: API_HOST.toUpperCase(),
      componentIds: [ids.api],
      language: "de",
      timeZone: "Europe/Berlin",
      branding: { accentColor: "#0b5394", footerText: "API **only**" },
    });
    expect(api).toMatchObject({
      slug: "api",
      host: API_HOST,
      isDefault: false,
      componentIds: [ids.api],
      groupIds: [],
      language: "de",
      timeZone: "Europe/Berlin",
      url: `http://${API_HOST}`,
    });
    expect(api.branding).toMatchObject({ accentColor: "#0b5394", footerText: "API **only**" });
    ids.apiPage = api.id;
    const shop = await created("/v1/pages", {
      name: "Acme Shop",
      slug: "shop",
      groupIds: [ids.shopGroup],
      componentIds: [ids.cart, ids.api],
    });
    // In the workspace's order, whatever order they were sent in.
    expect(shop.componentIds).toEqual([ids.api, ids.cart]);
    expect(shop.url).toMatch(/\/p\/shop$/);
    ids.shopPage = shop.id;
    const { client: editor } = await memberWithRole(admin, "editor");
    expect((await editor.post("/v1/pages", { name: "X", slug: "x" })).status).toBe(403);
    expect((await editor.get("/v1/pages")).body.data).toHaveLength(3);
  });

  it("refuse what cannot be a page, naming the field", async () => {
    const refused = async (body: unknown, status: number, code: string) => {
      const response = await admin.post("/v1/pages", body);
      expect(response.status, response.text).toBe(status);
      expect(response.body.code).toBe(code);
      return response.body;
    };
    expect(
      (await refused({ name: "Bad", slug: "Not a slug!" }, 400, "validation_failed")).errors[0]
        .field,
    ).toBe("slug");
    await refused({ name: "Again", slug: "api" }, 409, "slug_taken");
    await refused({ name: "Same host", slug: "other", host: API_HOST }, 409, "host_taken");
    await refused({ name: "Host", slug: "h", host: "not a host" }, 400, "validation_failed");
    const unknown = await refused(
      { name: "Ghost", slug: "ghost", componentIds: [crypto.randomUUID()] },
      400,
      "validation_failed",
    );
    expect(unknown.errors[0].field).toBe("componentIds.0");
    await refused(
      { name: "Dim", slug: "dim", branding: { accentColor: "#ffff00" } },
      400,
      "validation_failed",
    );
    const first = await admin.delete(`/v1/pages/${ids.first}`);
    expect(first.status).toBe(409);
    expect(first.body.code).toBe("default_page");
    expect((await admin.get(`/v1/pages/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it("put new components on the first page only", async () => {
    ids.billing = (await created("/v1/components", { name: "Billing" })).id;
    const pages = (await admin.get("/v1/pages")).body.data;
    expect(pages[0].componentIds).toContain(ids.billing);
    expect(pages[1].componentIds).not.toContain(ids.billing);
  });

  it("change the workspace's name and dress when the first page's change", async () => {
    const changed = await admin.patch(`/v1/pages/${ids.first}`, { name: "Acme Status" });
    expect(changed.status, changed.text).toBe(200);
    expect((await admin.get("/v1/workspace")).body.name).toBe("Acme Status");
    await admin.patch("/v1/workspace", { name: "Acme" });
    expect((await admin.get(`/v1/pages/${ids.first}`)).body.name).toBe("Acme");
  });
});

describe("what each page shows", () => {
  beforeAll(async () => {
    ids.searchIncident = (
      await created("/v1/incidents", {
        title: "Search results are stale",
        impact: "minor",
        visibility: "published",
        body: "Reindexing.",
        components: [{ componentId: ids.search, status: "degraded_performance" }],
      })
    ).id;
    ids.apiIncident = (
      await created("/v1/incidents", {
        title: "API errors for some calls",
        impact: "major",
        visibility: "published",
        body: "Investigating.",
        components: [{ componentId: ids.api, status: "partial_outage" }],
      })
    ).id;
  });

  it("keeps the first page's addresses as they were", async () => {
    const page = await get("/");
    expect(page.status).toBe(200);
    for (const name of ["Public API", "Search Index", "Cart", "Billing"]) {
      expect(page.body).toContain(name);
    }
    expect(page.body).toContain("Search results are stale");
    const summary = JSON.parse((await get("/api/v2/summary.json")).body);
    expect(summary.page.id).toBe(workspaceId);
    expect(summary.incidents.map((i: { id: string }) => i.id).sort()).toEqual(
      [ids.apiIncident, ids.searchIncident].sort(),
    );
  });

  it("shows a page only its components and the events that touch them", async () => {
    const page = await get("/p/api");
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain("Acme API");
    expect(page.body).toContain("Public API");
    expect(page.body).toContain("API errors for some calls");
    for (const absent of ["Search Index", "Search results are stale", "Cart", "Billing"]) {
      expect(page.body).not.toContain(absent);
    }
    expect(page.body).toContain(`<link rel="canonical" href="http://${API_HOST}/">`);
    // Each page takes its own email subscriptions.
    expect(page.body).toContain('action="/p/api/public/subscriptions"');
    expect((await get("/")).body).toContain('action="/public/subscriptions"');
    expect(page.body).toContain('href="/p/api/history"');
    expect(page.body).toContain('href="/p/api/brand.css?v=');
    // The page's own accent, not the first page's (which has none).
    expect((await get("/p/api/brand.css")).body).toContain("#0b5394");
    expect((await get("/")).body).not.toContain("/brand.css");

    const summary = JSON.parse((await get("/p/api/api/v2/summary.json")).body);
    expect(summary.page).toMatchObject({ id: ids.apiPage, name: "Acme API" });
    expect(summary.page.time_zone).toBe("Europe/Berlin");
    expect(summary.components.map((c: { name: string }) => c.name)).toEqual(["Public API"]);
    expect(summary.incidents.map((i: { id: string }) => i.id)).toEqual([ids.apiIncident]);
    expect(summary.status.indicator).toBe("major");

    const rss = (await get("/p/api/history.rss")).body;
    expect(rss).toContain("API errors for some calls");
    expect(rss).not.toContain("Search results are stale");
    expect(rss).toContain(`<link>http://${API_HOST}/</link>`);

    // Another page's incident is not found here, even by its address.
    expect((await get(`/p/api/incidents/${ids.searchIncident}`)).status).toBe(404);
    expect((await get(`/p/api/incidents/${ids.apiIncident}`)).status).toBe(200);
    expect((await get("/p/api/history")).body).not.toContain("Search results are stale");
  });

  it("shows a component on every page that lists it, and a group's members", async () => {
    const shop = await get("/p/shop");
    expect(shop.body).toContain("Cart");
    expect(shop.body).toContain("Public API");
    expect(shop.body).toContain("API errors for some calls");
    expect(shop.body).not.toContain("Search Index");
    // A component added to a listed group joins the page.
    await created("/v1/components", { name: "Checkout", groupId: ids.shopGroup });
    expect((await get("/p/shop")).body).toContain("Checkout");
    expect((await get("/p/api")).body).not.toContain("Checkout");
  });

  it("serves a page at its own host, and sends everything else there to the dashboard", async () => {
    const page = await get("/", API_HOST);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Acme API");
    expect(page.body).toContain('href="/history"');
    expect(page.body).not.toContain("Search Index");
    expect(JSON.parse((await get("/api/v2/status.json", API_HOST)).body).page.id).toBe(ids.apiPage);
    // Its subscription pages are its own there too.
    for (const path of ["/public/subscriptions", "/public/subscriptions/confirm"]) {
      expect((await get(path, API_HOST)).status, path).toBe(LEFT_TO_NEXT);
    }
    const dashboard = await get("/dashboard", API_HOST);
    expect(dashboard.status).toBe(308);
    expect(dashboard.location).toMatch(/\/dashboard$/);
    // Another host is the first page's, as before.
    expect((await get("/", "elsewhere.test")).body).toContain("Search Index");
  });

  it("serves the first page below its slug too, pointing at /", async () => {
    const page = await get("/p/status");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Search Index");
    expect(page.body).toContain('<link rel="canonical" href="http://localhost:3000/">');
    expect(page.body).toContain('action="/p/status/public/subscriptions"');
  });

  it("answers 404 for a slug that names no page", async () => {
    expect((await get("/p/nothing")).status).toBe(404);
    const file = await get("/p/nothing/api/v2/summary.json");
    expect(file.status).toBe(404);
    expect(file.body).not.toContain("Public API");
  });

  it("is read by a Statuspage client pointed at the page", async () => {
    const client = new Statuspage("acme");
    client.setApiUrl(`http://127.0.0.1:${frontDoor.port}/p/api`);
    const summary = await client.api.getSummary();
    expect(summary.page.name).toBe("Acme API");
    expect(summary.components.map((c) => c.name)).toEqual(["Public API"]);
    const unresolved = await client.api.incidents.getUnresolved();
    expect(unresolved.incidents.map((i) => i.name)).toEqual(["API errors for some calls"]);
    expect((await client.api.getStatus()).status.indicator).toBe("major");
  });

  it("follows a page's changes at once, and forgets a deleted page", async () => {
    const moved = await admin.patch(`/v1/pages/${ids.apiPage}`, {
      componentIds: [ids.search],
      slug: "search",
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await get("/p/api")).status).toBe(404);
    const page = await get("/p/search");
    expect(page.body).toContain("Search Index");
    expect(page.body).not.toContain("API errors for some calls");
    expect((await admin.delete(`/v1/pages/${ids.apiPage}`)).status).toBe(204);
    expect((await get("/p/search")).status).toBe(404);
    expect((await get("/", API_HOST)).body).toContain("Billing");
    expect((await visitor.get("/p/shop")).status).toBe(200);
  });
});
