import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { startEmbeddedRunner, type Runner } from "@/lib/runner/runner";
import {
  ntfyServer,
  opsgenieApi,
  pagerDutyEvents,
  telegramBot,
} from "@/lib/testing/alert-providers";
import { Receiver } from "@/lib/testing/receiver";
import { setUpOwner, TestClient } from "@/lib/testing/client";

// Telegram, ntfy, PagerDuty and Opsgenie stand on loopback: each reads requests as its provider
// documents them and answers as it does. The providers' addresses point at them through the
// environment, as an operator could point them at a proxy.
process.env.ALLOW_PRIVATE_TARGETS = "true";
process.env.WEBHOOK_RETRY_SCHEDULE = "300ms,300ms";
resetConfig();

const BOT_TOKEN = "123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
const CHAT = "-1001234567890";
const ROUTING_KEY = "R0123456789abcdef0123456789ABCDE";
const GENIE_KEY = "eb243592-faa2-4ba2-a551q-1afdf565c889";
const TOPIC = "acme-status-7f3k2";
const NTFY_TOKEN = "tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2";
// What a writer may type that a channel would act on: a mention and a Markdown link to another
// site in an update, and Telegram's own HTML in a component's name (updates refuse tags).
const HOSTILE = "Ping @channel: 1 < 2 & 3 > 2, see [docs](https://evil.example)";
const TAGGED = 'Payments <b>API</b> & <a href="https://evil.example">x</a>';

const telegram = telegramBot({ token: BOT_TOKEN, chats: [CHAT] });
const ntfy = ntfyServer({ protectedTopics: { [TOPIC]: NTFY_TOKEN } });
const pagerDuty = pagerDutyEvents({ routingKey: ROUTING_KEY });
const opsgenieEu = opsgenieApi({ apiKey: GENIE_KEY, base: "/opsgenie-eu" });
const opsgenieUs = opsgenieApi({ apiKey: GENIE_KEY, base: "/opsgenie" });

let admin: TestClient;
let receiver: Receiver;
let runner: Runner;
let api: string;

beforeAll(async () => {
  receiver = await new Receiver().start();
  receiver.answerUnder("/telegram/", (request) =>
    telegram.answer({ ...request, path: request.path.slice("/telegram".length) }),
  );
  receiver.answerUnder("/ntfy/", ntfy.answer);
  receiver.answerUnder("/pagerduty/", pagerDuty.answer);
  receiver.answerUnder("/opsgenie-eu/", opsgenieEu.answer);
  receiver.answerUnder("/opsgenie/", opsgenieUs.answer);
  process.env.TELEGRAM_API_URL = `${receiver.url}/telegram`;
  process.env.PAGERDUTY_EVENTS_URL = `${receiver.url}/pagerduty/v2/enqueue`;
  process.env.OPSGENIE_API_URL = `${receiver.url}/opsgenie`;
  process.env.OPSGENIE_EU_API_URL = `${receiver.url}/opsgenie-eu/`;
  resetConfig();
  ({ client: admin } = await setUpOwner());
  runner = startEmbeddedRunner();
  api = (await admin.post("/v1/components", { name: TAGGED })).body.id;
  expect(api).toBeTruthy();
});

afterAll(async () => {
  await runner.stop();
  await receiver.stop();
  for (const name of [
    "TELEGRAM_API_URL",
    "PAGERDUTY_EVENTS_URL",
    "OPSGENIE_API_URL",
    "OPSGENIE_EU_API_URL",
  ]) {
    delete process.env[name];
  }
  resetConfig();
});

async function endpoint(input: Record<string, unknown>) {
  const response = await admin.post("/v1/webhook-endpoints", {
    name: String(input.kind),
    componentIds: [api],
    ...input,
  });
  expect(response.status, response.text).toBe(201);
  expect(response.body.secret).toBeNull();
  return response.body.endpoint as { id: string; settings: Record<string, unknown> };
}

