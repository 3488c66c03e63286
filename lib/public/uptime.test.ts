import { describe, expect, it } from "vitest";
import { dateIn, isoInZone, lastDays, startOfDay } from "./days";
import { componentUptime, groupUptime, type StatusPoint } from "./uptime";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const zone = "Etc/UTC";
// Three whole days, 1–3 November 2026 (UTC), with "now" at the end of the third.
const now = Date.UTC(2026, 10, 4);
const days = lastDays(now - 1, zone, 3);
const at = (day: number, hour: number) => Date.UTC(2026, 10, day, hour);

function uptime(history: StatusPoint[], since = at(1, 0)) {
  return componentUptime(history, since, days, now);
}

describe("days of the page's time zone", () => {
  it("start at the zone's midnight, daylight-saving days included", () => {
    expect(new Date(startOfDay("2026-11-22", "Europe/Berlin")).toISOString()).toBe(
      "2026-11-21T23:00:00.000Z",
    );
    expect(new Date(startOfDay("2026-07-01", "Europe/Berlin")).toISOString()).toBe(
      "2026-06-30T22:00:00.000Z",
    );
    expect(new Date(startOfDay("2026-03-08", "America/New_York")).toISOString()).toBe(
      "2026-03-08T05:00:00.000Z",
    );
    // The day clocks go forward lasts 23 hours.
    const spring = lastDays(Date.parse("2026-03-29T12:00:00Z"), "Europe/Berlin", 1)[0]!;
    expect(spring.date).toBe("2026-03-29");
    expect(spring.end - spring.start).toBe(23 * HOUR);
    expect(dateIn(Date.parse("2026-11-21T23:30:00Z"), "Europe/Berlin")).toBe("2026-11-22");
  });

  it("write instants as Statuspage does, in the zone with its offset", () => {
    const instant = Date.parse("2026-11-22T04:46:00.123Z");
    expect(isoInZone(instant, "Europe/Berlin")).toBe("2026-11-22T05:46:00.123+01:00");
    expect(isoInZone(instant, "America/Chicago")).toBe("2026-11-21T22:46:00.123-06:00");
    expect(isoInZone(instant, "Asia/Kolkata")).toBe("2026-11-22T10:16:00.123+05:30");
    expect(isoInZone(instant, "Etc/UTC")).toBe("2026-11-22T04:46:00.123+00:00");
  });

  it("are the last N up to today, oldest first", () => {
    expect(lastDays(Date.parse("2026-11-22T10:00:00Z"), zone, 3).map((d) => d.date)).toEqual([
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
  });
});

describe("uptime from a status history", () => {
  it("counts a major outage fully and a partial outage at 30 %", () => {
    const result = uptime([
      { at: at(1, 0), status: "operational" },
      { at: at(2, 0), status: "major_outage" },
      { at: at(2, 6), status: "operational" },
      { at: at(3, 0), status: "partial_outage" },
      { at: at(3, 10), status: "operational" },
    ]);
    expect(result.days).toEqual([
      { date: "2026-11-01", worst: "operational", percent: 100, downMinutes: 0 },
      { date: "2026-11-02", worst: "major_outage", percent: 75, downMinutes: 360 },
      // 10 hours at 30 %: 3 hours down out of 24.
      { date: "2026-11-03", worst: "partial_outage", percent: 87.5, downMinutes: 180 },
    ]);
    // (6 + 3) hours down out of 72.
    expect(result.percent).toBe(87.5);
  });

  it("does not count degraded performance or maintenance as down, but colours the day", () => {
    const result = uptime([
      { at: at(1, 0), status: "degraded_performance" },
      { at: at(2, 0), status: "under_maintenance" },
      { at: at(3, 0), status: "operational" },
    ]);
    expect(result.days.map((d) => [d.worst, d.percent])).toEqual([
      ["degraded_performance", 100],
      ["under_maintenance", 100],
      ["operational", 100],
    ]);
    expect(result.percent).toBe(100);
  });

  it("takes the largest weight when causes overlap: the most severe status held", () => {
    // An incident holds partial outage from 02:00; another major outage 04:00–06:00; the first
    // ends at 08:00. The component's history is what the most severe holder set.
    const result = uptime([
      { at: at(1, 0), status: "operational" },
      { at: at(1, 2), status: "partial_outage" },
      { at: at(1, 4), status: "major_outage" },
      { at: at(1, 6), status: "partial_outage" },
      { at: at(1, 8), status: "operational" },
    ]);
    // 2 h + 2 h at 30 % and 2 h fully: 3.2 hours down out of 24.
    expect(result.days[0]).toEqual({
      date: "2026-11-01",
      worst: "major_outage",
      percent: Math.floor((1 - 3.2 / 24) * 10_000) / 100,
      downMinutes: 192,
    });
  });

  it("leaves out the days before the component existed, and counts its first day from then", () => {
    const result = uptime(
      [
        { at: at(2, 12), status: "operational" },
        { at: at(3, 0), status: "major_outage" },
        { at: at(3, 6), status: "operational" },
      ],
      at(2, 12),
    );
    expect(result.days[0]).toEqual({
      date: "2026-11-01",
      worst: null,
      percent: null,
      downMinutes: null,
    });
    expect(result.days[1]).toEqual({
      date: "2026-11-02",
      worst: "operational",
      percent: 100,
      downMinutes: 0,
    });
    expect(result.days[2]!.percent).toBe(75);
    // 6 hours down out of the 36 it existed.
    expect(result.percent).toBe(83.33);
  });

  it("rounds down, so that any downtime never reads 100 %", () => {
    const result = uptime([
      { at: at(1, 0), status: "operational" },
      { at: at(2, 12), status: "partial_outage" },
      { at: at(2, 12) + 1_000, status: "operational" },
    ]);
    expect(result.days[1]!.percent).toBe(99.99);
    expect(result.percent).toBe(99.99);
    expect(result.days[1]!.worst).toBe("partial_outage");
  });

  it("never calls a day with any downtime one without: its minutes are rounded up", () => {
    const result = uptime([
      { at: at(1, 0), status: "operational" },
      { at: at(2, 12), status: "major_outage" },
      { at: at(2, 12) + 29_000, status: "operational" },
    ]);
    expect(result.days[1]!.downMinutes).toBe(1);
    expect(result.days[0]!.downMinutes).toBe(0);
  });

  it("counts today only up to now", () => {
    const today = lastDays(at(3, 12), zone, 1);
    const result = componentUptime(
      [
        { at: at(3, 0), status: "operational" },
        { at: at(3, 6), status: "major_outage" },
      ],
      at(3, 0),
      today,
      at(3, 12),
    );
    expect(result.days[0]!.percent).toBe(50);
  });

  it("averages a group's components, day by day, and colours each day with the worst", () => {
    const a = uptime([
      { at: at(1, 0), status: "operational" },
      { at: at(2, 0), status: "major_outage" },
      { at: at(2, 12), status: "operational" },
    ]);
    const b = uptime([{ at: at(2, 0), status: "degraded_performance" }], at(2, 0));
    const group = groupUptime([a, b], days);
    expect(group.days).toEqual([
      { date: "2026-11-01", worst: "operational", percent: 100, downMinutes: 0 },
      // 12 hours down for one of two components: the mean, 6 hours.
      { date: "2026-11-02", worst: "major_outage", percent: 75, downMinutes: 360 },
      { date: "2026-11-03", worst: "degraded_performance", percent: 100, downMinutes: 0 },
    ]);
    expect(group.percent).toBe(Math.floor(((a.percent! + b.percent!) / 2) * 100) / 100);
    expect(groupUptime([], days).percent).toBeNull();
  });
});

describe("the day length", () => {
  it("is a day", () => {
    expect(days.every((d) => d.end - d.start === DAY)).toBe(true);
  });
});
