import { after } from "next/server";
import { uuidv7 } from "uuidv7";
import { config } from "@/lib/config";
import { logError } from "@/lib/log";
import { within } from "@/lib/within";
import { wakeRunner } from "./wake";

/** A delivery due for an attempt, as the engine asks for it. */
export type DueDelivery = { id: string; endpointId: string; attempts: number; nextAttemptAt: Date };

/** A maintenance window's scheduled run, as the Inngest function receives it. */
export type WindowRun = {
  maintenanceId: string;
  revision: number;
  startsAt: string;
  endsAt: string;
  startJobId: string | null;
  completeJobId: string;
};

/** The longest a send to Inngest may take before it is given up (the sweep covers it). */
export const SEND_TIMEOUT_MS = 2_000;

type Event = { id: string; name: string; data: Record<string, unknown> };

/** How events reach Inngest. The Inngest side hands it in as it loads: lib/ never imports inngest/. */
export type EventSender = (event: Event) => Promise<unknown>;

// Next.js may load this module more than once (route bundles, instrumentation): one per process.
const senderStore = globalThis as typeof globalThis & { __allclearEventSender?: EventSender };

export function handEventSender(send: EventSender): void {
  senderStore.__allclearEventSender = send;
}

const inFlight = new Set<Promise<void>>();

/**
 * Hands an event to Inngest without holding up the request that caused it: after the response
 * where Next.js runs one (`after()`), in the background elsewhere, and for SEND_TIMEOUT_MS at
 * most. The rows are the truth either way: a send that fails is caught up by the minute sweep.
 * Each event carries an id, so a send repeated by the sweep costs no second run.
 */
function sendSoon(event: Event): void {
  const send = async () => {
    try {
      const sender = senderStore.__allclearEventSender;
      if (!sender) throw new Error("Inngest's client was not loaded, so nothing can send events.");
      await within(
        sender(event),
        SEND_TIMEOUT_MS,
        `No answer from Inngest within ${SEND_TIMEOUT_MS} ms`,
      );
    } catch (error) {
      logError(`Could not hand ${event.name} to Inngest; the minute sweep will.`, error);
    }
  };
  try {
    after(send);
  } catch {
    // Not in a request (a job, a test): send in the background.
    const sending = send().finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  }
}

/** Waits for the sends still in flight (tests, and a server stopping). */
export async function settleSends(): Promise<void> {
  await Promise.all([...inFlight]);
}

/** With Inngest configured, hands a window's run to Inngest once the change has committed. */
export function announceWindowRun(run: WindowRun | undefined): void {
  if (!run || config().inngest !== "inngest") return;
  sendSoon({
    id: `window:${run.maintenanceId}:${run.revision}`,
    name: "allclear/maintenance.window",
    data: run,
  });
}

/** With Inngest configured, a cancelled window's run is called off at once (not at its next wake). */
export function announceWindowCancelled(maintenanceId: string, revision: number): void {
  if (config().inngest !== "inngest") return;
  sendSoon({
    id: `window-cancel:${maintenanceId}:${revision}`,
    name: "allclear/maintenance.cancel",
    data: { maintenanceId, revision },
  });
}

/**
 * After a transaction that wrote outbox events (their ids): the embedded runner looks now;
 * Inngest is told, so its fan-out runs.
 */
export function announceEvents(outboxEventIds: readonly string[]): void {
  if (!outboxEventIds.length) return;
  if (config().inngest !== "inngest") {
    wakeRunner();
    return;
  }
  sendSoon({ id: `outbox:${outboxEventIds[0]}`, name: "allclear/outbox.pending", data: {} });
}

/** The event that wakes the Inngest mail sender. */
export const EMAIL_PENDING = "allclear/email.pending";

/**
 * After a transaction that queued mail or a subscription request: the embedded runner looks now;
 * Inngest is told, so its sender runs.
 */
export function announceEmail(): void {
  if (config().inngest !== "inngest") {
    wakeRunner();
    return;
  }
  sendSoon({ id: `email:${uuidv7()}`, name: EMAIL_PENDING, data: {} });
}

/**
 * The event that asks for a delivery's next attempt. Its id names the attempt (number and due
 * time), so the same ask sent twice (a retried step, the sweep) starts one run, not two.
 */
export function deliverEvent(due: DueDelivery) {
  return {
    id: `deliver:${due.id}:${due.attempts}:${due.nextAttemptAt.getTime()}`,
    name: "allclear/webhook.deliver",
    data: { deliveryId: due.id, endpointId: due.endpointId },
  };
}

/** A delivery due now outside the fan-out (tried again by hand): the engine is told at once. */
export function announceDelivery(due: DueDelivery): void {
  if (config().inngest !== "inngest") {
    wakeRunner();
    return;
  }
  sendSoon(deliverEvent(due));
}
