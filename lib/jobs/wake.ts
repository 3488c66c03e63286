/** The embedded runner's handle, shared without importing the runner (which imports most of lib/). */
export type Runner = { stop: () => Promise<void>; wake: () => void };

export const runnerStore = globalThis as typeof globalThis & { __allclearRunner?: Runner };

/** Asks the embedded runner, if this process runs one, for a tick now. */
export function wakeRunner(): void {
  runnerStore.__allclearRunner?.wake();
}
