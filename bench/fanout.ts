// One published incident to 1,000 webhook endpoints whose loopback receivers answer 200: the time
// until every first attempt has arrived, beside a plain script that signs and POSTs the same
// 1,000 bodies with the same concurrency. Target: all 1,000 within 10 s, at least half the plain rate.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { Agent, request } from "undici";
import { DELIVERY_CONCURRENCY } from "../lib/runner/delivery-worker";
import { creator, signedInOwner, startServer } from "./server";

const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 1000);

// The receivers: one loopback server, one path per endpoint; it notes when each path first hears.
const firstArrival = new Map<string, number>();
let bodies: { path: string; body: string }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    if (!firstArrival.has(req.url!)) {
      firstArrival.set(req.url!, performance.now());
      bodies.push({ path: req.url!, body: Buffer.concat(chunks).toString("utf8") });
    }
    res.writeHead(200).end("ok");
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://localhost:${(receiver.address() as AddressInfo).port}`;

async function waitForAll(count: number, deadlineMs: number) {
  const deadline = performance.now() + deadlineMs;
  while (firstArrival.size < count && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 5));
  return firstArrival.size;
}

const server = await startServer({ ALLOW_PRIVATE_TARGETS: "true" });
let allclear: { seconds: number; arrived: number };
try {
  const cookie = await signedInOwner(server.baseUrl);
  const post = creator(server.baseUrl, cookie);
  for (let i = 0; i < ENDPOINTS; i++) {
    await post("/v1/webhook-endpoints", {
      kind: "webhook",
      name: `Receiver ${i}`,
      url: `${receiverUrl}/r${i}`,
    });
  }
  console.log(`${ENDPOINTS} endpoints added; publishing one incident.`);
  const started = performance.now();
  await post("/v1/incidents", {
    title: "Fan-out",
    impact: "major",
    body: "Everyone hears of this.",
    visibility: "published",
  });
  const arrived = await waitForAll(ENDPOINTS, 120_000);
  allclear = { seconds: (Math.max(...firstArrival.values()) - started) / 1000, arrived };
} finally {
  await server.stop();
}

// The plain script: the same bodies, signed and POSTed with the same concurrency, nothing else.
const sample = bodies;
bodies = [];
firstArrival.clear();
const secret = `whsec_${randomBytes(32).toString("base64")}`;
const agent = new Agent({ keepAliveTimeout: 10_000 });
const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: DELIVERY_CONCURRENCY }, async () => {
    for (let i = next++; i < sample.length; i = next++) {
      const id = `msg_${i}`;
      const now = new Date();
      const signature = new Webhook(secret).sign(id, now, sample[i]!.body);
      const response = await request(`${receiverUrl}${sample[i]!.path}`, {
        method: "POST",
        dispatcher: agent,
        body: sample[i]!.body,
        headers: {
          "content-type": "application/json",
          "webhook-id": id,
          "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
          "webhook-signature": signature,
        },
      });
      await response.body.text();
    }
  }),
);
await waitForAll(sample.length, 30_000);
const plainSeconds = (Math.max(...firstArrival.values()) - started) / 1000;
receiver.close();
await agent.close();

const allclearRate = allclear.arrived / allclear.seconds;
const plainRate = sample.length / plainSeconds;
console.log(`\nconcurrency ${DELIVERY_CONCURRENCY}, ${ENDPOINTS} endpoints on loopback:`);
console.log(
  `Allclear: ${allclear.arrived} first attempts in ${allclear.seconds.toFixed(2)} s = ${allclearRate.toFixed(0)} deliveries/s (from the publishing request)`,
);
console.log(
  `plain script: ${sample.length} signed POSTs in ${plainSeconds.toFixed(2)} s = ${plainRate.toFixed(0)} requests/s`,
);
console.log(
  `ratio: ${((allclearRate / plainRate) * 100).toFixed(1)}% of the plain rate (target >= 50%): ${allclearRate / plainRate >= 0.5 ? "met" : "missed"}`,
);
console.log(
  `all ${ENDPOINTS} within 10 s: ${allclear.arrived === ENDPOINTS && allclear.seconds <= 10 ? "met" : "missed"}`,
);
