import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { closeMailer } from "@/lib/email/transport";
import { startEmbeddedRunner, type Runner } from "@/lib/runner/runner";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { linkIn, MailCatcher } from "@/lib/testing/smtp";

// Every page takes its own subscribers, who hear of what that page shows them and nothing else:
// the first page (which keeps "Vault Service" off it), a public page for the API, a password
// page for the vault, and an audience page where Acme's people read Billing only.
const HIDDEN = "Vault Service";
const API_HOST = "api-status.acme.test";
const ACME = "ops@acme.example";
let admin: TestClient;
let catcher: MailCatcher;
let runner: Runner;
const ids: Record<string, string> = {};

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const post = (client: TestClient, path: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of [value].flat()) body.append(name, one);
  }
  return client.call("POST", path, { headers: FORM, body: body.toString() });
};
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

async function create(path: string, body: unknown) {
  const response = await admin.post(path, body);
  expect(response.status, response.text).toBe(201);
  return response.body.id as string;
}

async function publish(title: string, componentIds: string[]) {
  return create("/v1/incidents", {
    title,
    impact: "major",
    visibility: "published",
    body: "Looking into it.",
    components: componentIds.map((componentId) => ({ componentId, status: "major_outage" })),
  });
}

/** Confirms the subscription the latest mail to `email` asks about, from its link. */
async function confirmFromMail(email: string, under: string) {
  await catcher.waitFor(() => catcher.to(email).length > 0);
  const link = linkIn(catcher.to(email).at(-1)!.text, `${under}/public/subscriptions/confirm`);
  const confirmed = await post(new TestClient(), pathOf(link), {});
  expect(confirmed.status, confirmed.text).toBe(200);
  catcher.clear();
  return link;
}

/** Signs a visitor in to the audience page by its emailed link. */
async function signIn(email: string): Promise<TestClient> {
  const asked = await post(new TestClient(), "/p/customers/access", { email, next: "/" });
  expect(asked.status, asked.text).toBe(200);
  await catcher.waitFor(() => catcher.to(email).length > 0);
  const link = new URL(linkIn(catcher.to(email).at(-1)!.text, "/access"));
  const visitor = new TestClient();
  const used = await post(visitor, "/p/customers/access", {
    link: link.searchParams.get("link")!,
    next: "/",
  });
  expect(used.status, used.text).toBe(303);
  catcher.clear();
  return visitor;
}

beforeAll(async () => {
  catcher = await new MailCatcher().start();
  process.env.SMTP_URL = catcher.url;
  process.env.EMAIL_FROM = "Acme Status <status@acme.test>";
  resetConfig();
  ({ client: admin } = await setUpOwner());
  ids.api = await create("/v1/components", { name: "Public API" });
  ids.vault = await create("/v1/components", { name: HIDDEN });
  ids.billing = await create("/v1/components", { name: "Billing API" });
  ids.search = await create("/v1/components", { name: "Search API" });
  ids.apiPage = await create("/v1/pages", {
    name: "Acme API",
    slug: "api",
    host: API_HOST,
    componentIds: [ids.api],
  });
  ids.vaultPage = await create("/v1/pages", {
    name: "Internal",
    slug: "internal",
    visibility: "password",
    password: "internal only",
    componentIds: [ids.vault],
  });
  ids.customers = await create("/v1/pages", {
    name: "Customers",
    slug: "customers",
    visibility: "audience",
    componentIds: [ids.billing, ids.search],
  });
  ids.acme = await create(`/v1/pages/${ids.customers}/audiences`, {
    name: "Acme",
    componentIds: [ids.billing],
    members: [ACME],
  });
  const first = (await admin.get("/v1/pages")).body.data[0];
  ids.firstPage = first.id;
  const kept = await admin.patch(`/v1/pages/${first.id}`, {
    componentIds: [ids.api, ids.billing, ids.search],
  });
  expect(kept.status, kept.text).toBe(200);
  runner = startEmbeddedRunner();
});

