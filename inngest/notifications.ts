import { RetryAfterError } from "inngest";
import { deliverEvent, EMAIL_PENDING, type DueDelivery } from "@/lib/jobs/engine";
import { attemptDelivery, claimDelivery, dueDeliveries } from "@/lib/notifications/deliveries";
import { fanOutAll } from "@/lib/outbox/fan-out";
import { inngest } from "./client";

export { deliverEvent };

export type DeliverEvent = { deliveryId: string; endpointId: string };

/** Events a request may carry at most to Inngest's event API is 5,000; batches stay well below. */
export const EVENTS_PER_SEND = 500;
/** How many due deliveries one fan-out or sweep run announces. */
const ANNOUNCE_LIMIT = 5_000;
/** How overdue a delivery must be before the sweep decides its run died and asks again. */
export const SWEEP_OVERDUE_MS = 60_000;

/** Sends the deliver events in batches, each its own step. */
export async function announce(
  step: { sendEvent: (id: string, events: ReturnType<typeof deliverEvent>[]) => Promise<unknown> },
  due: DueDelivery[],
): Promise<void> {
  for (let start = 0; start < due.length; start += EVENTS_PER_SEND) {
    await step.sendEvent(
      `deliver-${start / EVENTS_PER_SEND}`,
      due.slice(start, start + EVENTS_PER_SEND).map(deliverEvent),
    );
  }
}

// Step results travel as JSON; the due times come back as strings.
export const revive = (
  due: (Omit<DueDelivery, "nextAttemptAt"> & { nextAttemptAt: string | Date })[],
) => due.map((d) => ({ ...d, nextAttemptAt: new Date(d.nextAttemptAt) }));

/**
 * New outbox events become deliveries, one per following endpoint, and each delivery this run
 * made is handed to `deliver-webhook`: at most ANNOUNCE_LIMIT, the rest left to the sweep. A run
 * announces only what it made, so a storm of events is announced once, not again by every run;
 * a retried run replays its fan-out step's answer, and a delivery whose announcement was lost is
 * asked for by the sweep once it is a minute overdue.
 */
export const fanOutEvents = inngest.createFunction(
  { id: "fan-out-events", triggers: [{ event: "allclear/outbox.pending" }] },
  async ({ step }) => {
    const made = revive(
      await step.run("fan-out", async () => (await fanOutAll()).slice(0, ANNOUNCE_LIMIT)),
    );
    // The fan-out also queued the events' mail.
    await step.sendEvent("send-mail", { name: EMAIL_PENDING, data: {} });
    await announce(step, made);
    return made.length;
  },
);

/**
 * One delivery: an attempt per step run. A retryable answer throws RetryAfterError for the
 * schedule's next time (Inngest runs the step again then); a delivery not due yet, or held by
 * another claim, likewise waits for its time. A final failure is recorded on the delivery and
 * ends the run normally: a receiver's 400 is the endpoint's state, not a failed run to alert on.
 * One delivery at a time per endpoint. The attempt itself is the code the embedded runner uses.
 */
export const deliverWebhook = inngest.createFunction(
  {
    id: "deliver-webhook",
    // The most Inngest allows: more than any retry schedule (at most 10 retries) needs, with
    // room for faults of ours (the database away); past it, the sweep asks again.
    retries: 20,
    concurrency: { key: "event.data.endpointId", limit: 1 },
    triggers: [{ event: "allclear/webhook.deliver" }],
  },
  async ({ event, step }) => {
    const { deliveryId } = event.data as DeliverEvent;
    return step.run("attempt", async () => {
      const claim = await claimDelivery(deliveryId);
      if ("done" in claim) return { result: "done" as const };
      if ("dueAt" in claim) throw new RetryAfterError("Not due yet", claim.dueAt);
      const outcome = await attemptDelivery(claim.claimed);
      if (outcome.result === "retry") {
        throw new RetryAfterError(outcome.error ?? "Will retry", outcome.nextAttemptAt!);
      }
      if (outcome.result === "fail") {
        return { result: "failed" as const, status: outcome.status, error: outcome.error };
      }
      return { result: "success" as const, status: outcome.status };
    });
  },
);

/**
 * What the minute sweep adds for notifications: events not fanned out yet (their deliveries
 * announced), and deliveries whose run must have died or whose announcement was lost (overdue
 * by a minute) asked for again. It never delivers itself.
 */
export async function overdueDeliveries(): Promise<DueDelivery[]> {
  const made = await fanOutAll();
  const overdue = await dueDeliveries({ overdueMs: SWEEP_OVERDUE_MS, limit: ANNOUNCE_LIMIT });
  return [...made, ...overdue].slice(0, ANNOUNCE_LIMIT);
}
