import { linkIn, MailCatcher } from "../lib/testing/smtp";
import { freshDeployment } from "./deployment.mjs";
import { expect, test } from "./fixtures";
import { ServerProcess } from "./server-process";

const SUBSCRIBERS = 30;

test("mail survives a SIGKILL of the server mid-send: every subscriber gets it, repeats only under one Message-ID", async () => {
  test.setTimeout(120_000);
  const catcher = await new MailCatcher().start();
  const deployment = await freshDeployment(`allclear_e2e_mail_${Date.now().toString(36)}`);
  // Mail a killed server was sending goes out again when its lease ends: a short one here.
  const server = new ServerProcess(3104, {
    ...deployment.env,
    SMTP_URL: catcher.url,
    EMAIL_LEASE: "5s",
  });
  try {
    await server.start();
    const api = await server.owner();
    const addresses = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader-${i}@example.com`);
    for (const email of addresses) {
      expect((await api("POST", "/v1/subscribers", { email })).status).toBe(201);
    }
    await catcher.waitFor((m) => m.length === SUBSCRIBERS, 30_000);
    for (const mail of catcher.messages) {
      const confirm = new URL(linkIn(mail.text, "/public/subscriptions/confirm"));
      const base = `http://localhost:3104`;
      const answer = await fetch(`${base}${confirm.pathname}${confirm.search}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "",
      });
      expect(answer.status).toBe(200);
    }
    catcher.clear();
    // A slow server keeps messages in flight when the process dies.
    catcher.delayMs = 400;
    const incident = await api("POST", "/v1/incidents", {
      title: "Mail crash",
      impact: "minor",
      body: "x",
      visibility: "published",
    });
    expect(incident.status).toBe(201);
    await expect
      .poll(() => catcher.messages.length, { timeout: 20_000, intervals: [20] })
      .toBeGreaterThan(0);
    server.kill();
    expect(catcher.messages.length).toBeLessThan(SUBSCRIBERS);

    catcher.delayMs = 0;
    await server.start();
    // Messages claimed when the server died are sent again once their lease ends.
    await expect
      .poll(() => new Set(catcher.messages.map((m) => m.to)).size, {
        timeout: 60_000,
        intervals: [500],
      })
      .toBe(SUBSCRIBERS);
    const idsByAddress = new Map<string, Set<string>>();
    for (const mail of catcher.messages) {
      expect(mail.subject).toBe("[Journey status] Investigating: Mail crash");
      idsByAddress.set(mail.to, (idsByAddress.get(mail.to) ?? new Set()).add(mail.messageId));
    }
    expect([...idsByAddress.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(catcher.errors).toEqual([]);
  } finally {
    server.kill();
    await catcher.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await deployment.drop();
  }
});
