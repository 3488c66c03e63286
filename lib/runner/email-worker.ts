import { logError } from "@/lib/log";
import { processSubscriptionRequests } from "@/lib/subscribers/subscribers";
import { claimDueMessages, recordSends, sendClaimed } from "@/lib/email/queue";

/** Messages one claim takes; the SMTP pool spreads them over its connections. */
export const EMAIL_BATCH = 50;
/** Batches in flight at once, so one batch is being claimed or recorded while another sends. */
const LANES = 2;

/**
 * The embedded engine's mail loop: handles waiting subscription requests, then claims, sends and
 * records due messages in batches until none is due. A message whose attempt is never recorded
 * (the process died) is sent again, under the same Message-ID, when its lease ends.
 */
export class EmailWorker {
  private running: Promise<void> | null = null;
  private again = false;

  private sending = 0;

  /** Whether a batch is being sent (its outcome, perhaps a retry, not yet recorded). */
  get active(): boolean {
    return this.sending > 0;
  }

  pump(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run()
      .catch((error: unknown) => logError("Sending mail failed; it will be retried.", error))
      .finally(() => {
        this.running = null;
      });
  }

  private async run() {
    do {
      this.again = false;
      await processSubscriptionRequests();
      await Promise.all(Array.from({ length: LANES }, () => this.lane()));
    } while (this.again);
  }

  private async lane() {
    for (;;) {
      const batch = await claimDueMessages({ limit: EMAIL_BATCH });
      if (!batch.length) return;
      this.sending += 1;
      try {
        await recordSends(await sendClaimed(batch));
      } finally {
        this.sending -= 1;
      }
    }
  }

  /** Waits for the mail in flight (stopping the server, or a test). */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }
}