afterAll(async () => {
  await runner.stop();
  closeMailer();
  await catcher.stop();
  delete process.env.SMTP_URL;
  delete process.env.EMAIL_FROM;
  resetConfig();
});

beforeEach(() => catcher.clear());

describe("the first page's subscriptions", () => {
  it("do not offer a component kept off the first page", async () => {
    const form = await new TestClient().get("/public/subscriptions");
    expect(form.status).toBe(200);
    expect(form.text).toContain("Public API");
    expect(form.text).not.toContain(HIDDEN);
    const chosen = await new TestClient().post("/public/subscriptions", {
      email: "chooser@example.com",
      componentIds: [ids.vault],
    });
    expect(chosen.status).toBe(400);
  });

  it("never name it to subscribers, nor tell of its incidents", async () => {
    const email = "reader@example.com";
    const created = await admin.post("/v1/subscribers", { email });
    expect(created.status, created.text).toBe(201);
    expect(created.body.pageId).toBe(ids.firstPage);
    await confirmFromMail(email, "");

    await publish("Keys are being rotated", [ids.vault!]);
    await publish("Requests are failing", [ids.api!, ids.vault!]);
    await catcher.waitFor(() => catcher.to(email).length > 0);
    const mails = catcher.to(email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining("Requests are failing")]);
    expect(mails[0]!.text).toContain("Public API");
    expect(mails[0]!.text).not.toContain(HIDDEN);
    expect(mails[0]!.html).not.toContain(HIDDEN);
  });
});

describe("a public page's subscriptions", () => {
  it("are taken below the page, for its components, and told in its name and at its address", async () => {
    const email = "api-reader@example.com";
    const form = await new TestClient().get("/p/api/public/subscriptions");
    expect(form.status).toBe(200);
    expect(form.text).toContain('action="/p/api/public/subscriptions"');
    // It carries no token: it keeps its origin, which its own form is checked by.
    expect(form.headers.get("referrer-policy")).toBe("same-origin");
    expect(form.text).toContain("Public API");
    expect(form.text).not.toContain("Billing API");
    // A component the page does not show is refused.
    const other = await post(new TestClient(), "/p/api/public/subscriptions", {
      email,
      componentIds: ids.billing!,
    });
    expect(other.status).toBe(400);
    const asked = await post(new TestClient(), "/p/api/public/subscriptions", { email });
    expect(asked.status, asked.text).toBe(202);
    await catcher.waitFor(() => catcher.to(email).length > 0);
    expect(catcher.to(email)[0]!.subject).toBe("Confirm your subscription to Acme API status");
    const link = linkIn(catcher.to(email)[0]!.text, "/public/subscriptions/confirm");
    expect(link).toMatch(/^http:\/\/api-status\.acme\.test\/public\/subscriptions\/confirm\?/);
    // The link is the page's: at the first page's address it is no link at all.
    const token = new URL(link).searchParams.get("token")!;
    const elsewhere = await post(
      new TestClient(),
      `/public/subscriptions/confirm?token=${encodeURIComponent(token)}`,
      {},
    );
    expect(elsewhere.status).toBe(404);
    // At the page's host, as mailed, it confirms.
    const confirmed = await new TestClient().call("POST", pathOf(link), {
      headers: { ...FORM, host: API_HOST, origin: `http://${API_HOST}` },
      body: "",
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    catcher.clear();

    // The same address may follow the first page too; each is a subscriber of its own.
    const list = await admin.get(`/v1/subscribers?pageId=${ids.apiPage}`);
    expect(list.body.map((s: { email: string }) => s.email)).toEqual([email]);

    await publish("Invoices are late", [ids.billing!]);
    const incident = await publish("API calls fail", [ids.api!]);
    await catcher.waitFor(() => catcher.to(email).length > 0);
    const mails = catcher.to(email);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^\[Acme API status\].*API calls fail/),
    ]);
    expect(mails[0]!.text).toContain(`http://${API_HOST}/incidents/${incident}`);
    expect(mails[0]!.headers.get("list-unsubscribe")).toContain(
      `<http://${API_HOST}/public/subscriptions/unsubscribe?token=`,
    );
    expect(mails[0]!.text).not.toContain("Billing");
  });
});

