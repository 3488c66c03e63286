import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { config, resetConfig } from "@/lib/config";
import { closeMailer } from "@/lib/email/transport";
import { PASSWORD_TRIES_PER_MINUTE } from "@/lib/public/access";
import { serializeCopy } from "@/lib/public/saved-copy";
import { publicSnapshot } from "@/lib/public/snapshot";
import { startEmbeddedRunner, type Runner } from "@/lib/runner/runner";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { LEFT_TO_NEXT, startFrontDoor } from "@/lib/testing/front-door";
import { ProviderBrowser, startOidcProvider } from "@/lib/testing/oidc";
import { linkIn, MailCatcher } from "@/lib/testing/smtp";

// An audience page beside the public first page: Acme's people read Billing and the shared CDN,
// Globex's (a whole domain) read Search and the CDN. What one audience must never see is checked
// on the bytes of every answer the other gets.
const HOST = "customers.acme.test";
const ACME = "ops@acme.example";
const GLOBEX = "Jane@GLOBEX.example";
const ONLY_ACME = ["Billing API", "Invoices are delayed"];
const ONLY_GLOBEX = ["Search API", "Search is slow"];
const NOBODY = ["Internal DB"];
let admin: TestClient;
let catcher: MailCatcher;
let runner: Runner;
let frontDoor: Awaited<ReturnType<typeof startFrontDoor>>;
const ids: Record<string, string> = {};

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const post = (client: TestClient, path: string, fields: Record<string, string>) =>
  client.call("POST", path, { headers: FORM, body: new URLSearchParams(fields).toString() });

const cookieOf = (client: TestClient) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

/** Signs a visitor in by the emailed link: answers the client holding the page's cookie. */
async function signIn(email: string, next = "/"): Promise<TestClient> {
  const before = catcher.to(email).length;
  const asked = await post(new TestClient(), "/p/customers/access", { email, next });
  expect(asked.status, asked.text).toBe(200);
  await catcher.waitFor(() => catcher.to(email).length > before);
  const link = linkIn(catcher.to(email).at(-1)!.text, "/access");
  const visitor = new TestClient();
  const url = new URL(link);
  expect(url.host).toBe(HOST);
  // Opening the link changes nothing (mail scanners open links too): its button signs in.
  const opened = await visitor.get(`/p/customers${url.pathname}${url.search}`);
  expect(opened.status, opened.text).toBe(200);
  expect(visitor.cookies.size).toBe(0);
  const token = url.searchParams.get("link")!;
  expect(opened.text).toContain(`name="link" value="${token}"`);
  const used = await post(visitor, "/p/customers/access", {
    link: token,
    next: url.searchParams.get("next") ?? "/",
  });
  expect(used.status, used.text).toBe(303);
  expect(used.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);
  // Once only.
  const again = await post(new TestClient(), "/p/customers/access", { link: token });
  expect(again.status).toBe(401);
  expect(again.text).toContain("That sign-in link has ended or is not valid.");
  return visitor;
}

beforeAll(async () => {
  catcher = await new MailCatcher().start();
  process.env.SMTP_URL = catcher.url;
  resetConfig();
  ({ client: admin } = await setUpOwner());
  runner = startEmbeddedRunner();
  frontDoor = await startFrontDoor();
  const create = async (path: string, body: unknown) => {
    const response = await admin.post(path, body);
    expect(response.status, response.text).toBe(201);
    return response.body.id as string;
  };
  ids.billing = await create("/v1/components", { name: "Billing API" });
  ids.search = await create("/v1/components", { name: "Search API" });
  ids.cdn = await create("/v1/components", { name: "Shared CDN" });
  ids.internal = await create("/v1/components", { name: "Internal DB" });
  ids.page = await create("/v1/pages", {
    name: "Customer status",
    slug: "customers",
    host: HOST,
    visibility: "audience",
    componentIds: [ids.billing, ids.search, ids.cdn],
  });
  ids.acme = await create(`/v1/pages/${ids.page}/audiences`, {
    name: "Acme",
    componentIds: [ids.cdn, ids.billing, ids.internal],
    members: [ACME.toUpperCase()],
  });
  ids.globex = await create(`/v1/pages/${ids.page}/audiences`, {
    name: "Globex",
    componentIds: [ids.search, ids.cdn],
    emailDomains: ["@globex.example"],
  });
  ids.billingIncident = await create("/v1/incidents", {
    title: "Invoices are delayed",
    impact: "minor",
    visibility: "published",
    body: "Billing runs late.",
    components: [{ componentId: ids.billing, status: "degraded_performance" }],
  });
  await create("/v1/incidents", {
    title: "Search is slow",
    impact: "minor",
    visibility: "published",
    body: "Queries take seconds.",
    components: [{ componentId: ids.search, status: "degraded_performance" }],
  });
});

