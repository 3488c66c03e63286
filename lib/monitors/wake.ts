import type { CheckerHealth } from "./watch";

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
