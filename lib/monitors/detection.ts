/**
 * Scheduling and detection as pure functions (docs/design.md §8): slots at a hashed phase, each region's
 * verdict from consecutive checks, and the monitor's verdict by strict majority of the regions.
 */

type State = "pending" | "up" | "down";

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
  streak: number;
  streakSince: Date | null;
};

/**
 * A region's verdict after one more check. From `up` (or `pending`), `failureThreshold`
 * consecutive failures make it `down`, back-dated to the first of them; from `down`,
 * `recoveryThreshold` consecutive passes make it `up`. A pending region is up at its first pass.
 */
export function nextRegionVerdict(
  current: RegionVerdict,
  check: { status: "up" | "down"; at: Date },
  thresholds: { failureThreshold: number; recoveryThreshold: number },
): RegionVerdict {
  const agrees =
    (current.state === "down" && check.status === "down") ||
    (current.state === "up" && check.status === "up");
  if (agrees) return { ...current, streak: 0, streakSince: null };
  if (current.state === "pending" && check.status === "up") {
    return { state: "up", since: check.at, streak: 0, streakSince: null };
  }
  const streak = current.streak + 1;
  const streakSince = current.streakSince ?? check.at;
  const needed =
    check.status === "down" ? thresholds.failureThreshold : thresholds.recoveryThreshold;
  if (streak >= needed)
    return { state: check.status, since: streakSince, streak: 0, streakSince: null };
  return { ...current, streak, streakSince };
}

export type RegionReport = { state: State; since: Date; lastReportedAt: Date | null };

/**
 * The monitor's verdict: `down` when a strict majority of the regions that reported within the
 * last two intervals are down (back-dated to the earliest of their outages); `up` when any of
 * them is up otherwise; still `pending` when none has decided.
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
  const up = reporting.filter((r) => r.state === "up");
  if (up.length) return { state: "up", since: null };
  return { state: "pending", since: null };
}
