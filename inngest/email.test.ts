import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { nextMessageDueAt } from "@/lib/email/queue";
import { closeMailer } from "@/lib/email/transport";
import { requestSubscription } from "@/lib/subscribers/subscribers";
import { getDb } from "@/db/client";
import { firstPageId } from "@/lib/outbox/page-readers";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { Receiver } from "@/lib/testing/receiver";
import { MailCatcher } from "@/lib/testing/smtp";
import { inngest } from "./client";
import { EMAIL_PENDING } from "@/lib/jobs/engine";
import { sendEmail } from "./email";

// step.sendEvent really sends: to a loopback receiver that answers as Inngest's event API does.
const EVENT_API = "/e/test-event-key";
let eventApi: Receiver;

let admin: TestClient;
let workspaceId: string;
let catcher: MailCatcher;

beforeAll(async () => {
  catcher = await new MailCatcher().start();
  process.env.SMTP_URL = catcher.url;
  process.env.WEBHOOK_RETRY_SCHEDULE = "200ms";
  resetConfig();
  ({ client: admin, workspaceId } = await setUpOwner());
  eventApi = await new Receiver().start();
  eventApi.always(EVENT_API, { status: 200, body: JSON.stringify({ ids: ["sent"], status: 200 }) });
  inngest.setEnvVars({
    INNGEST_EVENT_KEY: "test-event-key",
    INNGEST_EVENT_API_BASE_URL: eventApi.url,
  });
});

afterAll(async () => {
  closeMailer();
  await catcher.stop();
  await eventApi.stop();
  delete process.env.SMTP_URL;
  delete process.env.WEBHOOK_RETRY_SCHEDULE;
  resetConfig();
});

function run() {
  return new InngestTestEngine({ function: sendEmail }).execute({
    events: [{ name: EMAIL_PENDING, data: {} }],
    // Inngest sleeps durably; here the mock waits for the same instant.
    steps: [
      {
        id: "wait-for-next",
        handler: async () => {
          const due = await nextMessageDueAt();
          if (due) await new Promise((resolve) => setTimeout(resolve, due.getTime() - Date.now()));
        },
      },
    ],
  });
}

describe("the Inngest mail sender", () => {
  it("handles a subscription request and sends its confirmation in named steps", async () => {
    const pageId = (await firstPageId(await getDb(), workspaceId))!;
    await requestSubscription({
      workspaceId,
      pageId,
      email: "inngest@example.com",
      componentIds: [],
      locale: "en",
    });
    const { result, ctx } = await run();
    expect(result).toEqual({ sent: 1 });
    const steps = (ctx.step.run as unknown as { mock: { calls: [string][] } }).mock.calls.map(
      ([id]) => id,
    );
    expect(steps).toEqual(["subscription-requests", "send-0", "send-1", "next-due"]);
    expect(catcher.to("inngest@example.com").map((m) => m.subject)).toEqual([
      "Confirm your subscription to Acme status",
    ]);
  });

  it("leaves a 451 for later: it sleeps until the retry is due and asks for another run", async () => {
    catcher.clear();
    catcher.refuse("later@example.com", 451, 1);
    expect((await admin.post("/v1/subscribers", { email: "later@example.com" })).status).toBe(201);
    const first = await run();
    expect(first.result).toEqual({ sent: 1 });
    expect(catcher.to("later@example.com")).toEqual([]);
    const sleep = first.ctx.step.sleepUntil as unknown as { mock: { calls: [string, string][] } };
    expect(sleep.mock.calls.map(([id]) => id)).toEqual(["wait-for-next"]);
    const again = first.ctx.step.sendEvent as unknown as {
      mock: { calls: [string, { name: string }][] };
    };
    expect(again.mock.calls).toEqual([["send-again", { name: EMAIL_PENDING, data: {} }]]);
    const second = await run();
    expect(second.result).toEqual({ sent: 1 });
    expect(catcher.to("later@example.com")).toHaveLength(1);
  });
});
