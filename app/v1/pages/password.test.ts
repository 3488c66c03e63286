import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_TRIES_PER_MINUTE } from "@/lib/public/access";
import { serializeCopy } from "@/lib/public/saved-copy";
import { publicSnapshot } from "@/lib/public/snapshot";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { LEFT_TO_NEXT, startFrontDoor } from "@/lib/testing/front-door";

// A password page beside the public first page. Names that must never reach a visitor without
// the password are checked on the bytes of every answer.
const HOST = "vault.acme.test";
const PASSWORD = "open sesame 1";
const SECRET_NAMES = ["Vault Service", "Vault is sealed", "Keys are rotating"];
let admin: TestClient;
let frontDoor: Awaited<ReturnType<typeof startFrontDoor>>;
const ids: Record<string, string> = {};

function form(fields: Record<string, string>, origin?: string) {
  return {
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(origin ? { origin } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  };
}

const enter = (client: TestClient, password: string, next = "/", extra?: string) =>
  client.call("POST", "/p/vault/access", form({ password, next }, extra));

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
  frontDoor = await startFrontDoor();
  const create = async (path: string, body: unknown) => {
    const response = await admin.post(path, body);
    expect(response.status, response.text).toBe(201);
    return response.body.id as string;
  };
  ids.vault = await create("/v1/components", { name: "Vault Service" });
  ids.api = await create("/v1/components", { name: "Public API" });
  ids.page = await create("/v1/pages", {
    name: "Acme Internal",
    slug: "vault",
    host: HOST,
    visibility: "password",
    password: PASSWORD,
    componentIds: [ids.vault],
  });
  ids.incident = await create("/v1/incidents", {
    title: "Vault is sealed",
    impact: "major",
    visibility: "published",
    body: "Keys are rotating.",
    components: [{ componentId: ids.vault, status: "major_outage" }],
  });
});

afterAll(() => frontDoor.close());

