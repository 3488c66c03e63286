// One published incident to 1,000 endpoints of every kind (webhook, Slack, Discord, Teams, Google
// Chat, Mattermost, Telegram, ntfy, PagerDuty, Opsgenie: 100 each) and 1,000 visitors' webhook
// subscriptions, all on loopback receivers that answer 2xx: the time until every first attempt has
// arrived, beside a plain loop that signs and POSTs the same bodies to the same receivers with the
// same concurrency. Targets: all within 10 s, at least 0.9x the plain rate.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { Agent, request } from "undici";
import { EndpointKind } from "../lib/notifications/schemas";
import { DELIVERY_CONCURRENCY } from "../lib/runner/delivery-worker";
import { MailCatcher } from "../lib/testing/smtp";
import { confirmFromMails, creator, signedInOwner, startServer } from "./server";

const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 1000);
const VISITORS = Number(process.env.BENCH_VISITOR_WEBHOOKS ?? 1000);
const KINDS = EndpointKind.options;

type Arrival = { at: number; path: string; headers: Record<string, string>; body: string };

// One loopback server for every receiver. A provider with one address for everyone (PagerDuty,
// Opsgenie) tells its endpoints apart by key, so an arrival is known by path, key and routing key.
const arrivals = new Map<string, Arrival>();
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    const routingKey = /"routing_key":"(\w+)"/.exec(body)?.[1] ?? "";
    const key = `${req.url}|${req.headers.authorization ?? ""}|${routingKey}`;
    if (!arrivals.has(key)) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (req.headers.authorization) headers.authorization = req.headers.authorization;
      arrivals.set(key, { at: performance.now(), path: req.url!, headers, body });
    }
    res.writeHead(req.url!.startsWith("/pagerduty") ? 202 : 200).end("ok");
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://localhost:${(receiver.address() as AddressInfo).port}`;

async function waitForAll(count: number, deadlineMs: number) {
  const deadline = performance.now() + deadlineMs;
  while (arrivals.size < count && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 5));
  return arrivals.size;
}

function endpointInput(kind: (typeof KINDS)[number], i: number): Record<string, unknown> {
  const name = `${kind} ${i}`;
  switch (kind) {
    case "telegram":
      return { kind, name, botToken: `${i}:bench-${i}`, chatId: "-1001234567890" };
    case "ntfy":
      return { kind, name, url: `${receiverUrl}/ntfy${i}`, topic: `bench-${i}` };
    case "pagerduty":
      return { kind, name, routingKey: String(i).padStart(32, "0") };
    case "opsgenie":
      return { kind, name, apiKey: `bench-key-${i}`, region: i % 2 ? "eu" : "us" };
    default:
      return { kind, name, url: `${receiverUrl}/${kind}${i}` };
  }
}

const catcher = await new MailCatcher().start();
const server = await startServer({
  ALLOW_PRIVATE_TARGETS: "true",
  SMTP_URL: catcher.url,
  TELEGRAM_API_URL: `${receiverUrl}/telegram`,
  PAGERDUTY_EVENTS_URL: `${receiverUrl}/pagerduty`,
  OPSGENIE_API_URL: `${receiverUrl}/opsgenie`,
  OPSGENIE_EU_API_URL: `${receiverUrl}/opsgenie-eu`,
});
const expected = ENDPOINTS + VISITORS;
let allclear: { seconds: number; arrived: number; cpu: number };
try {
  const cookie = await signedInOwner(server.baseUrl);
  const post = creator(server.baseUrl, cookie);
  for (let i = 0; i < ENDPOINTS; i++) {
    await post("/v1/webhook-endpoints", endpointInput(KINDS[i % KINDS.length]!, i));
  }
  // Each visitor asks from an address of their own (the form's per-visitor limit) and confirms
  // from the mail their contact address gets, as they would.
  for (let i = 0; i < VISITORS; i++) {
    const response = await fetch(`${server.baseUrl}/public/subscriptions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `10.${(i >> 8) & 255}.${i & 255}.1`,
      },
      body: JSON.stringify({
        channel: "webhook",
        url: `${receiverUrl}/visitor${i}`,
        email: `visitor${i}@bench.test`,
      }),
    });
    if (response.status !== 202) throw new Error(`subscribe: ${response.status}`);
  }
  const deadline = performance.now() + 300_000;
  while (catcher.messages.length < VISITORS && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  const confirmations = [...catcher.messages];
  await confirmFromMails(server.baseUrl, confirmations);
  console.log(
    `${ENDPOINTS} endpoints and ${confirmations.length} visitor webhooks; publishing one incident.`,
  );
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  await post("/v1/incidents", {
    title: "Fan-out",
    impact: "major",
    body: "Everyone hears of this.",
    visibility: "published",
  });
  const arrived = await waitForAll(expected, 120_000);
  allclear = {
    seconds: (Math.max(...[...arrivals.values()].map((a) => a.at)) - started) / 1000,
    arrived,
    cpu: server.cpuSeconds() - cpuBefore,
  };
} finally {
  await server.stop();
  await catcher.stop();
}

// The plain loop: the same bodies to the same receivers, each signed, with the same concurrency.
const sample = [...arrivals.values()];
arrivals.clear();
const secret = `whsec_${randomBytes(32).toString("base64")}`;
const agent = new Agent({ keepAliveTimeout: 10_000 });
const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: DELIVERY_CONCURRENCY }, async () => {
    for (let i = next++; i < sample.length; i = next++) {
      const id = `msg_${i}`;
      const now = new Date();
      const { path, headers, body } = sample[i]!;
      const response = await request(`${receiverUrl}${path}`, {
        method: "POST",
        dispatcher: agent,
        body,
        headers: {
          ...headers,
          "webhook-id": id,
          "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
          "webhook-signature": new Webhook(secret).sign(id, now, body),
        },
      });
      await response.body.text();
    }
  }),
);
await waitForAll(sample.length, 30_000);
const plainSeconds = (Math.max(...[...arrivals.values()].map((a) => a.at)) - started) / 1000;
receiver.close();
await agent.close();

const allclearRate = allclear.arrived / allclear.seconds;
const plainRate = sample.length / plainSeconds;
const ratio = allclearRate / plainRate;
console.log(
  `\nconcurrency ${DELIVERY_CONCURRENCY}; ${ENDPOINTS} endpoints (${KINDS.length} kinds) + ${VISITORS} visitor webhooks on loopback:`,
);
console.log(
  `Allclear: ${allclear.arrived} of ${expected} first attempts in ${allclear.seconds.toFixed(2)} s = ${allclearRate.toFixed(0)} deliveries/s (from the publishing request; server CPU ${allclear.cpu.toFixed(1)} s)`,
);
console.log(
  `plain loop: ${sample.length} signed POSTs in ${plainSeconds.toFixed(2)} s = ${plainRate.toFixed(0)} requests/s`,
);
console.log(
  `ratio: ${ratio.toFixed(2)}x the plain rate (target >= 0.9x): ${ratio >= 0.9 ? "met" : "missed"}`,
);
console.log(
  `all ${expected} within 10 s: ${allclear.arrived === expected && allclear.seconds <= 10 ? "met" : "missed"}`,
);