describe("a password page's subscriptions", () => {
  it("are locked like the page, and open to its readers", async () => {
    const stranger = new TestClient();
    const form = await stranger.get("/p/internal/public/subscriptions");
    expect(form.status).toBe(401);
    expect(form.text).not.toContain(HIDDEN);
    expect(form.text).toContain('action="/p/internal/access"');
    const json = await stranger.post("/p/internal/public/subscriptions", {
      email: "sneak@example.com",
    });
    expect(json.status).toBe(401);
    expect(json.body.code).toBe("page_private");
    expect(json.text).not.toContain(HIDDEN);
    const sent = await post(stranger, "/p/internal/public/subscriptions", {
      email: "sneak@example.com",
    });
    expect(sent.status).toBe(401);
    expect(sent.text).not.toContain(HIDDEN);

    const reader = new TestClient();
    const entered = await post(reader, "/p/internal/access", { password: "internal only" });
    expect(entered.status, entered.text).toBe(303);
    const open = await reader.get("/p/internal/public/subscriptions");
    expect(open.status).toBe(200);
    expect(open.text).toContain(HIDDEN);
    const email = "vault-reader@example.com";
    const asked = await post(reader, "/p/internal/public/subscriptions", { email });
    expect(asked.status, asked.text).toBe(202);
    await confirmFromMail(email, "/p/internal");
    await publish("The vault is sealed", [ids.vault!]);
    await catcher.waitFor(() => catcher.to(email).length > 0);
    expect(catcher.to(email)[0]!.subject).toMatch(/^\[Internal status\].*The vault is sealed/);
    expect(catcher.to(email)[0]!.text).toContain(HIDDEN);
    const unsubscribe = linkIn(catcher.to(email)[0]!.text, "/public/subscriptions/unsubscribe");

    // A new password ends the page's subscriptions, as it ends its readers' access.
    const subscribers = async () =>
      (await admin.get(`/v1/subscribers?pageId=${ids.vaultPage}`)).body.map(
        (s: { email: string }) => s.email,
      );
    expect(await subscribers()).toEqual([email]);
    const renamed = await admin.patch(`/v1/pages/${ids.vaultPage}`, { name: "Internal" });
    expect(renamed.status).toBe(200);
    expect(await subscribers()).toEqual([email]);
    const changed = await admin.patch(`/v1/pages/${ids.vaultPage}`, { password: "a new one!" });
    expect(changed.status, changed.text).toBe(200);
    expect(await subscribers()).toEqual([]);
    // Its old unsubscribe link still answers, and changes nothing more.
    const done = await post(new TestClient(), pathOf(unsubscribe), {});
    expect(done.status).toBe(200);
  });

  it("unsubscribes by a link opened at another page's address, as a moved page's links are", async () => {
    const email = "moved@example.com";
    const asked = await post(new TestClient(), "/p/api/public/subscriptions", { email });
    expect(asked.status, asked.text).toBe(202);
    await catcher.waitFor(() => catcher.to(email).length > 0);
    const confirm = linkIn(catcher.to(email)[0]!.text, "/public/subscriptions/confirm");
    const confirmed = await new TestClient().call("POST", pathOf(confirm), {
      headers: { ...FORM, host: API_HOST, origin: `http://${API_HOST}` },
      body: "",
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    catcher.clear();
    await publish("API calls are slow", [ids.api!]);
    await catcher.waitFor(() => catcher.to(email).length > 0);
    const link = new URL(linkIn(catcher.to(email)[0]!.text, "/public/subscriptions/unsubscribe"));
    // The page's host is no longer routed to it: the link reaches the first page.
    const done = await post(new TestClient(), `/public/subscriptions/unsubscribe${link.search}`, {
      "List-Unsubscribe": "One-Click",
    });
    expect(done.status).toBe(200);
    const left = (await admin.get(`/v1/subscribers?pageId=${ids.apiPage}`)).body;
    expect(left.map((s: { email: string }) => s.email)).not.toContain(email);
  });
});

describe("an audience page's subscriptions", () => {
  it("take a signed-in reader's own address, for their audiences' components only", async () => {
    const locked = await new TestClient().get("/p/customers/public/subscriptions");
    expect(locked.status).toBe(401);
    expect(locked.text).not.toContain("Billing API");

    const reader = await signIn(ACME);
    const form = await reader.get("/p/customers/public/subscriptions");
    expect(form.status).toBe(200);
    expect(form.text).toContain(`value="${ACME}" readonly`);
    expect(form.text).toContain("Billing API");
    expect(form.text).not.toContain("Search API");
    const someoneElse = await post(reader, "/p/customers/public/subscriptions", {
      email: "friend@elsewhere.example",
    });
    expect(someoneElse.status).toBe(400);
    expect(someoneElse.text).toContain(ACME);
    const notTheirs = await post(reader, "/p/customers/public/subscriptions", {
      email: ACME,
      componentIds: ids.search!,
    });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.text).not.toContain("Search API");
    const asked = await post(reader, "/p/customers/public/subscriptions", { email: ACME });
    expect(asked.status, asked.text).toBe(202);
    await confirmFromMail(ACME, "/p/customers");

    // The manage page, opened from the mail without the page's cookie, shows their part only.
    const [subscriber] = (await admin.get(`/v1/subscribers?pageId=${ids.customers}`)).body;
    expect(subscriber).toMatchObject({ email: ACME, state: "active", pageId: ids.customers });

    await publish("Search is slow", [ids.search!]);
    await publish("Invoices are delayed", [ids.billing!]);
    await catcher.waitFor(() => catcher.to(ACME).length > 0);
    const mails = catcher.to(ACME);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^\[Customers status\].*Invoices are delayed/),
    ]);
    // The workspace's overall status speaks of components they do not see: it is left out.
    expect(mails[0]!.text).not.toContain("Status page:");
    const manage = linkIn(mails[0]!.text, "/public/subscriptions/manage");
    expect(new URL(manage).pathname).toBe("/p/customers/public/subscriptions/manage");
    const page = await new TestClient().get(pathOf(manage));
    expect(page.status).toBe(200);
    expect(page.text).toContain("Billing API");
    expect(page.text).not.toContain("Search API");
    catcher.clear();

    // Out of the audience, they hear nothing more: the first page's subscriber hears of the
    // same event, and they do not.
    const marker = "marker@example.com";
    expect((await admin.post("/v1/subscribers", { email: marker })).status).toBe(201);
    await confirmFromMail(marker, "");
    const out = await admin.patch(`/v1/pages/${ids.customers}/audiences/${ids.acme}`, {
      members: [],
    });
    expect(out.status, out.text).toBe(200);
    await publish("Invoices fail", [ids.billing!]);
    await catcher.waitFor(() => catcher.to(marker).length > 0);
    expect(catcher.to(marker)[0]!.subject).toContain("Invoices fail");
    expect(catcher.to(ACME)).toEqual([]);
  });

  it("are refused by the API for an address outside the audiences or a component not shown", async () => {
    const outside = await admin.post("/v1/subscribers", {
      pageId: ids.customers,
      email: "stranger@example.com",
    });
    expect(outside.status).toBe(400);
    expect(outside.body.errors[0].field).toBe("email");
    await admin.patch(`/v1/pages/${ids.customers}/audiences/${ids.acme}`, { members: [ACME] });
    const notShown = await admin.post("/v1/subscribers", {
      pageId: ids.customers,
      email: "Ops@Acme.example",
      componentIds: [ids.api],
    });
    expect(notShown.status).toBe(400);
    expect(notShown.body.errors[0].field).toBe("componentIds.0");
    const unknownPage = await admin.post("/v1/subscribers", {
      pageId: "019a0000-0000-7000-8000-00000000beef",
      email: ACME,
    });
    expect(unknownPage.status).toBe(400);
    expect(unknownPage.body.errors[0].field).toBe("pageId");
  });
});