describe("a password page", () => {
  const paths = () => [
    "/",
    "/history",
    `/history/${new Date().toISOString().slice(0, 10)}`,
    "/history.rss",
    "/history.atom",
    `/incidents/${ids.incident}`,
    "/api/v2/summary.json",
    "/api/v2/components.json",
    "/api/v2/incidents/unresolved.json",
    "/widget.json",
    "/embed",
    "/badge/status.svg",
    "/badge/uptime.svg",
    "/sitemap.xml",
  ];

  it("answers every path 401 without its password, naming nothing it shows", async () => {
    for (const path of paths()) {
      for (const [address, host] of [
        [`/p/vault${path === "/" ? "" : path}`, undefined],
        [path, HOST],
      ] as const) {
        const answer = await frontDoor.get(address, host);
        expect(answer.status, `${host ?? ""}${address}`).toBe(401);
        for (const name of SECRET_NAMES) expect(answer.body, address).not.toContain(name);
      }
    }
    const page = await new TestClient().get("/p/vault");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.text).toContain('action="/p/vault/access"');
    expect(page.text).toContain("Acme Internal");
    // No links to what it would show.
    expect(page.text).not.toContain("/p/vault/history");
    const json = await new TestClient().get("/p/vault/api/v2/summary.json");
    expect(json.body.code).toBe("page_private");
    // The first page stays public, and shows the component too.
    expect((await frontDoor.get("/")).body).toContain("Vault Service");
  });

  it("opens to the right password, for that visitor only", async () => {
    const visitor = new TestClient();
    const wrong = await enter(visitor, "not the password");
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain("That password is not right.");
    expect(visitor.cookies.size).toBe(0);
    for (const name of SECRET_NAMES) expect(wrong.text).not.toContain(name);

    const right = await enter(visitor, PASSWORD, "/history");
    expect(right.status, right.text).toBe(303);
    expect(right.headers.get("location")).toBe("/p/vault/history");
    // A language the visitor chose is kept; one their browser asked for is asked for again.
    const chosen = await new TestClient().call(
      "POST",
      "/p/vault/access",
      form({ password: PASSWORD, next: "/", locale: "fr" }),
    );
    expect(chosen.headers.get("location")).toBe("/p/vault/?locale=fr");
    expect((await new TestClient().get("/p/vault")).text).not.toContain('name="locale"');
    expect((await new TestClient().get("/p/vault?locale=ja")).text).toContain(
      '<input type="hidden" name="locale" value="ja">',
    );
    expect(right.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);
    const page = await visitor.get("/p/vault");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Vault Service");
    expect(page.text).toContain("Vault is sealed");
    expect(page.text).not.toContain("Public API");
    expect(page.headers.get("cache-control")).toBe("private, no-cache");
    const summary = await visitor.get("/p/vault/api/v2/summary.json");
    expect(summary.body.components.map((c: { name: string }) => c.name)).toEqual(["Vault Service"]);
    expect(summary.headers.get("cache-control")).toBe("private, no-cache");

    // Another visitor, or a cookie not made here, still gets the form.
    expect((await new TestClient().get("/p/vault")).status).toBe(401);
    const forger = new TestClient();
    const [name, value] = [...visitor.cookies][0]!;
    forger.cookies.set(
      name,
      value.replace(/.$/, (c: string) => (c === "A" ? "B" : "A")),
    );
    expect((await forger.get("/p/vault")).status).toBe(401);
    // Nor does one page's cookie open another password page.
    const other = await admin.post("/v1/pages", {
      name: "Other",
      slug: "other",
      visibility: "password",
      password: "another password",
      componentIds: [ids.vault],
    });
    expect(other.status, other.text).toBe(201);
    expect((await visitor.get("/p/other")).status).toBe(401);
    expect((await visitor.get("/p/vault")).status).toBe(200);
    // The cookie opens this page, not a redirect elsewhere.
    const offsite = await enter(new TestClient(), PASSWORD, "//evil.test/");
    expect(offsite.headers.get("location")).toBe("/p/vault/");
  });

  it("lets feed readers in with the page's read token", async () => {
    const { readToken } = (await admin.get(`/v1/pages/${ids.page}`)).body;
    expect(readToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const feed = await frontDoor.get(`/p/vault/history.rss?token=${readToken}`);
    expect(feed.status).toBe(200);
    expect(feed.body).toContain("Vault is sealed");
    const wrong = await frontDoor.get(`/p/vault/history.rss?token=${"x".repeat(32)}`);
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toContain("Vault is sealed");
  });

  it("limits each visitor's tries", async () => {
    const guesser = new TestClient();
    for (let i = 0; i < PASSWORD_TRIES_PER_MINUTE; i++) {
      expect((await enter(guesser, `guess ${i}`)).status).toBe(401);
    }
    const stopped = await enter(guesser, PASSWORD);
    expect(stopped.status).toBe(429);
    expect(stopped.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(guesser.cookies.size).toBe(0);
  });

  it("is dressed in its colours, and keeps its key off the disk", async () => {
    await admin.patch(`/v1/pages/${ids.page}`, { branding: { accentColor: "#0b5394" } });
    const css = await frontDoor.get("/p/vault/brand.css");
    expect(css.status).toBe(200);
    expect(css.body).toContain("#0b5394");
    expect((await frontDoor.get("/p/vault")).body).toContain("/p/vault/brand.css");
    const { data } = await publicSnapshot();
    const key = data!.pages.find((p) => p.slug === "vault")!.accessKey!;
    expect(key).toBeTruthy();
    expect(serializeCopy(data!)).not.toContain(key);
  });

  it("takes its password on its own host, which leaves that address to the password form", async () => {
    // The server's own routes take these posts, not a redirect to the dashboard's host.
    expect((await frontDoor.get("/access", HOST, "POST")).status).toBe(LEFT_TO_NEXT);
    expect((await frontDoor.get("/p/vault/access", HOST, "POST")).status).toBe(LEFT_TO_NEXT);
    expect((await frontDoor.get("/v1/pages", HOST, "POST")).status).toBe(308);
  });

  it("takes the password only from its own pages", async () => {
    const elsewhere = await enter(new TestClient(), PASSWORD, "/", "http://evil.test");
    expect(elsewhere.status).toBe(403);
    // A page that is public, or no page, has no password to take.
    expect((await new TestClient().call("POST", "/p/nothing/access", form({}))).status).toBe(404);
  });

  it("ends every visitor's access with a new password", async () => {
    const visitor = new TestClient();
    expect((await enter(visitor, PASSWORD)).status).toBe(303);
    const before = (await admin.get(`/v1/pages/${ids.page}`)).body.readToken;
    const changed = await admin.patch(`/v1/pages/${ids.page}`, { password: "a new password" });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.hasPassword).toBe(true);
    expect(changed.body.readToken).not.toBe(before);
    expect((await visitor.get("/p/vault")).status).toBe(401);
    expect((await frontDoor.get(`/p/vault/history.rss?token=${before}`)).status).toBe(401);
    const audit = await admin.get("/v1/audit-log");
    const entry = audit.body.entries.find((e: { action: string }) => e.action === "page.update");
    expect(entry.changes.password).toEqual({ from: "********", to: "********" });
    expect(JSON.stringify(entry)).not.toContain("a new password");
  });

  it("is refused where it cannot be", async () => {
    const pages = (await admin.get("/v1/pages")).body.data;
    const first = await admin.patch(`/v1/pages/${pages[0].id}`, {
      visibility: "password",
      password: PASSWORD,
    });
    expect(first.status).toBe(400);
    expect(first.body.errors[0].field).toBe("visibility");
    const bare = await admin.post("/v1/pages", {
      name: "No password",
      slug: "bare",
      visibility: "password",
    });
    expect(bare.status).toBe(400);
    expect(bare.body.errors[0].field).toBe("password");
    expect(
      (await admin.patch(`/v1/pages/${ids.page}`, { visibility: "public" })).body.visibility,
    ).toBe("public");
    expect((await frontDoor.get("/p/vault")).status).toBe(200);
    // Made private again, it needs a new password: no cookie or token of before opens it.
    const again = await admin.patch(`/v1/pages/${ids.page}`, { visibility: "password" });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].field).toBe("password");
    const firstHost = await admin.patch(`/v1/pages/${pages[0].id}`, { host: "first.acme.test" });
    expect(firstHost.status).toBe(400);
    expect(firstHost.body.errors[0].field).toBe("host");
  });
});
