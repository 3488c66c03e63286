import { claimDueMessages, nextMessageDueAt, recordSends, sendClaimed } from "@/lib/email/queue";
import { EMAIL_BATCH } from "@/lib/runner/email-worker";
import { EMAIL_PENDING } from "@/lib/jobs/engine";
import {
  processSubscriptionRequests,
  subscriptionRequestsWaiting,
} from "@/lib/subscribers/subscribers";
import { inngest } from "./client";

/** Batches one run sends before it hands over to a fresh run (Inngest caps steps per run). */
const MAX_BATCHES = 200;

/**
 * The mail sender: subscription requests first, then due messages in batches, each batch a step
 * (claimed, sent through the pooled transport, recorded). A message waiting for a retry is
 * picked up by a run this one asks for when the retry falls due. One run sends at a time; the
 * claim's lease keeps any two from sending one message twice.
 */
export const sendEmail = inngest.createFunction(
  {
    id: "send-email",
    concurrency: { limit: 1 },
    retries: 20,
    triggers: [{ event: EMAIL_PENDING }],
  },
  async ({ step }) => {
    await step.run("subscription-requests", () => processSubscriptionRequests());
    let sent = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const count = await step.run(`send-${batch}`, async () => {
        const claimed = await claimDueMessages({ limit: EMAIL_BATCH });
        await recordSends(await sendClaimed(claimed));
        return claimed.length;
      });
      sent += count;
      if (!count) break;
    }
    const next = await step.run("next-due", async () => (await nextMessageDueAt())?.toISOString());
    if (next) {
      await step.sleepUntil("wait-for-next", next);
      await step.sendEvent("send-again", { name: EMAIL_PENDING, data: {} });
    }
    return { sent };
  },
);

/** How overdue a message must be before the sweep decides its run died and asks again. */
const SWEEP_OVERDUE_MS = 60_000;

/** What the minute sweep asks for mail: requests not handled, or messages whose run must have died. */
export async function mailWaiting(): Promise<boolean> {
  if (await subscriptionRequestsWaiting()) return true;
  const next = await nextMessageDueAt();
  return next !== null && next.getTime() < Date.now() - SWEEP_OVERDUE_MS;
}
