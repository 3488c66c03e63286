import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { closeMailer } from "@/lib/email/transport";
import { startEmbeddedRunner, type Runner } from "@/lib/runner/runner";
import { teamsWorkflow } from "@/lib/testing/chat-providers";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { Receiver } from "@/lib/testing/receiver";
import { linkIn, MailCatcher } from "@/lib/testing/smtp";

// Visitors follow the public page in their own Slack or Teams channel or webhook. Receivers on
// loopback stand for those; a subscription that keeps failing ends after a short configured
// window instead of a week.
process.env.ALLOW_PRIVATE_TARGETS = "true";
process.env.WEBHOOK_RETRY_SCHEDULE = "200ms";
process.env.CHANNEL_FAILURE_WINDOW = "1s";
resetConfig();

let admin: TestClient;
let catcher: MailCatcher;
let receiver: Receiver;
let runner: Runner;
let api: string;
let web: string;

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
const visitor = () => new TestClient();

function postForm(client: TestClient, path: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of [value].flat()) body.append(name, one);
  }
  return client.call("POST", path, { headers: FORM, body: body.toString() });
}

async function subscribe(fields: Record<string, unknown>) {
  const response = await visitor().post("/public/subscriptions", fields);
  expect(response.status, response.text).toBe(202);
  return response.body as { state: string; secret?: string };
}

/** Confirms from the latest mail to `email`; answers that mail's text. */
async function confirmFromMail(email: string) {
  await catcher.waitFor(() => catcher.to(email).length > 0);
  const text = catcher.to(email).at(-1)!.text;
  const link = linkIn(text, "/public/subscriptions/confirm");
  const confirmed = await postForm(visitor(), pathOf(link), {});
  expect(confirmed.status, confirmed.text).toBe(200);
  catcher.clear();
  return text;
}

async function publish(title: string, componentId: string) {
  const response = await admin.post("/v1/incidents", {
    title,
    impact: "major",
    visibility: "published",
    body: "Looking into it.",
    components: [{ componentId, status: "major_outage" }],
  });
  expect(response.status, response.text).toBe(201);
  return response.body.id as string;
}

async function subscribers() {
  return (await admin.get("/v1/subscribers")).body as {
    id: string;
    email: string;
    channel: string;
    state: string;
    componentIds: string[];
  }[];
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, 600));

beforeAll(async () => {
  catcher = await new MailCatcher().start();
  process.env.SMTP_URL = catcher.url;
  resetConfig();
  receiver = await new Receiver().start();
  receiver.answer("/teams", teamsWorkflow);
  ({ client: admin } = await setUpOwner());
  api = (await admin.post("/v1/components", { name: "Public API" })).body.id;
  web = (await admin.post("/v1/components", { name: "Website" })).body.id;
  runner = startEmbeddedRunner();
});

afterAll(async () => {
  await runner.stop();
  await receiver.stop();
  await closeMailer();
  await catcher.stop();
  delete process.env.SMTP_URL;
  delete process.env.CHANNEL_FAILURE_WINDOW;
  resetConfig();
});

