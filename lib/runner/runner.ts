import { noteDatabaseAnswered } from "@/lib/database-outage";
import { closeMailer } from "@/lib/email/transport";
import { EmailWorker } from "./email-worker";
import { fanOutPending } from "@/lib/outbox/fan-out";
import { DeliveryWorker } from "./delivery-worker";
import { jobHandlers } from "./handlers";
import { nextWorkDueAt, runDueJobs } from "./jobs";
import { runnerStore as store, type Runner } from "@/lib/jobs/wake";
import { logError } from "@/lib/log";

/** How often the embedded runner looks for due work while some is due or nearly due. */
export const POLL_INTERVAL_MS = 250;
/**
 * With nothing due, the runner sleeps until the earliest work falls due, this long at most. A
 * write in this process wakes it at once; on PostgreSQL, so does one in any other instance.
 */
export const IDLE_POLL_MAX_MS = 5_000;

export type { Runner };

/**
 * The embedded engine: with no Inngest configured, the server process runs due jobs, fans out
 * outbox events, delivers them and sends mail. All of it is rows, so what fell due while the server was
 * down runs right after it starts.
 */
export function startEmbeddedRunner(): Runner {
  if (store.__allclearRunner) return store.__allclearRunner;
  const deliveries = new DeliveryWorker();
  const emails = new EmailWorker();
  let stopped = false;
  let ticking = false;
  let wanted = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const tick = async () => {
    clearTimeout(timer);
    if (stopped) return;
    ticking = true;
    wanted = false;
    let delay = POLL_INTERVAL_MS;
    running = (async () => {
      await runDueJobs(jobHandlers);
      await fanOutPending();
      await deliveries.pump();
      emails.pump();
      noteDatabaseAnswered();
      // Work in flight records its next due time (a retry) when it ends: no sleeping past it.
      if (deliveries.active || emails.active) return;
      const due = await nextWorkDueAt();
      const wait = due === null ? IDLE_POLL_MAX_MS : due - Date.now();
      delay = Math.min(IDLE_POLL_MAX_MS, Math.max(POLL_INTERVAL_MS, wait));
    })().catch((error: unknown) => logError("The background runner failed:", error));
    await running;
    ticking = false;
    if (!stopped) timer = setTimeout(tick, wanted ? 0 : delay);
  };
  timer = setTimeout(tick, 0);

  const runner: Runner = {
    // A change that wrote events asks for a tick now (or right after the one running).
    wake: () => {
      if (stopped) return;
      if (ticking) {
        wanted = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(tick, 0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      await deliveries.drain();
      await emails.drain();
      closeMailer();
      store.__allclearRunner = undefined;
    },
  };
  store.__allclearRunner = runner;
  return runner;
}
