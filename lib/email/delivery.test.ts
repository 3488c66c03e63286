import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { closeMailer } from "@/lib/email/transport";
import { startEmbeddedRunner, type Runner } from "@/lib/runner/runner";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { linkIn, MailCatcher } from "@/lib/testing/smtp";

let admin: TestClient;
let catcher: MailCatcher;
let runner: Runner;
const logged: string[] = [];

beforeAll(async () => {
  catcher = await new MailCatcher().start();
  process.env.SMTP_URL = catcher.url;
  // Long enough that a message refused once is still waiting when the test looks.
  process.env.WEBHOOK_RETRY_SCHEDULE = "1m";
  resetConfig();
  ({ client: admin } = await setUpOwner());
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
  });
  runner = startEmbeddedRunner();
  for (const email of ["kept@example.com", "gone@example.com", "filtered@example.com"]) {
    await activeSubscriber(email);
  }
});

afterAll(async () => {
  await runner.stop();
  closeMailer();
  await catcher.stop();
  vi.restoreAllMocks();
  delete process.env.SMTP_URL;
  delete process.env.WEBHOOK_RETRY_SCHEDULE;
  resetConfig();
});

beforeEach(() => catcher.clear());

const FORM = { "content-type": "application/x-www-form-urlencoded" };

async function activeSubscriber(email: string) {
  expect((await admin.post("/v1/subscribers", { email })).status).toBe(201);
  await catcher.waitFor(() => catcher.to(email).length > 0);
  const link = new URL(linkIn(catcher.to(email)[0]!.text, "/public/subscriptions/confirm"));
  const confirmed = await new TestClient().post(link.pathname + link.search, "", { headers: FORM });
  expect(confirmed.status, confirmed.text).toBe(200);
}

async function publishIncident(title: string) {
  const response = await admin.post("/v1/incidents", {
    title,
    impact: "minor",
    body: "Looking.",
    visibility: "published",
  });
  expect(response.status, response.text).toBe(201);
}

const states = async () =>
  Object.fromEntries(
    ((await admin.get("/v1/subscribers")).body as { email: string; state: string }[]).map((s) => [
      s.email,
      s.state,
    ]),
  );

/** The event mail to `email` queued since `since`, once it has been tried and not sent. */
async function triedMessage(email: string, since: Date) {
  const db = await getDb();
  let row: typeof schema.emailMessage.$inferSelect | undefined;
  await expect
    .poll(
      async () => {
        const rows = await db
          .select()
          .from(schema.emailMessage)
          .where(eq(schema.emailMessage.toAddress, email));
        row = rows.find(
          (r) => r.kind === "event" && r.createdAt >= since && r.attempts > 0 && r.state !== "sent",
        );
        return Boolean(row);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return row!;
}

describe("refusals by the SMTP server", () => {
  it("marks a recipient refused at RCPT TO with 550 5.1.1 bounced, and nobody else", async () => {
    catcher.refuse("gone@example.com", 550, Infinity, "5.1.1 No such user here");
    const since = new Date();
    await publishIncident("Refused recipient");
    await expect
      .poll(async () => (await states())["gone@example.com"], { timeout: 10_000 })
      .toBe("bounced");
    await catcher.waitFor(() => catcher.to("kept@example.com").length === 1);
    expect(await states()).toEqual({
      "kept@example.com": "active",
      "gone@example.com": "bounced",
      "filtered@example.com": "active",
    });
    const refused = await triedMessage("gone@example.com", since);
    expect(refused.state).toBe("failed");
    expect(refused.lastError).toContain("550 5.1.1 No such user here");
  });

  it("keeps everyone subscribed when the message is refused at DATA (554 5.7.1), and tries again later", async () => {
    catcher.failData("filtered@example.com", 554, 1, "5.7.1 Message refused by content filter");
    const since = new Date();
    await publishIncident("Filtered words");
    const waiting = await triedMessage("filtered@example.com", since);
    expect(waiting.state).toBe("pending");
    expect(waiting.lastError).toContain("554 5.7.1 Message refused by content filter");
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect((await states())["filtered@example.com"]).toBe("active");

    const mailbox = await admin.get("/v1/mailbox");
    expect(mailbox.status, mailbox.text).toBe(200);
    expect(mailbox.body.local).toBe(false);
    expect(mailbox.body.outgoing).toEqual({
      waiting: 1,
      problem: {
        error: expect.stringContaining("554 5.7.1 Message refused by content filter"),
        failing: 1,
        nextAttemptAt: waiting.nextAttemptAt.toISOString(),
      },
    });
    await expect
      .poll(() => logged.find((line) => line.includes("554 5.7.1")), { timeout: 5_000 })
      .toMatch(/^Mail could not be sent/);
  });

  it("keeps everyone subscribed when the SMTP server refuses the credentials (535)", async () => {
    const guarded = await new MailCatcher().start({ auth: { user: "allclear", pass: "right" } });
    process.env.SMTP_URL = guarded.urlWith("allclear", "wrong");
    resetConfig();
    try {
      const since = new Date();
      await publishIncident("Wrong password");
      const waiting = await triedMessage("kept@example.com", since);
      expect(waiting.state).toBe("pending");
      expect(waiting.lastError).toContain("535");
      expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
      expect(await states()).toEqual({
        "kept@example.com": "active",
        "gone@example.com": "bounced",
        "filtered@example.com": "active",
      });
      expect(guarded.messages).toEqual([]);
      const { outgoing } = (await admin.get("/v1/mailbox")).body;
      expect(outgoing.problem.error).toContain("535 5.7.8 Authentication credentials invalid");
    } finally {
      process.env.SMTP_URL = catcher.url;
      resetConfig();
      closeMailer();
      await guarded.stop();
    }
  });
});
