import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { closeMailer } from "@/lib/email/transport";
import { startEmbeddedRunner, type Runner } from "@/lib/jobs/runner";
import { SUBSCRIBE_REQUESTS_PER_MINUTE } from "@/lib/public/subscriptions";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { linkIn, MailCatcher } from "@/lib/testing/smtp";

let admin: TestClient;
let catcher: MailCatcher;
let runner: Runner;
let api: string;

const FORM = { "content-type": "application/x-www-form-urlencoded" };

beforeAll(async () => {
  catcher = await new MailCatcher().start();
  process.env.SMTP_URL = catcher.url;
  resetConfig();
  ({ client: admin } = await setUpOwner());
  api = (await admin.post("/v1/components", { name: "API" })).body.id;
  runner = startEmbeddedRunner();
});

afterAll(async () => {
  await runner.stop();
  closeMailer();
  await catcher.stop();
  delete process.env.SMTP_URL;
  resetConfig();
});

beforeEach(() => catcher.clear());

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

/** Each call comes from a visitor address of its own, unless one is given. */
const subscribe = (body: unknown, client = new TestClient()) =>
  client.post("/public/subscriptions", body, { headers: { origin: "https://elsewhere.example" } });

async function mailTo(email: string, count = 1) {
  await catcher.waitFor(() => catcher.to(email).length >= count);
  return catcher.to(email);
}

const subscriberRow = async (email: string) => {
  const db = await getDb();
  const [row] = await db.select().from(schema.subscriber).where(eq(schema.subscriber.email, email));
  return row;
};

async function confirmFromMail(email: string) {
  const [mail] = await mailTo(email);
  const path = pathOf(linkIn(mail!.text, "/public/subscriptions/confirm"));
  const confirmed = await new TestClient().post(path, "", { headers: FORM });
  expect(confirmed.status, confirmed.text).toBe(200);
  return path;
}

