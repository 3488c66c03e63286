import { jobHandlers } from "./handlers";
import { runDueJobs } from "./jobs";

/** How often the embedded runner looks for due jobs; windows move within a second of their time. */
export const POLL_INTERVAL_MS = 250;

type Runner = { stop: () => Promise<void> };

const store = globalThis as typeof globalThis & { __allclearRunner?: Runner };

/**
 * The embedded engine: with no Inngest configured, the server process runs due jobs itself.
 * Jobs are rows, so what fell due while the server was down runs right after it starts.
 */
export function startEmbeddedRunner(): Runner {
  if (store.__allclearRunner) return store.__allclearRunner;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    running = runDueJobs(jobHandlers).catch((error: unknown) =>
      console.error("The job runner failed:", error),
    );
    await running;
    if (!stopped) timer = setTimeout(tick, POLL_INTERVAL_MS);
  };
  let timer: NodeJS.Timeout = setTimeout(tick, 0);
  const runner: Runner = {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      store.__allclearRunner = undefined;
    },
  };
  store.__allclearRunner = runner;
  return runner;
}
