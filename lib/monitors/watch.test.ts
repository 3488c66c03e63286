import { describe, expect, it } from "vitest";
import { CheckWatch, OVERDUE_MARGIN_MS, STALLED_AFTER_INTERVALS } from "./watch";

const T0 = 1_000_000;
const check = (name: string, startsAt = T0) => ({
  item: name,
  startsAt,
  timeoutMs: 1_000,
  intervalMs: 10_000,
});

describe("the checker's watchdog", () => {
  it("gives up a check past its deadline and the margin, once, and drops its late answer", () => {
    const watch = new CheckWatch<string>();
    const ticket = watch.begin(check("a"), T0);
    expect(watch.overdue(T0 + 1_000 + OVERDUE_MARGIN_MS)).toEqual([]);
    expect(watch.overdue(T0 + 1_001 + OVERDUE_MARGIN_MS)).toEqual([{ ticket, item: "a" }]);
    expect(watch.overdue(T0 + 60_000)).toEqual([]);
    expect(watch.inFlight).toBe(0);
    expect(watch.givenUp).toBe(1);
    expect(watch.settle(ticket, T0 + 70_000)).toBe(false);
  });

  it("reports the checks in flight and the age of the oldest that has begun", () => {
    const watch = new CheckWatch<string>();
    watch.begin(check("a"), T0);
    watch.begin(check("b", T0 + 500), T0);
    watch.begin(check("later", T0 + 5_000), T0);
    expect(watch.health(T0 + 800)).toMatchObject({
      inFlight: 3,
      oldestInFlightMs: 800,
      lastCompletedAt: null,
      stalled: false,
    });
  });

  it("is stalled when checks were due and none completed for three intervals", () => {
    const watch = new CheckWatch<string>();
    const limit = STALLED_AFTER_INTERVALS * 10_000;
    const first = watch.begin(check("a"), T0);
    expect(watch.settle(first, T0 + 200)).toBe(true);
    // Waiting counts from when "b" was taken on, the checker having had nothing to do before.
    watch.begin(check("b", T0 + 300), T0 + 300);
    expect(watch.health(T0 + 300 + limit).stalled).toBe(false);
    expect(watch.health(T0 + 301 + limit)).toMatchObject({
      stalled: true,
      lastCompletedAt: new Date(T0 + 200),
    });
  });

  it("stays stalled while every check is given up, and recovers with the next completed one", () => {
    const watch = new CheckWatch<string>();
    watch.begin(check("a"), T0);
    watch.overdue(T0 + 10_000);
    expect(watch.inFlight).toBe(0);
    expect(watch.health(T0 + 31_000).stalled).toBe(true);
    const next = watch.begin(check("b", T0 + 31_000), T0 + 31_000);
    watch.settle(next, T0 + 31_500);
    expect(watch.health(T0 + 31_600).stalled).toBe(false);
  });

  it("does not count time with nothing to check", () => {
    const watch = new CheckWatch<string>();
    const first = watch.begin(check("a"), T0);
    watch.settle(first, T0 + 100);
    // An hour idle, then a new monitor's first check.
    watch.begin(check("b", T0 + 3_600_000), T0 + 3_600_000);
    expect(watch.health(T0 + 3_600_500).stalled).toBe(false);
  });
});