describe("public subscribe", () => {
  it("answers new, pending and active addresses alike, and mails what each calls for", async () => {
    const fresh = await subscribe({ email: "new@example.com", componentIds: [api] });
    await mailTo("new@example.com");
    const pending = await subscribe({ email: "new@example.com" });
    await confirmFromMail("new@example.com");
    await subscribeUntilQuiet("active@example.com");
    catcher.clear();
    const active = await subscribe({ email: "active@example.com" });
    for (const answer of [fresh, pending, active]) {
      expect(answer.status).toBe(202);
      expect(answer.text).toBe('{"state":"pending_confirmation"}');
      expect(answer.headers.get("content-type")).toBe(fresh.headers.get("content-type"));
    }
    // The pending address asked again within 15 minutes: no second confirmation.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(catcher.to("new@example.com")).toEqual([]);
    expect((await subscriberRow("new@example.com"))!.state).toBe("active");
    const list = (await admin.get("/v1/subscribers")).body;
    expect(list.find((s: { email: string }) => s.email === "new@example.com").componentIds).toEqual(
      [api],
    );
  });

  /** An address made active by its own confirmation, with the 15-minute window passed. */
  async function subscribeUntilQuiet(email: string) {
    await subscribe({ email });
    await confirmFromMail(email);
    const db = await getDb();
    await db
      .update(schema.subscriber)
      .set({ lastConfirmationAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(schema.subscriber.email, email));
  }

  it("tells an active address it is already subscribed, with its manage and unsubscribe links", async () => {
    await subscribeUntilQuiet("known@example.com");
    catcher.clear();
    await subscribe({ email: "known@example.com" });
    const [mail] = await mailTo("known@example.com");
    expect(mail!.subject).toBe("You are already subscribed to Acme status");
    expect(mail!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail!.text).toContain("/public/subscriptions/manage?token=");
  });

  it("works as a plain form: 202 with a page, and the form on the status page", async () => {
    const page = await new TestClient().get("/");
    expect(page.text).toContain(
      '<form class="subscribe-form" method="post" action="/public/subscriptions">',
    );
    const answer = await new TestClient().post(
      "/public/subscriptions",
      `email=form%40example.com&componentIds=${api}&website=`,
      { headers: FORM },
    );
    expect(answer.status).toBe(202);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.text).toContain("Check your inbox");
    await mailTo("form@example.com");
    const bad = await new TestClient().post("/public/subscriptions", "email=nope", {
      headers: FORM,
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Enter a valid email address.");
    const json = await subscribe({ email: "nope" });
    expect(json.status).toBe(400);
    expect(json.body.code).toBe("validation_failed");
  });

  it("answers a filled-in honeypot alike and does nothing", async () => {
    const answer = await subscribe({ email: "bot@example.com", website: "http://spam.example" });
    expect(answer.status).toBe(202);
    expect(answer.text).toBe('{"state":"pending_confirmation"}');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(catcher.to("bot@example.com")).toEqual([]);
    expect(await subscriberRow("bot@example.com")).toBeUndefined();
  });

  it("limits requests per visitor address (429) and confirmations per email address", async () => {
    const visitor = new TestClient();
    for (let i = 0; i < SUBSCRIBE_REQUESTS_PER_MINUTE; i++) {
      expect((await subscribe({ email: `v${i}@example.com` }, visitor)).status).toBe(202);
    }
    const limited = await subscribe({ email: "one-more@example.com" }, visitor);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    for (let i = 0; i < 3; i++)
      expect((await subscribe({ email: "often@example.com" })).status).toBe(202);
    await mailTo("often@example.com");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(catcher.to("often@example.com")).toHaveLength(1);
  });
});

describe("links", () => {
  it("GET on a confirmation link confirms nothing; POST confirms once; a reused link is refused", async () => {
    await subscribe({ email: "confirm@example.com" });
    const [mail] = await mailTo("confirm@example.com");
    const path = pathOf(linkIn(mail!.text, "/public/subscriptions/confirm"));
    const shown = await new TestClient().get(path);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('method="post"');
    expect(shown.headers.get("referrer-policy")).toBe("no-referrer");
    expect((await subscriberRow("confirm@example.com"))!.state).toBe("pending_confirmation");
    const confirmed = await new TestClient().post(path, "", { headers: FORM });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain("You are subscribed");
    expect((await subscriberRow("confirm@example.com"))!.state).toBe("active");
    const reused = await new TestClient().post(path, "", { headers: FORM });
    expect(reused.status).toBe(404);
    expect(reused.text).toContain("Link not valid");
    expect((await new TestClient().get("/public/subscriptions/confirm?token=made-up")).status).toBe(
      404,
    );
  });

  it("refuses an expired confirmation link", async () => {
    await subscribe({ email: "late@example.com" });
    const [mail] = await mailTo("late@example.com");
    const db = await getDb();
    await db
      .update(schema.subscriber)
      .set({ confirmTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.subscriber.email, "late@example.com"));
    const path = pathOf(linkIn(mail!.text, "/public/subscriptions/confirm"));
    expect((await new TestClient().get(path)).status).toBe(410);
    const posted = await new TestClient().post(path, "", { headers: FORM });
    expect(posted.status).toBe(410);
    expect(posted.text).toContain("expired");
    expect((await subscriberRow("late@example.com"))!.state).toBe("pending_confirmation");
  });

  it("unsubscribes with the one-click POST (no origin, repeatable, no redirect), and not with GET", async () => {
    await subscribe({ email: "leave@example.com" });
    await confirmFromMail("leave@example.com");
    await admin.post("/v1/incidents", {
      title: "Down",
      impact: "minor",
      body: "Looking.",
      visibility: "published",
    });
    const [mail] = await catcher
      .waitFor(() => catcher.to("leave@example.com").length > 1)
      .then(() => catcher.to("leave@example.com").filter((m) => m.subject.includes("Down")));
    const url = /^<(.+)>$/.exec(mail!.headers.get("list-unsubscribe")!)![1]!;
    const shown = await new TestClient().get(pathOf(url));
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("leave@example.com");
    expect(await subscriberRow("leave@example.com")).toBeDefined();
    for (let i = 0; i < 2; i++) {
      const oneClick = await new TestClient().call("POST", pathOf(url), {
        body: "List-Unsubscribe=One-Click",
        headers: { ...FORM, origin: "" },
      });
      expect(oneClick.status).toBe(200);
      expect(oneClick.headers.get("location")).toBeNull();
      expect(oneClick.text).toContain("You are unsubscribed");
    }
    expect(await subscriberRow("leave@example.com")).toBeUndefined();
    const forged = await new TestClient().post(
      pathOf(url.replace(/token=[^.]+/, "token=019a0000-0000-7000-8000-00000000beef")),
      "List-Unsubscribe=One-Click",
      { headers: FORM },
    );
    expect(forged.status).toBe(404);
  });

  it("lets a subscriber change what they follow on the manage page", async () => {
    await subscribe({ email: "manage@example.com" });
    await confirmFromMail("manage@example.com");
    const row = await subscriberRow("manage@example.com");
    const { subscriberLinks } = await import("@/lib/email/queue");
    const { manageUrl } = await subscriberLinks(row!.id);
    const page = await new TestClient().get(pathOf(manageUrl));
    expect(page.status).toBe(200);
    expect(page.text).toContain(`name="componentIds" value="${api}"`);
    const saved = await new TestClient().post(pathOf(manageUrl), `componentIds=${api}`, {
      headers: FORM,
    });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Saved.");
    expect(saved.text).toContain(`value="${api}" checked`);
    const list = (await admin.get("/v1/subscribers")).body;
    expect(
      list.find((s: { email: string }) => s.email === "manage@example.com").componentIds,
    ).toEqual([api]);
  });
});
