import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { closeMailer } from "@/lib/email/transport";
import { startEmbeddedRunner, type Runner } from "@/lib/runner/runner";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { linkIn, MailCatcher, type Caught } from "@/lib/testing/smtp";

let admin: TestClient;
let catcher: MailCatcher;
let runner: Runner;
let api: string;
let web: string;

beforeAll(async () => {
  catcher = await new MailCatcher().start();
  process.env.SMTP_URL = catcher.url;
  process.env.EMAIL_FROM = "Acme Status <status@acme.test>";
  process.env.WEBHOOK_RETRY_SCHEDULE = "200ms,200ms";
  resetConfig();
  ({ client: admin } = await setUpOwner());
  api = (await admin.post("/v1/components", { name: "API" })).body.id;
  web = (await admin.post("/v1/components", { name: "Website" })).body.id;
  runner = startEmbeddedRunner();
});

afterAll(async () => {
  await runner.stop();
  closeMailer();
  await catcher.stop();
  delete process.env.SMTP_URL;
  delete process.env.EMAIL_FROM;
  delete process.env.WEBHOOK_RETRY_SCHEDULE;
  resetConfig();
});

beforeEach(() => catcher.clear());

/** A path on this deployment, from a link in a mail. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

const visitor = () => new TestClient();

/** Adds a subscriber through the API and confirms it from the mailed link, as they would. */
async function activeSubscriber(email: string, componentIds?: string[]) {
  const created = await admin.post("/v1/subscribers", { email, componentIds });
  expect(created.status, created.text).toBe(201);
  const [mail] = await catcher
    .waitFor(() => catcher.to(email).length > 0)
    .then(() => catcher.to(email));
  const confirmed = await visitor().post(
    pathOf(linkIn(mail!.text, "/public/subscriptions/confirm")),
    "",
    {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    },
  );
  expect(confirmed.status, confirmed.text).toBe(200);
  catcher.clear();
  return created.body.id as string;
}

