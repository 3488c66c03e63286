import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/errors";
import { wallAt } from "@/lib/time/zones";
import {
  firstStarts,
  normalizeRecurrence,
  occurrenceStarts,
  shortestGap,
  type Recurring,
} from "./recurrence";

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const localTimes = (dates: Date[], zone: string) =>
  dates.map((date) => {
    const wall = wallAt(date.getTime(), zone);
    return `${wall.hour}:${String(wall.minute).padStart(2, "0")}`;
  });

describe("a maintenance rule on the workspace's clock", () => {
  it("keeps Berlin's local start across both clock changes, the instant moving by the hour", () => {
    // Sundays at 09:00 from 17 March 2030; summer time begins 31 March and ends 27 October.
    const series: Recurring = {
      recurrence: "FREQ=WEEKLY;BYDAY=SU",
      timeZone: "Europe/Berlin",
      startsAt: new Date("2030-03-17T08:00:00Z"),
    };
    const spring = occurrenceStarts(
      series,
      new Date("2030-03-17T00:00:00Z"),
      new Date("2030-04-08T00:00:00Z"),
    );
    expect(iso(spring)).toEqual([
      "2030-03-17T08:00:00.000Z",
      "2030-03-24T08:00:00.000Z",
      "2030-03-31T07:00:00.000Z",
      "2030-04-07T07:00:00.000Z",
    ]);
    const autumn = occurrenceStarts(
      series,
      new Date("2030-10-19T00:00:00Z"),
      new Date("2030-11-04T00:00:00Z"),
    );
    expect(iso(autumn)).toEqual([
      "2030-10-20T07:00:00.000Z",
      "2030-10-27T08:00:00.000Z",
      "2030-11-03T08:00:00.000Z",
    ]);
    expect(new Set(localTimes([...spring, ...autumn], "Europe/Berlin"))).toEqual(new Set(["9:00"]));
  });

  it("keeps New York's local start across its own change dates, different from Europe's", () => {
    // Nightly at 22:30; New York springs forward on 10 March 2030 and falls back on 3 November.
    const series: Recurring = {
      recurrence: "FREQ=DAILY",
      timeZone: "America/New_York",
      startsAt: new Date("2030-03-09T03:30:00Z"),
    };
    const spring = occurrenceStarts(
      series,
      new Date("2030-03-09T00:00:00Z"),
      new Date("2030-03-12T12:00:00Z"),
    );
    expect(iso(spring)).toEqual([
      "2030-03-09T03:30:00.000Z",
      "2030-03-10T03:30:00.000Z",
      "2030-03-11T02:30:00.000Z",
      "2030-03-12T02:30:00.000Z",
    ]);
    const autumn = occurrenceStarts(
      series,
      new Date("2030-11-02T00:00:00Z"),
      new Date("2030-11-05T00:00:00Z"),
    );
    expect(iso(autumn)).toEqual([
      "2030-11-02T02:30:00.000Z",
      "2030-11-03T02:30:00.000Z",
      "2030-11-04T03:30:00.000Z",
    ]);
    expect(new Set(localTimes([...spring, ...autumn], "America/New_York"))).toEqual(
      new Set(["22:30"]),
    );
  });

  it("moves a start the clocks skip forward by the gap, as a typed window is", () => {
    const series: Recurring = {
      recurrence: "FREQ=WEEKLY",
      timeZone: "Europe/Berlin",
      startsAt: new Date("2030-03-24T01:30:00Z"), // 02:30 winter time
    };
    expect(iso(firstStarts(series, 2))).toEqual([
      "2030-03-24T01:30:00.000Z",
      // 02:30 does not exist on 31 March: it is 03:30 summer time, the same instant.
      "2030-03-31T01:30:00.000Z",
    ]);
  });

  it("counts COUNT from the first window and reads UNTIL as an instant", () => {
    const base = { timeZone: "Europe/Berlin", startsAt: new Date("2030-01-07T21:00:00Z") };
    expect(firstStarts({ ...base, recurrence: "FREQ=WEEKLY;COUNT=3" }, 10)).toHaveLength(3);
    const until = occurrenceStarts(
      { ...base, recurrence: "FREQ=DAILY;UNTIL=20300109T210000Z" },
      new Date("2030-01-01T00:00:00Z"),
      new Date("2030-02-01T00:00:00Z"),
    );
    expect(iso(until)).toEqual([
      "2030-01-07T21:00:00.000Z",
      "2030-01-08T21:00:00.000Z",
      "2030-01-09T21:00:00.000Z",
    ]);
    const monthly = firstStarts({ ...base, recurrence: "FREQ=MONTHLY;BYDAY=1TU" }, 3);
    expect(iso(monthly)).toEqual([
      "2030-02-05T21:00:00.000Z",
      "2030-03-05T21:00:00.000Z",
      "2030-04-02T20:00:00.000Z",
    ]);
  });

  it("reads a date alone in UNTIL as the end of that day on the zone's clock", () => {
    // 09:00 in New York is 14:00 UTC: a UTC midnight would end the series a day early.
    const starts = firstStarts(
      {
        recurrence: "FREQ=DAILY;UNTIL=20301231",
        timeZone: "America/New_York",
        startsAt: new Date("2030-12-29T14:00:00Z"),
      },
      10,
    );
    expect(iso(starts)).toEqual([
      "2030-12-29T14:00:00.000Z",
      "2030-12-30T14:00:00.000Z",
      "2030-12-31T14:00:00.000Z",
    ]);
  });

  it("refuses a rule whose windows take too long to find, within its time budget", () => {
    // Each day's set has one time, so its second never exists: rrule would walk to year 9999.
    const started = Date.now();
    expect(() =>
      firstStarts(
        { recurrence: "FREQ=DAILY;BYSETPOS=2", timeZone: "UTC", startsAt: new Date() },
        100,
      ),
    ).toThrow(ValidationError);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("knows the shortest time between two starts", () => {
    const gap = shortestGap({
      recurrence: "FREQ=WEEKLY;BYDAY=MO,WE",
      timeZone: "UTC",
      startsAt: new Date("2030-01-07T02:00:00Z"),
    });
    expect(gap).toBe(2 * 86_400_000);
    expect(
      shortestGap({ recurrence: "FREQ=DAILY;COUNT=1", timeZone: "UTC", startsAt: new Date() }),
    ).toBeNull();
  });
});

describe("a recurrence as written", () => {
  it("takes an RRULE with or without its name, in capitals", () => {
    expect(normalizeRecurrence("RRULE:freq=weekly;byday=su")).toEqual({
      rule: "FREQ=WEEKLY;BYDAY=SU",
    });
    expect(normalizeRecurrence(" FREQ=MONTHLY;BYMONTHDAY=1;INTERVAL=2 ")).toEqual({
      rule: "FREQ=MONTHLY;BYMONTHDAY=1;INTERVAL=2",
    });
  });

  it.each([
    ["", /one RRULE/],
    ["FREQ=HOURLY", /DAILY, WEEKLY, MONTHLY or YEARLY/],
    ["FREQ=SOMETIMES", /DAILY, WEEKLY, MONTHLY or YEARLY/],
    ["FREQ=DAILY;BYHOUR=2,14", /BYHOUR is not allowed/],
    ["DTSTART:20300101T000000Z\nRRULE:FREQ=DAILY", /one RRULE/],
    ["FREQ=DAILY;TZID=Europe/Berlin", /TZID is not allowed/],
    ["FREQ=DAILY;COUNT=3;UNTIL=20300101", /COUNT or UNTIL/],
    ["FREQ=DAILY;FREQ=WEEKLY", /given twice/],
    ["BYDAY=MO", /FREQ is required/],
    ["FREQ=DAILY;INTERVAL=0", /INTERVAL/],
    ["FREQ=DAILY;COUNT=", /needs one value/],
    ["FREQ=DAILY;INTERVAL=1.5", /INTERVAL must be a whole number/],
    ["FREQ=DAILY;COUNT=2.5", /COUNT must be a whole number/],
    ["FREQ=MONTHLY;BYMONTHDAY=1.5", /BYMONTHDAY must be days/],
    ["FREQ=MONTHLY;BYMONTHDAY=ABC", /BYMONTHDAY must be days/],
    ["FREQ=MONTHLY;BYMONTHDAY=32", /BYMONTHDAY must be days/],
    ["FREQ=YEARLY;BYMONTH=13", /BYMONTH must be months/],
    ["FREQ=WEEKLY;BYDAY=XX", /BYDAY must be days/],
    ["FREQ=MONTHLY;BYDAY=54MO", /BYDAY must be days/],
    ["FREQ=DAILY;UNTIL=20301231T000000", /UNTIL must be a date/],
    ["FREQ=DAILY;BYYEARDAY=1", /BYYEARDAY is not allowed/],
    ["FREQ=DAILY;BYWEEKNO=1", /BYWEEKNO is not allowed/],
    ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", /names no day/],
    ["FREQ=MONTHLY;BYMONTH=4,6;BYMONTHDAY=-31", /names no day/],
    ["FREQ=DAILY;INTERVAL=2=3", /needs one value/],
  ])("refuses %j", (text, message) => {
    const result = normalizeRecurrence(text);
    expect("error" in result && result.error).toMatch(message);
  });
});
