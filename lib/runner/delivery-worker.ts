import {
  claimDueDeliveries,
  recordAttempts,
  sendAttempt,
  type AttemptRecord,
} from "@/lib/notifications/deliveries";
import { logError } from "@/lib/log";

/** Attempts in flight at once in this process; each endpoint has at most one. */
export const DELIVERY_CONCURRENCY = 64;
/** How long finished attempts gather before they are recorded together. */
const RECORD_WINDOW_MS = 5;

/**
 * The embedded engine's delivery loop: claims due deliveries while there is room, sends each
 * without holding up the others, records the attempts that finish together in one transaction,
 * and looks for more as attempts end. An endpoint stays busy until its attempt is recorded.
 */
export class DeliveryWorker {
  private readonly busy = new Map<string, Promise<unknown>>();
  private pumping: Promise<void> | null = null;
  private again = false;
  private finished: { record: AttemptRecord; done: () => void }[] = [];
  private flushing: Promise<void> | null = null;

  pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = this.run().finally(() => {
      this.pumping = null;
    });
    return this.pumping;
  }

  private async run() {
    do {
      this.again = false;
      const room = DELIVERY_CONCURRENCY - this.busy.size;
      const claimed = await claimDueDeliveries({
        limit: room,
        busyEndpoints: [...this.busy.keys()],
      });
      for (const delivery of claimed) {
        const attempt = sendAttempt(delivery)
          .then((record) => new Promise<void>((done) => this.record(record, done)))
          .catch((error: unknown) =>
            logError(`Delivery ${delivery.id} failed unexpectedly; it will be retried.`, error),
          )
          .finally(() => {
            this.busy.delete(delivery.endpointId);
            this.soon();
          });
        this.busy.set(delivery.endpointId, attempt);
      }
      if (room > 0 && claimed.length === room) this.again = true;
    } while (this.again);
  }

  /**
   * Queues a finished attempt; one transaction records everything that finished meanwhile. The
   * flush waits a moment first: the embedded database runs a transaction without yielding to I/O,
   * so answers arriving together are only seen if the flush lets the event loop read them.
   */
  private record(record: AttemptRecord, done: () => void) {
    this.finished.push({ record, done });
    if (this.flushing) return;
    this.flushing = (async () => {
      await new Promise((resolve) => setTimeout(resolve, RECORD_WINDOW_MS));
      while (this.finished.length) {
        const batch = this.finished;
        this.finished = [];
        try {
          await recordAttempts(batch.map((item) => item.record));
        } catch (error) {
          // Unrecorded attempts are sent again when their lease ends.
          logError("Could not record delivery attempts; they will be retried.", error);
        }
        for (const item of batch) item.done();
      }
    })().finally(() => {
      this.flushing = null;
    });
  }

  private scheduled = false;

  /** Looks for more once the attempts finishing together have all finished: one claim, not one each. */
  private soon() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.pump();
    });
  }

  /** Whether attempts are in flight or waiting to be recorded. */
  get active(): boolean {
    return this.busy.size > 0 || this.flushing !== null;
  }

  /** Waits for the attempts in flight (stopping the server, or a test). */
  async drain(): Promise<void> {
    while (this.busy.size || this.pumping || this.flushing) {
      await Promise.all([...this.busy.values(), this.pumping, this.flushing]);
    }
  }
}
