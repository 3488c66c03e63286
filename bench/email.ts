// One published incident to 1,000 active subscribers through a loopback SMTP server: the time
// until every message has arrived, beside a plain nodemailer script sending the same 1,000
// messages through a pool of the same size. Targets: all within 60 s, at least half the plain rate.
import { createTransport } from "nodemailer";
import { SMTP_POOL_SIZE } from "../lib/email/transport";
import { MailCatcher } from "../lib/testing/smtp";
import { confirmFromMails, creator, signedInOwner, startServer } from "./server";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const catcher = await new MailCatcher().start();

async function waitForCount(count: number, deadlineMs: number): Promise<number> {
  const deadline = performance.now() + deadlineMs;
  while (catcher.messages.length < count && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 5));
  return catcher.messages.length;
}

const server = await startServer({
  SMTP_URL: catcher.url,
  EMAIL_FROM: "Bench <status@bench.test>",
});
let allclear: { seconds: number; arrived: number; cpu: number };
try {
  const cookie = await signedInOwner(server.baseUrl);
  const post = creator(server.baseUrl, cookie);
  for (let i = 0; i < SUBSCRIBERS; i++)
    await post("/v1/subscribers", { email: `s${i}@bench.test` });
  await waitForCount(SUBSCRIBERS, 120_000);
  // Each subscriber confirms from their mail, as they would.
  const confirmations = [...catcher.messages];
  await confirmFromMails(server.baseUrl, confirmations);
  catcher.clear();
  console.log(`${SUBSCRIBERS} active subscribers; publishing one incident.`);
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  await post("/v1/incidents", {
    title: "Fan-out by mail",
    impact: "major",
    body: "Everyone **hears** of this.",
    visibility: "published",
  });
  const arrived = await waitForCount(SUBSCRIBERS, 120_000);
  allclear = {
    seconds:
      (Math.max(...catcher.messages.map((m) => m.at)) - (performance.timeOrigin + started)) / 1000,
    arrived,
    cpu: server.cpuSeconds() - cpuBefore,
  };
} finally {
  await server.stop();
}

// The plain script: the same messages, through nodemailer's pool of the same size, nothing else.
const sample = catcher.messages.map((m) => ({
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  headers: Object.fromEntries(
    ["list-id", "list-unsubscribe", "list-unsubscribe-post", "auto-submitted"].map((name) => [
      name,
      { prepared: true, value: m.headers.get(name) ?? "" },
    ]),
  ),
}));
catcher.clear();
const transport = createTransport({
  url: catcher.url,
  pool: true,
  maxConnections: SMTP_POOL_SIZE,
  maxMessages: 500,
});
const started = Date.now();
await Promise.all(
  sample.map((mail) => transport.sendMail({ from: "Bench <status@bench.test>", ...mail })),
);
await waitForCount(sample.length, 60_000);
const plainSeconds = (Math.max(...catcher.messages.map((m) => m.at)) - started) / 1000;
transport.close();
await catcher.stop();

const allclearRate = allclear.arrived / allclear.seconds;
const plainRate = sample.length / plainSeconds;
console.log(
  `\npool of ${SMTP_POOL_SIZE} connections, ${SUBSCRIBERS} subscribers, loopback SMTP server:`,
);
console.log(
  `Allclear: ${allclear.arrived} messages in ${allclear.seconds.toFixed(2)} s = ${allclearRate.toFixed(0)} messages/s (from the publishing request; server CPU ${allclear.cpu.toFixed(1)} s)`,
);
console.log(
  `plain nodemailer: ${sample.length} messages in ${plainSeconds.toFixed(2)} s = ${plainRate.toFixed(0)} messages/s`,
);
console.log(
  `ratio: ${((allclearRate / plainRate) * 100).toFixed(1)}% of the plain rate (target >= 50%): ${allclearRate / plainRate >= 0.5 ? "met" : "missed"}`,
);
console.log(
  `all ${SUBSCRIBERS} within 60 s: ${allclear.arrived === SUBSCRIBERS && allclear.seconds <= 60 ? "met" : "missed"}`,
);
