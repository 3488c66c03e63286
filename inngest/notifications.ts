import { NonRetriableError, RetryAfterError } from "inngest";
import { attemptDelivery, claimDueDeliveries, fanOutPending } from "@/lib/notifications/deliveries";
import { inngest } from "./client";

export type DeliverEvent = { deliveryId: string; endpointId: string };

/** New outbox events become deliveries, one per following endpoint, each handed to `deliver-webhook`. */
export const fanOutEvents = inngest.createFunction(
  { id: "fan-out-events", triggers: [{ event: "allclear/outbox.pending" }] },
  async ({ step }) => {
    const deliveries = await step.run("fan-out", () => fanOutPending());
    if (deliveries.length) {
      await step.sendEvent(
        "deliver",
        deliveries.map((data) => ({ name: "allclear/webhook.deliver", data })),
      );
    }
    return deliveries.length;
  },
);

/**
 * One delivery, one attempt per step run: a retryable outcome throws RetryAfterError for the
 * schedule's next time (so Inngest retries the step then), a final failure NonRetriableError.
 * One delivery at a time per endpoint. The attempt itself is the code the embedded runner uses.
 */
export const deliverWebhook = inngest.createFunction(
  {
    id: "deliver-webhook",
    retries: 10,
    concurrency: { key: "event.data.endpointId", limit: 1 },
    triggers: [{ event: "allclear/webhook.deliver" }],
  },
  async ({ event, step }) => {
    const { deliveryId } = event.data as DeliverEvent;
    return step.run("attempt", async () => {
      // A second early (clocks differ); a delivery another worker holds or finished is skipped.
      const [claimed] = await claimDueDeliveries({ limit: 1, only: deliveryId, overdueMs: -1000 });
      if (!claimed) return { result: "skipped" as const };
      const outcome = await attemptDelivery(claimed);
      if (outcome.result === "retry") {
        throw new RetryAfterError(outcome.error ?? "Will retry", outcome.nextAttemptAt!);
      }
      if (outcome.result === "fail")
        throw new NonRetriableError(outcome.error ?? "Delivery failed");
      return { result: "success" as const, status: outcome.status };
    });
  },
);

/** What the minute sweep adds for notifications: events and deliveries whose message was lost. */
export async function sweepNotifications(): Promise<number> {
  await fanOutPending();
  const overdue = await claimDueDeliveries({ limit: 100, overdueMs: 60_000 });
  for (const delivery of overdue) await attemptDelivery(delivery);
  return overdue.length;
}