async function open(title: string, impact = "critical") {
  const response = await admin.post("/v1/incidents", {
    title,
    impact,
    body: HOSTILE,
    visibility: "published",
    components: [{ componentId: api, status: "major_outage" }],
  });
  expect(response.status, response.text).toBe(201);
  return response.body.id as string;
}

const update = (id: string, status: string, body: string) =>
  admin.post(`/v1/incidents/${id}/updates`, { status, body });

async function deliveries(id: string) {
  return (await admin.get(`/v1/webhook-endpoints/${id}/deliveries`)).body.deliveries as {
    type: string;
    state: string;
    attempts: { statusCode: number | null; error: string | null; attemptedAt: string }[];
  }[];
}

async function remove(...ids: string[]) {
  for (const id of ids) await admin.delete(`/v1/webhook-endpoints/${id}`);
}

describe("alerting and push providers", () => {
  it("takes each kind's own fields, answers only what is not secret and stores the rest encrypted", async () => {
    const missing = await admin.post("/v1/webhook-endpoints", {
      kind: "telegram",
      name: "No chat",
      botToken: BOT_TOKEN,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { field: string }) => e.field)).toEqual(["chatId"]);
    const shortKey = await admin.post("/v1/webhook-endpoints", {
      kind: "pagerduty",
      name: "Short key",
      routingKey: "abc",
    });
    expect(shortKey.status).toBe(400);
    expect(JSON.stringify(shortKey.body)).toContain("32 characters");
    const urlOnTelegram = await admin.post("/v1/webhook-endpoints", {
      kind: "telegram",
      name: "Stray URL",
      botToken: BOT_TOKEN,
      chatId: CHAT,
      url: "https://example.com",
    });
    expect(urlOnTelegram.status).toBe(400);

    const opsgenie = await endpoint({ kind: "opsgenie", apiKey: GENIE_KEY, region: "eu" });
    expect(opsgenie.settings).toEqual({ region: "eu", includeMaintenance: false });
    const bot = await endpoint({ kind: "telegram", botToken: BOT_TOKEN, chatId: CHAT });
    expect(bot.settings).toEqual({ chatId: CHAT });
    const listed = JSON.stringify((await admin.get("/v1/webhook-endpoints")).body);
    expect(listed).not.toContain(BOT_TOKEN);
    expect(listed).not.toContain(GENIE_KEY);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(schema.webhookEndpoint)
      .where(eq(schema.webhookEndpoint.id, bot.id));
    expect(row!.urlEncrypted).toBeNull();
    expect(row!.credentialsEncrypted).toMatch(/^v2\./);
    expect(row!.credentialsEncrypted).not.toContain("AAHdq");
    await remove(opsgenie.id, bot.id);
  });

  it("carries one incident's lifecycle to every kind: one alert opened, noted and closed", async () => {
    const ids = {
      telegram: (await endpoint({ kind: "telegram", botToken: BOT_TOKEN, chatId: CHAT })).id,
      ntfy: (
        await endpoint({
          kind: "ntfy",
          url: `${receiver.url}/ntfy`,
          topic: TOPIC,
          accessToken: NTFY_TOKEN,
        })
      ).id,
      pagerduty: (await endpoint({ kind: "pagerduty", routingKey: ROUTING_KEY })).id,
      opsgenie: (await endpoint({ kind: "opsgenie", apiKey: GENIE_KEY, region: "eu" })).id,
    };
    const incident = await open("Card payments fail");
    await update(incident, "identified", "A bad deploy; rolling back.");
    await update(incident, "resolved", "Payments work again.");
    const other = await open("Refunds are slow", "minor");
    for (const id of Object.values(ids)) {
      await expect
        .poll(async () => (await deliveries(id)).map((d) => d.state), { timeout: 15_000 })
        .toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
    }
    const link = `http://localhost:3000/incidents/${incident}`;

    // Telegram: the writer's HTML and link arrive as text; only our link is a link.
    const chat = telegram.messages.filter((m) => m.text.includes("Card payments fail"));
    expect(chat).toHaveLength(3);
    expect(chat[0]!.text).toContain("New incident: Card payments fail");
    expect(chat[0]!.text).toContain(`Affected: ${TAGGED} — Major outage`);
    expect(chat[0]!.text).toContain("1 < 2 & 3 > 2");
    expect(chat[0]!.text).toContain("@\u200bchannel");
    expect(chat.flatMap((m) => m.links)).toEqual([link, link, link]);
    expect(chat[2]!.text).toContain("Resolved: Card payments fail");

    // ntfy: priority from impact while open, low once resolved.
    const pushed = ntfy.messages.filter((m) => String(m.title).includes("Card payments fail"));
    expect(pushed.map((m) => m.priority)).toEqual([5, 5, 2]);
    expect(pushed[0]!.tags).toEqual(["rotating_light", "critical"]);
    expect(pushed[2]!.tags).toEqual(["white_check_mark"]);
    expect(pushed[0]!.click).toBe(link);
    expect(String(pushed[0]!.message)).toContain("[docs]\u200b(https://evil.example)");

    // PagerDuty: trigger, trigger (the same alert), resolve under one dedup key per incident.
    const alert = pagerDuty.alerts.get(incident)!;
    expect(alert.log.map((event) => event.event_action)).toEqual(["trigger", "trigger", "resolve"]);
    expect(alert).toMatchObject({ status: "resolved", severity: "critical" });
    expect(alert.summary).toBe("New incident: Card payments fail");
    expect(pagerDuty.alerts.get(other)).toMatchObject({ status: "triggered", severity: "warning" });

    // Opsgenie, EU region: created with the incident as alias, a note per update, closed.
    const genie = opsgenieEu.alerts.get(incident)!;
    expect(genie).toMatchObject({ status: "closed", priority: "P1" });
    expect(genie.notes[0]).toContain("A bad deploy; rolling back.");
    expect(genie.notes[1]).toContain("Payments work again.");
    expect(genie.body.details).toEqual({ url: link, affected: `${TAGGED} — Major outage` });
    expect(opsgenieEu.alerts.get(other)).toMatchObject({ status: "open", priority: "P3" });
    expect(opsgenieUs.alerts.size).toBe(0);
    await remove(...Object.values(ids));
  });

  it("sends an alerting kind's events in order: a retried trigger never lands after its resolve", async () => {
    const pd = await endpoint({ kind: "pagerduty", routingKey: ROUTING_KEY });
    receiver.reply("/pagerduty/v2/enqueue", { status: 500 }, { status: 500 });
    const incident = await open("Logins fail");
    await update(incident, "resolved", "Fixed.");
    await expect
      .poll(async () => (await deliveries(pd.id)).map((d) => d.state), { timeout: 15_000 })
      .toEqual(["succeeded", "succeeded"]);
    const alert = pagerDuty.alerts.get(incident)!;
    expect(alert.log.map((event) => event.event_action)).toEqual(["trigger", "resolve"]);
    expect(alert.status).toBe("resolved");
    const created = (await deliveries(pd.id)).find((d) => d.type === "incident.created")!;
    expect(created.attempts.map((a) => a.statusCode)).toEqual([500, 500, 202]);
    await remove(pd.id);
  });

  it("opens alerts for maintenance only when chosen, once a window starts", async () => {
    const quiet = await endpoint({ kind: "pagerduty", routingKey: ROUTING_KEY, componentIds: [] });
    const chosen = await endpoint({
      kind: "opsgenie",
      apiKey: GENIE_KEY,
      includeMaintenance: true,
      componentIds: [],
    });
    const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
    const window = await admin.post("/v1/maintenances", {
      title: "Database upgrade",
      body: "Read-only for a moment.",
      startsAt: soon(300),
      endsAt: soon(900),
      componentIds: [api],
    });
    expect(window.status, window.text).toBe(201);
    // A note while the window is still to come opens no alert.
    const note = await admin.post(`/v1/maintenances/${window.body.id}/updates`, {
      body: "Still on for later.",
    });
    expect(note.status, note.text).toBe(201);
    await expect
      .poll(() => opsgenieUs.alerts.get(window.body.id)?.status, { timeout: 15_000 })
      .toBe("closed");
    expect(opsgenieUs.alerts.get(window.body.id)!.priority).toBe("P5");
    expect((await deliveries(chosen.id)).map((d) => d.type).sort()).toEqual([
      "maintenance.completed",
      "maintenance.started",
    ]);
    expect(await deliveries(quiet.id)).toEqual([]);
    expect(pagerDuty.alerts.has(window.body.id)).toBe(false);
    await remove(quiet.id, chosen.id);
  });

  it("records each provider's refusal and honours Telegram's wait", async () => {
    const lost = await endpoint({ kind: "telegram", botToken: BOT_TOKEN, chatId: "-100999" });
    const wrongKey = await endpoint({ kind: "opsgenie", apiKey: "not-the-key" });
    const otherService = await endpoint({
      kind: "pagerduty",
      routingKey: "X0123456789abcdef0123456789ABCDE",
    });
    const busy = await endpoint({ kind: "telegram", botToken: BOT_TOKEN, chatId: CHAT });
    // The first of the two Telegram sends is told to wait a second.
    receiver.reply(`/telegram/bot${BOT_TOKEN}/sendMessage`, {
      status: 429,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 1",
        parameters: { retry_after: 1 },
      }),
    });
    await open("Webhooks are late", "major");

    const settle = async (id: string) => {
      await expect
        .poll(async () => (await deliveries(id))[0]?.state, { timeout: 15_000 })
        .toMatch(/^(succeeded|failed)$/);
      return (await deliveries(id))[0]!;
    };
    const [lostDelivery, keyDelivery, serviceDelivery, busyDelivery] = [
      await settle(lost.id),
      await settle(wrongKey.id),
      await settle(otherService.id),
      await settle(busy.id),
    ];
    expect(lostDelivery.state).toBe("failed");
    expect(lostDelivery.attempts.at(-1)!.statusCode).toBe(400);
    expect(keyDelivery.attempts.map((a) => a.statusCode)).toEqual([401]);
    expect(serviceDelivery.attempts.map((a) => a.statusCode)).toEqual([400]);
    expect(busyDelivery.state).toBe("succeeded");
    // Whichever Telegram send met the 429 waited the second it was told (the schedule alone
    // would have retried after 300 ms).
    const waited = [lostDelivery, busyDelivery].find((d) => d.attempts[0]!.statusCode === 429)!;
    const [told, next] = waited.attempts.map((a) => Date.parse(a.attemptedAt));
    expect(next! - told!).toBeGreaterThanOrEqual(950);
    const states = (await admin.get("/v1/webhook-endpoints")).body as {
      id: string;
      state: string;
    }[];
    const stateOf = (id: string) => states.find((e) => e.id === id)!.state;
    expect([lost, wrongKey, otherService, busy].map((e) => stateOf(e.id))).toEqual([
      "failing",
      "failing",
      "failing",
      "active",
    ]);
    await remove(lost.id, wrongKey.id, otherService.id, busy.id);
  });

  it("sends a test that the provider accepts", async () => {
    const pd = await endpoint({ kind: "pagerduty", routingKey: ROUTING_KEY });
    const test = await admin.post(`/v1/webhook-endpoints/${pd.id}/test`);
    expect(test.body).toMatchObject({ ok: true, status: 202 });
    // The test opens a real alert and closes it at once, so nobody stays paged.
    const testAlert = [...pagerDuty.alerts.values()].find((a) => a.dedupKey.startsWith("test_"));
    expect(testAlert).toMatchObject({ status: "resolved", severity: "info" });
    expect(testAlert!.log.map((event) => event.event_action)).toEqual(["trigger", "resolve"]);
    await remove(pd.id);
  });
});
