import { describe, expect, it } from "vitest";
import { nextRegionVerdict, type RegionVerdict } from "./detection";

const thresholds = { failureThreshold: 2, recoveryThreshold: 2 };
const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n * 10));

function run(start: RegionVerdict, statuses: ("up" | "degraded" | "down")[]) {
  return statuses.reduce(
    (verdict, status, n) => nextRegionVerdict(verdict, { status, at: at(n + 1) }, thresholds),
    start,
  );
}

const degraded: RegionVerdict = { state: "degraded", since: at(0), streak: 0, streakSince: null };

describe("a region's verdict", () => {
  it("does not count a better and a worse check as one streak", () => {
    expect(run(degraded, ["up", "down"]).state).toBe("degraded");
    expect(run(degraded, ["down", "up"]).state).toBe("degraded");
  });

  it("changes after enough checks in one direction, back-dated to the first of them", () => {
    const down = run(degraded, ["up", "down", "down"]);
    expect(down).toMatchObject({ state: "down", since: at(2) });
    expect(run(degraded, ["up", "up"])).toMatchObject({ state: "up", since: at(1) });
  });

  it("counts degraded and down checks alike against an up region", () => {
    const up: RegionVerdict = { state: "up", since: at(0), streak: 0, streakSince: null };
    expect(run(up, ["degraded", "down"])).toMatchObject({ state: "down", since: at(1) });
  });
});