async function publishIncident(body: Record<string, unknown> = {}) {
  const response = await admin.post("/v1/incidents", {
    title: "API errors",
    impact: "major",
    body: "We are **looking** into errors.",
    visibility: "published",
    ...body,
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const state = async (id: string) =>
  (await admin.get("/v1/subscribers")).body.find((s: { id: string }) => s.id === id)?.state;

function expectListHeaders(mail: Caught) {
  expect(mail.headers.get("auto-submitted")).toBe("auto-generated");
  expect(mail.headers.get("list-id")).toBe('"Acme status" <status.localhost>');
  expect(mail.headers.get("list-unsubscribe")).toMatch(
    /^<http:\/\/localhost:3000\/public\/subscriptions\/unsubscribe\?token=[^>]+>$/,
  );
  expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  expect(mail.text).toContain("/public/subscriptions/unsubscribe?token=");
  expect(mail.text).toContain("/public/subscriptions/manage?token=");
  expect(mail.html).toContain("Unsubscribe</a>");
}

describe("subscribers API", () => {
  it("adds a pending subscriber, mails the confirmation, and lists subscribers oldest first", async () => {
    const created = await admin.post("/v1/subscribers", {
      email: "Pat@Example.com",
      componentIds: [api],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      pageId: (await admin.get("/v1/pages")).body.data[0].id,
      email: "pat@example.com",
      channel: "email",
      state: "pending_confirmation",
      locale: "en",
      componentIds: [api],
      postmortems: false,
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(created.headers.get("location")).toBe(`/v1/subscribers/${created.body.id}`);
    const [mail] = await catcher.waitFor((m) => m.length > 0);
    expect(mail!.to).toBe("pat@example.com");
    expect(mail!.subject).toBe("Confirm your subscription to Acme status");
    expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail!.text).toContain("for: API.");
    expect(mail!.text).toContain("expires in 7 days");
    expect(mail!.html).toContain("Confirm subscription");
    expect(mail!.headers.get("auto-submitted")).toBe("auto-generated");
    expect(mail!.headers.get("list-id")).toBe('"Acme status" <status.localhost>');
    expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@acme\.test>$/);

    const second = await admin.post("/v1/subscribers", { email: "second@example.com" });
    const list = await admin.get("/v1/subscribers");
    expect(list.status).toBe(200);
    const ids = list.body.map((s: { id: string }) => s.id);
    expect(ids.indexOf(created.body.id)).toBeLessThan(ids.indexOf(second.body.id));
  });

  it("refuses a second subscriber for one address, a bad address and an unknown component", async () => {
    await admin.post("/v1/subscribers", { email: "twice@example.com" });
    const again = await admin.post("/v1/subscribers", { email: "TWICE@example.com" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_subscribed");
    const bad = await admin.post("/v1/subscribers", { email: "not an address" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("email");
    const unknown = await admin.post("/v1/subscribers", {
      email: "unknown@example.com",
      componentIds: ["019a0000-0000-7000-8000-00000000beef"],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe("componentIds.0");
    const extra = await admin.post("/v1/subscribers", {
      email: "x@example.com",
      state: "active",
      nope: 1,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual([{ field: "nope", message: "Unknown field." }]);
  });

  it("deletes a subscriber (404 after), and the address may subscribe again", async () => {
    const created = await admin.post("/v1/subscribers", { email: "leaver@example.com" });
    expect((await admin.delete(`/v1/subscribers/${created.body.id}`)).status).toBe(204);
    expect((await admin.delete(`/v1/subscribers/${created.body.id}`)).status).toBe(404);
    expect((await admin.post("/v1/subscribers", { email: "leaver@example.com" })).status).toBe(201);
  });
});

describe("incident and maintenance mail", () => {
  beforeAll(async () => {
    await activeSubscriber("all@example.com");
    await activeSubscriber("api@example.com", [api]);
    await activeSubscriber("web@example.com", [web]);
    await admin.post("/v1/subscribers", { email: "pending@example.com" });
    await catcher.waitFor(() => catcher.to("pending@example.com").length === 1);
  });

  it("mails a published incident to the active subscribers following it, with its update rendered", async () => {
    const incident = await publishIncident({
      components: [{ componentId: api, status: "major_outage" }],
    });
    await catcher.waitFor(
      () =>
        catcher.to("api@example.com").length === 1 && catcher.to("all@example.com").length === 1,
    );
    const [mail] = catcher.to("api@example.com");
    expect(mail!.subject).toBe("[Acme status] Investigating: API errors");
    expect(mail!.text).toContain("Impact: Major");
    // Their page shows every component, so the whole page's status is theirs to hear.
    expect(mail!.text).toContain("Status page: ");
    expect(mail!.text).toContain("API: Major outage");
    expect(mail!.text).toContain("We are **looking** into errors.");
    expect(mail!.text).toContain(`http://localhost:3000/incidents/${incident.id}`);
    expect(mail!.html).toContain("<strong>looking</strong>");
    expectListHeaders(mail!);

    const resolved = await admin.post(`/v1/incidents/${incident.id}/updates`, {
      status: "resolved",
      body: "Fixed.",
    });
    expect(resolved.status, resolved.text).toBe(201);
    await catcher.waitFor(() => catcher.to("api@example.com").length === 2);
    expect(catcher.to("api@example.com")[1]!.subject).toBe("[Acme status] Resolved: API errors");
    // Neither the subscriber following only the website nor the pending one heard of it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(catcher.to("web@example.com")).toEqual([]);
    expect(catcher.to("pending@example.com")).toEqual([]);
    expect(catcher.to("all@example.com")).toHaveLength(2);
  });

  it("sends nothing for a draft, and an incident naming no components to every active subscriber", async () => {
    await publishIncident({ title: "Quiet", visibility: "draft" });
    await publishIncident({ title: "Everywhere" });
    await catcher.waitFor(() => catcher.messages.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(catcher.messages.map((m) => m.to).sort()).toEqual([
      "all@example.com",
      "api@example.com",
      "web@example.com",
    ]);
    expect(catcher.messages.every((m) => m.subject.endsWith(": Everywhere"))).toBe(true);
  });

  it("mails maintenance scheduled, started, completed and cancelled with the window in UTC", async () => {
    const startsAt = new Date(Date.now() + 1500);
    const endsAt = new Date(Date.now() + 3000);
    const created = await admin.post("/v1/maintenances", {
      title: "Database upgrade",
      body: "Short *pause* in writes.",
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      componentIds: [web],
    });
    expect(created.status, created.text).toBe(201);
    const cancelled = await admin.post("/v1/maintenances", {
      title: "Network work",
      body: "",
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      componentIds: [web],
    });
    await admin.post(`/v1/maintenances/${cancelled.body.id}/cancel`);
    await catcher.waitFor(() => catcher.to("web@example.com").length === 5, 15_000);
    const subjects = catcher.to("web@example.com").map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        "[Acme status] Maintenance scheduled: Database upgrade",
        "[Acme status] Maintenance started: Database upgrade",
        "[Acme status] Maintenance completed: Database upgrade",
        "[Acme status] Maintenance scheduled: Network work",
        "[Acme status] Maintenance cancelled: Network work",
      ]),
    );
    const scheduled = catcher
      .to("web@example.com")
      .find((m) => m.subject.includes("scheduled: Database"))!;
    expect(scheduled.text).toMatch(/Starts: .+ UTC/);
    expect(scheduled.text).toContain("Affected components:\n- Website");
    expect(scheduled.html).toContain("<em>pause</em>");
    expectListHeaders(scheduled);
    expect(catcher.to("api@example.com")).toEqual([]);
  });
});

describe("delivery", () => {
  it("marks a subscriber bounced on a 550 and sends it nothing more", async () => {
    const id = await activeSubscriber("gone@example.com");
    catcher.refuse("gone@example.com", 550);
    await publishIncident({ title: "First" });
    await expect.poll(() => state(id), { timeout: 10_000 }).toBe("bounced");
    await publishIncident({ title: "Second" });
    await catcher.waitFor(() =>
      catcher.to("all@example.com").some((m) => m.subject.endsWith("Second")),
    );
    const db = await getDb();
    const rows = await db
      .select({ state: schema.emailMessage.state, lastError: schema.emailMessage.lastError })
      .from(schema.emailMessage)
      .where(eq(schema.emailMessage.subscriberId, id));
    // The confirmation was sent; the first incident was refused; the second was never queued.
    expect(rows.map((r) => r.state).sort()).toEqual(["failed", "sent"]);
    expect(rows.find((r) => r.state === "failed")!.lastError).toContain("Mailbox unavailable");
    // Deleting it lets the address subscribe again.
    expect((await admin.delete(`/v1/subscribers/${id}`)).status).toBe(204);
    expect((await admin.post("/v1/subscribers", { email: "gone@example.com" })).status).toBe(201);
  });

  it("retries a 451 and keeps the Message-ID of the first attempt", async () => {
    await activeSubscriber("busy@example.com");
    catcher.failData("busy@example.com", 451, 1);
    await publishIncident({ title: "Retried" });
    await catcher.waitFor(() => catcher.to("busy@example.com").length === 1, 10_000);
    const turnedAway = catcher.turnedAway.filter((m) => m.to === "busy@example.com");
    expect(turnedAway).toHaveLength(1);
    expect(catcher.to("busy@example.com")[0]!.messageId).toBe(turnedAway[0]!.messageId);
  });
});

describe("invitations", () => {
  it("mails the accept link, and a resend mails a fresh one that replaces it", async () => {
    const invited = await admin.post("/v1/invitations", {
      email: "newcomer@example.com",
      role: "editor",
    });
    expect(invited.status, invited.text).toBe(201);
    const [mail] = await catcher
      .waitFor(() => catcher.to("newcomer@example.com").length === 1)
      .then(() => catcher.to("newcomer@example.com"));
    expect(mail!.subject).toBe("You are invited to Acme on Allclear");
    expect(linkIn(mail!.text, "/accept-invitation")).toBe(invited.body.acceptUrl);
    expect(mail!.headers.get("auto-submitted")).toBe("auto-generated");

    const resent = await admin.post(`/v1/invitations/${invited.body.invitation.id}/resend`);
    expect(resent.status, resent.text).toBe(200);
    await catcher.waitFor(() => catcher.to("newcomer@example.com").length === 2);
    const link = linkIn(catcher.to("newcomer@example.com")[1]!.text, "/accept-invitation");
    expect(link).toBe(resent.body.acceptUrl);
    expect(link).not.toBe(invited.body.acceptUrl);
    const old = await visitor().post("/v1/invitations/accept", {
      token: invited.body.token,
      name: "New",
      password: "a good password",
    });
    expect(old.status).toBe(404);
    const accepted = await visitor().post("/v1/invitations/accept", {
      token: resent.body.token,
      name: "New",
      password: "a good password",
    });
    expect(accepted.status, accepted.text).toBe(201);
    expect((await admin.post(`/v1/invitations/${invited.body.invitation.id}/resend`)).status).toBe(
      404,
    );
  });
});

describe("DKIM", () => {
  it("signs List-Unsubscribe-Post among the headers", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    process.env.DKIM_DOMAIN = "acme.test";
    process.env.DKIM_SELECTOR = "mail";
    process.env.DKIM_PRIVATE_KEY = privateKey
      .export({ type: "pkcs8", format: "pem" })
      .toString()
      .replace(/\n/g, "\\n");
    resetConfig();
    closeMailer();
    try {
      await publishIncident({ title: "Signed" });
      const [mail] = await catcher
        .waitFor(() => catcher.to("all@example.com").length === 1)
        .then(() => catcher.to("all@example.com"));
      const signature = mail!.headers.get("dkim-signature")!;
      expect(signature).toMatch(/d=acme\.test/);
      expect(signature).toMatch(/s=mail/);
      const signed = /(?:^|;)h=([^;]+)/
        .exec(signature.replace(/\s+/g, ""))![1]!
        .toLowerCase()
        .split(":");
      expect(signed).toEqual(
        expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post", "from", "subject"]),
      );
    } finally {
      delete process.env.DKIM_DOMAIN;
      delete process.env.DKIM_SELECTOR;
      delete process.env.DKIM_PRIVATE_KEY;
      resetConfig();
      closeMailer();
    }
  });
});
