import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { closeMailer } from "@/lib/email/transport";
import { startEmbeddedRunner, type Runner } from "@/lib/runner/runner";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { linkIn, MailCatcher } from "@/lib/testing/smtp";

// A component kept off the first page (shown on a password page only): the first page's
// subscription pages and its subscribers' mail never name it, nor tell of its incidents.
const HIDDEN = "Vault Service";
let admin: TestClient;
let catcher: MailCatcher;
let runner: Runner;
const ids: Record<string, string> = {};

beforeAll(async () => {
  catcher = await new MailCatcher().start();
  process.env.SMTP_URL = catcher.url;
  process.env.EMAIL_FROM = "Acme Status <status@acme.test>";
  resetConfig();
  ({ client: admin } = await setUpOwner());
  const create = async (path: string, body: unknown) => {
    const response = await admin.post(path, body);
    expect(response.status, response.text).toBe(201);
    return response.body.id as string;
  };
  ids.api = await create("/v1/components", { name: "Public API" });
  ids.vault = await create("/v1/components", { name: HIDDEN });
  await create("/v1/pages", {
    name: "Internal",
    slug: "internal",
    visibility: "password",
    password: "internal only",
    componentIds: [ids.vault],
  });
  const first = (await admin.get("/v1/pages")).body.data[0];
  const kept = await admin.patch(`/v1/pages/${first.id}`, { componentIds: [ids.api] });
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

describe("a component kept off the first page", () => {
  it("is not offered by the subscription pages", async () => {
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

  it("is never named to subscribers, nor its incidents told", async () => {
    const email = "reader@example.com";
    const created = await admin.post("/v1/subscribers", { email });
    expect(created.status, created.text).toBe(201);
    await catcher.waitFor(() => catcher.to(email).length > 0);
    const confirm = linkIn(catcher.to(email)[0]!.text, "/public/subscriptions/confirm");
    const url = new URL(confirm);
    const confirmed = await new TestClient().post(url.pathname + url.search, "", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    catcher.clear();

    const publish = async (title: string, componentIds: string[]) => {
      const response = await admin.post("/v1/incidents", {
        title,
        impact: "major",
        visibility: "published",
        body: "Looking into it.",
        components: componentIds.map((componentId) => ({ componentId, status: "major_outage" })),
      });
      expect(response.status, response.text).toBe(201);
    };
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
