/**
 * Scheduling and detection as pure functions (docs/design.md §8): slots at a hashed phase, each region's
 * verdict from consecutive checks, and the monitor's verdict by strict majority of the regions.
 */

type State = "pending" | "up" | "degraded" | "down";
type Observed = "up" | "degraded" | "down";

const RANK = { pending: 0, up: 0, degraded: 1, down: 2 } as const;

/** A stable offset in [0, intervalMs) from the monitor's id (FNV-1a), so checks spread evenly. */
export function phaseOf(monitorId: string, intervalMs: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < monitorId.length; i++) {
    hash ^= monitorId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % intervalMs;
}

/** The first slot strictly after `afterMs`: the times t with t ≡ phase (mod interval). */
export function nextSlot(afterMs: number, intervalMs: number, phaseMs: number): number {
  return (Math.floor((afterMs - phaseMs) / intervalMs) + 1) * intervalMs + phaseMs;
}

export type RegionVerdict = {
  state: State;
  since: Date;
  /** Consecutive checks that disagree with `state`: positive when worse, negative when better. */
  streak: number;
  streakSince: Date | null;
};

/**
 * A region's verdict after one more check. From `up` (or `pending`), `failureThreshold`
 * consecutive worse checks (failing, or degraded: slower than allowed) make it the latest one's
 * status, back-dated to the first of them; a better status needs `recoveryThreshold`
 * consecutive checks. A pending region takes its first passing (or degraded) check's at once.
 */
export function nextRegionVerdict(
  current: RegionVerdict,
  check: { status: Observed; at: Date },
  thresholds: { failureThreshold: number; recoveryThreshold: number },
): RegionVerdict {
  if (current.state === check.status) return { ...current, streak: 0, streakSince: null };
  if (current.state === "pending" && check.status !== "down") {
    return { state: check.status, since: check.at, streak: 0, streakSince: null };
  }
  // The streak's sign is its direction (worse or better than the state); a check the other way
  // starts a new streak, so a mix of better and worse checks never adds up to either.
  const direction = RANK[check.status] > RANK[current.state] ? 1 : -1;
  const continues = current.streak * direction > 0;
  const streak = continues ? current.streak + direction : direction;
  const streakSince = continues ? (current.streakSince ?? check.at) : check.at;
  const needed = direction > 0 ? thresholds.failureThreshold : thresholds.recoveryThreshold;
  if (Math.abs(streak) >= needed)
    return { state: check.status, since: streakSince, streak: 0, streakSince: null };
  return { ...current, streak, streakSince };
}

export type RegionReport = { state: State; since: Date; lastReportedAt: Date | null };

/**
 * The monitor's verdict: `down` when a strict majority of the regions that reported within the
 * last two intervals are down (back-dated to the earliest of their outages); `degraded` when a
 * strict majority are down or degraded; `up` when any of them is up otherwise; still `pending`
 * when none has decided.
 */
export function monitorVerdict(
  regions: RegionReport[],
  { intervalMs, now }: { intervalMs: number; now: number },
): { state: State; since: Date | null } {
  const reporting = regions.filter(
    (r) => r.lastReportedAt && now - r.lastReportedAt.getTime() <= 2 * intervalMs,
  );
  const down = reporting.filter((r) => r.state === "down");
  if (down.length * 2 > reporting.length) {
    return { state: "down", since: new Date(Math.min(...down.map((r) => r.since.getTime()))) };
  }
  const bad = reporting.filter((r) => r.state === "down" || r.state === "degraded");
  if (bad.length * 2 > reporting.length) {
    return { state: "degraded", since: new Date(Math.min(...bad.map((r) => r.since.getTime()))) };
  }
  const up = reporting.filter((r) => r.state === "up" || r.state === "degraded");
  if (up.length) return { state: "up", since: null };
  return { state: "pending", since: null };
}