describe("chat and webhook subscriptions", () => {
  it("a webhook subscriber confirms by email, then gets signed events about what they chose, with a way to stop", async () => {
    const contact = "hooks@partner.example";
    const { secret } = await subscribe({
      channel: "webhook",
      url: `${receiver.url}/partner`,
      email: contact,
      componentIds: [api],
    });
    expect(secret).toMatch(/^whsec_/);
    // Nothing reaches the webhook before its contact confirms.
    await publish("Before confirming", api);
    const mail = await confirmFromMail(contact);
    expect(mail).toContain("signed, to the webhook URL given on the status page");
    expect(receiver.on("/partner")).toHaveLength(0);

    const listed = (await subscribers()).find((s) => s.email === contact)!;
    expect(listed).toMatchObject({ channel: "webhook", state: "active", componentIds: [api] });
    // The subscription's endpoint is the visitor's, not among the team's endpoints.
    expect((await admin.get("/v1/webhook-endpoints")).body).toEqual([]);

    const incident = await publish("API errors", api);
    await publish("Website slow", web);
    const [request] = await receiver.waitFor("/partner", 1);
    await quiet();
    expect(receiver.on("/partner")).toHaveLength(1);
    const event = new Webhook(secret!).verify(request!.body, request!.headers as never) as {
      type: string;
      data: { incident: { id: string }; url: string };
      unsubscribeUrl: string;
    };
    expect(event.type).toBe("incident.created");
    expect(event.data.incident.id).toBe(incident);
    expect(event.data.url).toBe(`http://localhost:3000/incidents/${incident}`);
    expect(event.unsubscribeUrl).toContain("/public/subscriptions/unsubscribe?token=");

    // The stop link ends it in one click; what it opens names no address, as anyone with
    // access to the webhook's requests may open it.
    const asked = await visitor().get(pathOf(event.unsubscribeUrl));
    expect(asked.text).toContain("to this chat channel or webhook?");
    expect(asked.text).not.toContain(contact);
    const stopped = await postForm(visitor(), pathOf(event.unsubscribeUrl), {});
    expect(stopped.status, stopped.text).toBe(200);
    expect((await subscribers()).some((s) => s.email === contact)).toBe(false);
    await publish("After stopping", api);
    await quiet();
    expect(receiver.on("/partner")).toHaveLength(1);
  });

  it("a Teams subscriber gets a card the provider accepts, with a stop action; the team deletes it by the API", async () => {
    const contact = "it@customer.example";
    const { secret } = await subscribe({
      channel: "teams",
      url: `${receiver.url}/teams`,
      email: contact,
    });
    expect(secret).toBeUndefined();
    const mail = await confirmFromMail(contact);
    expect(mail).toContain("Microsoft Teams channel");
    await publish("Logins fail", web);
    const [request] = await receiver.waitFor("/teams", 1);
    const card = JSON.parse(request!.body).attachments[0].content;
    expect(card.actions.map((a: { title: string }) => a.title)).toEqual([
      "View on the status page",
      "Stop these messages",
    ]);
    expect(card.actions[1].url).toContain("/public/subscriptions/unsubscribe?token=");

    const subscription = (await subscribers()).find((s) => s.email === contact)!;
    expect(subscription.channel).toBe("teams");
    expect((await admin.delete(`/v1/subscribers/${subscription.id}`)).status).toBe(204);
    await publish("Logins fail again", web);
    await quiet();
    expect(receiver.on("/teams")).toHaveLength(1);
  });

  it("refuses a URL the outgoing rules refuse, and a channel without a URL", async () => {
    const metadata = await visitor().post("/public/subscriptions", {
      channel: "slack",
      url: "http://169.254.169.254/latest/meta-data",
      email: "x@partner.example",
    });
    expect(metadata.status).toBe(400);
    expect(metadata.body.errors[0].field).toBe("url");
    const missing = await visitor().post("/public/subscriptions", {
      channel: "webhook",
      email: "x@partner.example",
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe("url");
    // The form says so in the visitor's words.
    const form = await postForm(visitor(), "/public/subscriptions", {
      channel: "slack",
      url: "http://169.254.169.254/",
      email: "x@partner.example",
    });
    expect(form.status).toBe(400);
    expect(form.text).toContain("Enter the channel&#39;s public https URL.");
  });

  it("ends a subscription whose deliveries keep failing, and tells its contact", async () => {
    const contact = "gone@partner.example";
    receiver.always("/gone", { status: 410 });
    await subscribe({ channel: "slack", url: `${receiver.url}/gone`, email: contact });
    await confirmFromMail(contact);
    await publish("Queue backlog", api);
    const [first] = await receiver.waitFor("/gone", 1);
    const blocks = JSON.parse(first!.body).blocks as { elements?: { text: string }[] }[];
    expect(blocks.at(-1)!.elements![0]!.text).toMatch(
      /^<http:\/\/localhost:3000\/public\/subscriptions\/unsubscribe\?token=[^|]+\|Stop these messages>$/,
    );
    // Failing, but not for the whole window yet: the subscription stays.
    await expect
      .poll(async () => (await subscribers()).find((s) => s.email === contact)?.state)
      .toBe("active");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await publish("Queue backlog again", api);
    await receiver.waitFor("/gone", 2);
    await catcher.waitFor(() => catcher.to(contact).length > 0);
    const ended = catcher.to(contact).at(-1)!;
    expect(ended.subject).toContain("status updates to your channel have stopped");
    expect(linkIn(ended.text, "/public/subscriptions")).toBeTruthy();
    expect((await subscribers()).some((s) => s.email === contact)).toBe(false);
    await publish("Queue backlog, third", api);
    await quiet();
    expect(receiver.on("/gone")).toHaveLength(2);
  });

  it("offers the channel form on the public page's subscribe form", async () => {
    const page = await visitor().get("/public/subscriptions");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Follow in Slack, Microsoft Teams or by webhook");
    expect(page.text).toContain('<option value="webhook">');
  });
});
