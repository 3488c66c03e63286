import type { CheckerHealth } from "@/lib/jobs/wake";

/** How long past its deadline a check may run before the checker gives it up. */
export const OVERDUE_MARGIN_MS = 2_000;
/** Intervals without a completed check, while checks are due, after which the checker is stuck. */
export const STALLED_AFTER_INTERVALS = 3;

type Running<T> = { item: T; startsAt: number; deadlineAt: number; intervalMs: number };

/**
 * The checker's watchdog: it knows every check in flight, when it began and when its deadline
 * falls. A check still running past its deadline plus a margin is given up (the checker counts it
 * and frees its place, and whatever it answers later is dropped); a checker that has had checks
 * to run and completed none for STALLED_AFTER_INTERVALS of their intervals is stalled.
 */
export class CheckWatch<T> {
  private readonly running = new Map<number, Running<T>>();
  private nextId = 0;
  private lastCompleted: number | null = null;
  /** Since when checks have been waited for: the last completed one, or the end of idleness. */
  private waitingSince = 0;
  /** The shortest interval among checks given up since the last completed one. */
  private givenUpIntervalMs: number | null = null;
  givenUp = 0;

  get inFlight(): number {
    return this.running.size;
  }

  /** A check begins (its slot's time, or now if that has passed); answers its ticket. */
  begin(check: Omit<Running<T>, "deadlineAt"> & { timeoutMs: number }, now = Date.now()): number {
    const id = this.nextId++;
    // Time spent with nothing to check does not count towards a stall.
    if (!this.running.size && this.givenUpIntervalMs === null) this.waitingSince = now;
    this.running.set(id, {
      item: check.item,
      startsAt: check.startsAt,
      deadlineAt: check.startsAt + check.timeoutMs,
      intervalMs: check.intervalMs,
    });
    return id;
  }

  /** A check answered; false when it had been given up already, and its answer must be dropped. */
  settle(ticket: number, now = Date.now()): boolean {
    if (!this.running.delete(ticket)) return false;
    this.lastCompleted = now;
    this.waitingSince = now;
    this.givenUpIntervalMs = null;
    return true;
  }

  /** A check that never ran (its slot came too late) leaves without counting as completed. */
  drop(ticket: number): void {
    this.running.delete(ticket);
  }

  /** Gives up the checks past their deadline and the margin, and answers them. */
  overdue(now = Date.now()): { ticket: number; item: T }[] {
    const late: { ticket: number; item: T }[] = [];
    for (const [ticket, check] of this.running) {
      if (now - check.deadlineAt <= OVERDUE_MARGIN_MS) continue;
      this.running.delete(ticket);
      this.givenUp += 1;
      this.givenUpIntervalMs = Math.min(this.givenUpIntervalMs ?? Infinity, check.intervalMs);
      late.push({ ticket, item: check.item });
    }
    return late;
  }

  health(now = Date.now()): CheckerHealth {
    let oldest: number | null = null;
    let shortest = this.givenUpIntervalMs;
    for (const check of this.running.values()) {
      if (check.startsAt <= now) oldest = Math.min(oldest ?? Infinity, check.startsAt);
      shortest = Math.min(shortest ?? Infinity, check.intervalMs);
    }
    return {
      inFlight: this.running.size,
      oldestInFlightMs: oldest === null ? null : now - oldest,
      lastCompletedAt: this.lastCompleted === null ? null : new Date(this.lastCompleted),
      givenUp: this.givenUp,
      stalled: shortest !== null && now - this.waitingSince > STALLED_AFTER_INTERVALS * shortest,
    };
  }
}