afterAll(async () => {
  await frontDoor.close();
  await runner.stop();
  closeMailer();
  await catcher.stop();
  delete process.env.SMTP_URL;
  resetConfig();
});

beforeEach(() => catcher.clear());

const PATHS = [
  "/",
  "/history",
  "/history.rss",
  "/history.atom",
  "/api/v2/summary.json",
  "/api/v2/components.json",
  "/api/v2/incidents.json",
  "/widget.json",
  "/embed",
  "/badge/status.svg",
  "/sitemap.xml",
];

describe("audiences in the API", () => {
  it("keeps addresses and domains lower-cased, components in the page order", async () => {
    const list = await admin.get(`/v1/pages/${ids.page}/audiences`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((a: { name: string }) => a.name)).toEqual(["Acme", "Globex"]);
    const [acme, globex] = list.body.data;
    expect(acme.members).toEqual([ACME]);
    expect(acme.componentIds).toEqual([ids.billing, ids.cdn, ids.internal]);
    expect(globex.emailDomains).toEqual(["globex.example"]);
    const one = await admin.get(`/v1/pages/${ids.page}/audiences/${ids.acme}`);
    expect(one.body).toEqual(acme);
  });

  it("answers bad input with the field it names", async () => {
    const bad = await admin.post(`/v1/pages/${ids.page}/audiences`, {
      name: "Bad",
      componentIds: [ids.billing, "00000000-0000-4000-8000-000000000000"],
      emailDomains: ["not a domain"],
      members: ["nobody"],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "emailDomains.0",
      "members.0",
    ]);
    const unknown = await admin.post(`/v1/pages/${ids.page}/audiences`, {
      name: "Bad",
      componentIds: ["00000000-0000-4000-8000-000000000000"],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe("componentIds.0");
    const first = (await admin.get("/v1/pages")).body.data[0];
    const onFirst = await admin.post(`/v1/pages/${first.id}/audiences`, {
      name: "Everyone",
      componentIds: [],
    });
    expect(onFirst.status).toBe(409);
    expect(onFirst.body.code).toBe("default_page");
    const elsewhere = await admin.get(`/v1/pages/${first.id}/audiences/${ids.acme}`);
    expect(elsewhere.status).toBe(404);
  });
});

describe("an audience page", () => {
  it("answers every path 401 before sign-in, naming nothing it shows", async () => {
    for (const path of PATHS) {
      for (const [address, host] of [
        [`/p/customers${path === "/" ? "" : path}`, undefined],
        [path, HOST],
      ] as const) {
        const answer = await frontDoor.get(address, host);
        expect(answer.status, `${host ?? ""}${address}`).toBe(401);
        expect(answer.cacheControl).toBe("no-store");
        for (const name of [...ONLY_ACME, ...ONLY_GLOBEX, ...NOBODY, "Shared CDN"]) {
          expect(answer.body, address).not.toContain(name);
        }
      }
    }
    const page = await new TestClient().get("/p/customers");
    expect(page.text).toContain('action="/p/customers/access"');
    expect(page.text).toContain('type="email" name="email"');
    expect(page.text).toContain("Customer status");
  });

  it("mails a link to an address of an audience, and answers any other alike", async () => {
    const stranger = await post(new TestClient(), "/p/customers/access", {
      email: "someone@elsewhere.example",
    });
    const member = await post(new TestClient(), "/p/customers/access", { email: ACME });
    expect(stranger.status).toBe(200);
    expect(member.status).toBe(200);
    expect(stranger.text).toBe(member.text);
    expect(member.text).toContain("a link to sign in is on its way");
    await catcher.waitFor(() => catcher.to(ACME).length === 1);
    const [mail] = catcher.to(ACME);
    expect(mail!.subject).toContain("Sign in");
    expect(linkIn(mail!.text, "/access")).toMatch(
      new RegExp(`^http://${HOST.replace(/\./g, "\\.")}/access\\?link=`),
    );
    expect(catcher.to("someone@elsewhere.example")).toHaveLength(0);
    const badAddress = await post(new TestClient(), "/p/customers/access", { email: "nope" });
    expect(badAddress.status).toBe(400);
    expect(badAddress.text).toContain("Enter a valid email address.");
  });

  it("shows each signed-in visitor only their audiences' components and events", async () => {
    const acme = await signIn(ACME, "/history");
    const page = await acme.get("/p/customers");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-cache");
    for (const name of ["Billing API", "Shared CDN", "Invoices are delayed"]) {
      expect(page.text).toContain(name);
    }
    // Internal DB is in Acme's audience but not on the page: the page shows none of it.
    for (const name of [...ONLY_GLOBEX, ...NOBODY]) expect(page.text).not.toContain(name);
    expect(page.text).toContain('action="/p/customers/access"');
    const summary = await acme.get("/p/customers/api/v2/summary.json");
    expect(summary.body.components.map((c: { name: string }) => c.name)).toEqual([
      "Billing API",
      "Shared CDN",
    ]);
    const feed = await acme.get("/p/customers/history.rss");
    expect(feed.text).toContain("Invoices are delayed");
    expect(feed.text).not.toContain("Search is slow");

    const globex = await signIn(GLOBEX);
    const theirs = await globex.get("/p/customers/api/v2/summary.json");
    expect(theirs.body.components.map((c: { name: string }) => c.name)).toEqual([
      "Search API",
      "Shared CDN",
    ]);
    // An incident of the other audience's component is not found, even by its address.
    const billingIncident = { id: ids.billingIncident };
    expect((await globex.get(`/p/customers/incidents/${billingIncident.id}`)).status).toBe(404);
    expect((await acme.get(`/p/customers/incidents/${billingIncident.id}`)).status).toBe(200);
  });

  it("never mixes two audiences' answers, however their requests interleave", async () => {
    const acme = cookieOf(await signIn(ACME));
    const globex = cookieOf(await signIn(GLOBEX));
    const requests = Array.from({ length: 120 }, (_, i) => {
      const who = i % 2 ? "acme" : "globex";
      const path = PATHS[(i * 7) % PATHS.length]!;
      const onHost = i % 3 === 0;
      return frontDoor
        .get(onHost ? path : `/p/customers${path}`, onHost ? HOST : undefined, "GET", {
          cookie: who === "acme" ? acme : globex,
        })
        .then((answer) => ({ who, path, answer }));
    });
    for (const { who, path, answer } of await Promise.all(requests)) {
      expect(answer.status, `${who} ${path}`).toBe(200);
      expect(answer.cacheControl).toBe("private, no-cache");
      const others = who === "acme" ? ONLY_GLOBEX : ONLY_ACME;
      for (const name of [...others, ...NOBODY]) {
        expect(answer.body, `${who} ${path}`).not.toContain(name);
      }
    }
    // Each saw their own, too (the summary names their components).
    const mine = await frontDoor.get("/api/v2/summary.json", HOST, "GET", { cookie: acme });
    expect(mine.body).toContain("Billing API");
  });

  it("lets a visitor in only while they are in an audience, by a link made here", async () => {
    const acme = await signIn(ACME);
    expect((await acme.get("/p/customers")).status).toBe(200);
    // A forged link and a forged cookie open nothing.
    const forged = await new TestClient().get(
      `/p/customers/access?link=${Buffer.from(ACME).toString("base64url")}.${Date.now() + 60_000}.${"A".repeat(43)}`,
    );
    expect(forged.status).toBe(401);
    expect(forged.text).toContain("That sign-in link has ended or is not valid.");
    const forger = new TestClient();
    const [name, value] = [...acme.cookies][0]!;
    forger.cookies.set(
      name,
      value.replace(/.$/, (c: string) => (c === "A" ? "B" : "A")),
    );
    expect((await forger.get("/p/customers")).status).toBe(401);

    // Taken out of the audience, the visitor is out from the next request.
    const removed = await admin.patch(`/v1/pages/${ids.page}/audiences/${ids.acme}`, {
      members: [],
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await acme.get("/p/customers")).status).toBe(401);
    await admin.patch(`/v1/pages/${ids.page}/audiences/${ids.acme}`, { members: [ACME] });
    expect((await acme.get("/p/customers")).status).toBe(200);

    // Signing out forgets the cookie.
    const out = await post(acme, "/p/customers/access", { signOut: "1" });
    expect(out.status).toBe(303);
    expect(acme.cookies.size).toBe(0);
    expect((await acme.get("/p/customers")).status).toBe(401);
  });

  it("limits how often a visitor asks, and takes addresses only from its own pages", async () => {
    const asker = new TestClient();
    for (let i = 0; i < PASSWORD_TRIES_PER_MINUTE; i++) {
      expect((await post(asker, "/p/customers/access", { email: `x${i}@a.example` })).status).toBe(
        200,
      );
    }
    const stopped = await post(asker, "/p/customers/access", { email: ACME });
    expect(stopped.status).toBe(429);
    const elsewhere = await new TestClient().call("POST", "/p/customers/access", {
      headers: { ...FORM, origin: "http://evil.test" },
      body: new URLSearchParams({ email: ACME }).toString(),
    });
    expect(elsewhere.status).toBe(403);
    // The server's own routes take the link and the form on the page's host.
    expect((await frontDoor.get("/access?link=x", HOST)).status).toBe(LEFT_TO_NEXT);
  });

  it("keeps its audiences' addresses off the disk, and its changes in the audit log", async () => {
    const { data } = await publicSnapshot();
    expect(data!.pages.find((p) => p.slug === "customers")!.audiences.length).toBe(2);
    const copy = serializeCopy(data!);
    expect(copy).not.toContain(ACME);
    expect(copy).not.toContain("globex.example");
    const audit = await admin.get("/v1/audit-log");
    const actions = audit.body.entries.map((e: { action: string }) => e.action);
    expect(actions).toContain("audience.create");
    expect(actions).toContain("audience.update");
  });
});

describe("an audience page's own provider", () => {
  const CLIENT = { clientId: "partners-page", clientSecret: "the page client's secret" };
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  let page: string;

  beforeAll(async () => {
    provider = await startOidcProvider([
      {
        ...CLIENT,
        redirectUris: [`${config().statusPageUrl}/p/partners/access/callback`],
      },
    ]);
    const created = await admin.post("/v1/pages", {
      name: "Partner status",
      slug: "partners",
      visibility: "audience",
      componentIds: [ids.billing, ids.search],
      oidc: { issuer: provider.issuer, ...CLIENT },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.oidc).toEqual({
      issuer: provider.issuer,
      clientId: CLIENT.clientId,
      clientSecret: "********",
      callbackUrl: `${config().statusPageUrl}/p/partners/access/callback`,
    });
    page = created.body.id;
    const audience = await admin.post(`/v1/pages/${page}/audiences`, {
      name: "Acme partners",
      componentIds: [ids.billing],
      emailDomains: ["acme.example"],
    });
    expect(audience.status).toBe(201);
  });

  afterAll(() => provider.close());

  /** Signs in at the page's provider as `email`: answers the visitor and the callback's answer. */
  async function throughProvider(email: string) {
    const visitor = new TestClient();
    const locked = await visitor.get("/p/partners");
    expect(locked.text).toContain('href="/p/partners/access/oidc?next=%2F"');
    const start = await visitor.get("/p/partners/access/oidc?next=%2F");
    expect(start.status, start.text).toBe(303);
    const back = new URL(await new ProviderBrowser().signIn(start.headers.get("location")!, email));
    expect(back.pathname).toBe("/p/partners/access/callback");
    return { visitor, answer: await visitor.get(back.pathname + back.search) };
  }

  it("signs a reader in with it, to see their audiences' components", async () => {
    const { visitor, answer } = await throughProvider("dev@acme.example");
    expect(answer.status, answer.text).toBe(303);
    expect(answer.headers.get("location")).toBe("/p/partners/");
    const read = await visitor.get("/p/partners");
    expect(read.status).toBe(200);
    expect(read.text).toContain("Billing API");
    expect(read.text).not.toContain("Search API");
  });

  it("refuses an account in no audience, and a callback this browser did not start", async () => {
    const { visitor, answer } = await throughProvider("someone@elsewhere.example");
    expect(answer.status).toBe(403);
    expect(answer.text).toContain("That account may not read this page.");
    expect((await visitor.get("/p/partners")).status).toBe(401);
    for (const name of ["Billing API", "Search API"]) expect(answer.text).not.toContain(name);

    // An address the provider has not verified is not taken, even in the audience's domain.
    const unverified = await throughProvider("unverified.dev@acme.example");
    expect(unverified.answer.status).toBe(403);

    // A code and state sent to another browser (or made up) sign nobody in.
    const other = new TestClient();
    const forged = await other.get("/p/partners/access/callback?code=x&state=y");
    expect(forged.status).toBe(401);
    expect(other.cookies.size).toBe(0);
  });

  it("keeps the client secret encrypted, and only on audience pages", async () => {
    const listed = (await admin.get(`/v1/pages/${page}`)).body;
    expect(JSON.stringify(listed)).not.toContain(CLIENT.clientSecret);
    const audit = await admin.get("/v1/audit-log");
    expect(JSON.stringify(audit.body)).not.toContain(CLIENT.clientSecret);
    const onPublic = await admin.post("/v1/pages", {
      name: "Public one",
      slug: "public-one",
      oidc: { issuer: provider.issuer, ...CLIENT },
    });
    expect(onPublic.status).toBe(400);
    expect(onPublic.body.errors[0].field).toBe("oidc");
    const wrongIssuer = await admin.patch(`/v1/pages/${page}`, {
      oidc: { issuer: "http://127.0.0.1:9", clientId: "x", clientSecret: "a secret" },
    });
    expect(wrongIssuer.status).toBe(400);
    expect(wrongIssuer.body.errors[0].field).toBe("oidc.issuer");
    // The stored secret goes to the provider and client it was given for, and no other.
    const moved = await admin.patch(`/v1/pages/${page}`, {
      oidc: { issuer: provider.issuer, clientId: "another-client", clientSecret: "********" },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors[0].field).toBe("oidc.clientSecret");
  });
});
