/** The embedded runner's handle, shared without importing the runner (which imports most of lib/). */
export type Runner = { stop: () => Promise<void>; wake: () => void };

export const runnerStore = globalThis as typeof globalThis & { __allclearRunner?: Runner };

/** Asks the embedded runner, if this process runs one, for a tick now. */
export function wakeRunner(): void {
  runnerStore.__allclearRunner?.wake();
}

/** What the checker of this process is doing, for /health/ready and the log. */
export type CheckerHealth = {
  inFlight: number;
  oldestInFlightMs: number | null;
  lastCompletedAt: Date | null;
  givenUp: number;
  stalled: boolean;
};

/** The checker's handle, shared without importing the checker (which imports most of lib/). */
export type Checker = { stop: () => Promise<void>; wake: () => void; health: () => CheckerHealth };

export const checkerStore = globalThis as typeof globalThis & { __allclearChecker?: Checker };

/** Asks this process's checker, if it runs one, to look for due checks now. */
export function wakeChecker(): void {
  checkerStore.__allclearChecker?.wake();
}

/** What this process's checker is doing, or null when the process runs none. */
export function checkerHealth(): CheckerHealth | null {
  return checkerStore.__allclearChecker?.health() ?? null;
}
