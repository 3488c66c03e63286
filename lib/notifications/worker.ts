import { attemptDelivery, claimDueDeliveries } from "./deliveries";

/** Attempts in flight at once in this process; each endpoint has at most one. */
export const DELIVERY_CONCURRENCY = 64;

/**
 * The embedded engine's delivery loop: claims due deliveries while there is room, attempts
 * each without holding up the others, and looks for more as each attempt ends.
 */
export class DeliveryWorker {
  private readonly busy = new Map<string, Promise<unknown>>();
  private pumping: Promise<void> | null = null;
  private again = false;

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
      for (const { id, endpointId } of claimed) {
        const attempt = attemptDelivery(id)
          .catch((error: unknown) =>
            console.error(`Delivery ${id} failed unexpectedly; it will be retried.`, error),
          )
          .finally(() => {
            this.busy.delete(endpointId);
            void this.pump();
          });
        this.busy.set(endpointId, attempt);
      }
      if (room > 0 && claimed.length === room) this.again = true;
    } while (this.again);
  }

  /** Waits for the attempts in flight (stopping the server, or a test). */
  async drain(): Promise<void> {
    while (this.busy.size || this.pumping) {
      await Promise.all([...this.busy.values(), this.pumping]);
    }
  }
}
