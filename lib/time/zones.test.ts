import { describe, expect, it } from "vitest";
import { isoToZonedInput, zonedInputToIso } from "./zones";

describe("zonedInputToIso", () => {
  it("reads a UTC zone's wall clock as UTC", () => {
    expect(zonedInputToIso("2030-03-01T02:00", "Etc/UTC")).toBe("2030-03-01T02:00:00.000Z");
    expect(zonedInputToIso("2030-03-01T02:00", "UTC")).toBe("2030-03-01T02:00:00.000Z");
  });

  it("applies Europe/Berlin's winter and summer offsets", () => {
    expect(zonedInputToIso("2030-01-15T12:00", "Europe/Berlin")).toBe("2030-01-15T11:00:00.000Z");
    expect(zonedInputToIso("2030-07-15T12:00", "Europe/Berlin")).toBe("2030-07-15T10:00:00.000Z");
  });

  it("applies America/New_York's offsets on either side of its own change day", () => {
    // The United States change on the second Sunday of March, weeks before Europe.
    expect(zonedInputToIso("2030-03-01T02:00", "America/New_York")).toBe(
      "2030-03-01T07:00:00.000Z",
    );
    expect(zonedInputToIso("2030-03-15T02:00", "America/New_York")).toBe(
      "2030-03-15T06:00:00.000Z",
    );
  });

  it("handles a zone whose offset is not whole hours", () => {
    expect(zonedInputToIso("2030-06-01T00:00", "Asia/Kolkata")).toBe("2030-05-31T18:30:00.000Z");
  });

  it("moves a time in the spring-forward gap past it by the gap's length", () => {
    // Berlin's clocks go from 02:00 to 03:00 on 2030-03-31: 02:30 does not exist there.
    expect(zonedInputToIso("2030-03-31T02:30", "Europe/Berlin")).toBe("2030-03-31T01:30:00.000Z");
    expect(isoToZonedInput("2030-03-31T01:30:00.000Z", "Europe/Berlin")).toBe("2030-03-31T03:30");
    expect(zonedInputToIso("2030-03-10T02:30", "America/New_York")).toBe(
      "2030-03-10T07:30:00.000Z",
    );
  });

  it("takes the first of a time the autumn overlap shows twice", () => {
    // 02:30 in Berlin on 2030-10-27 comes once in summer time (00:30Z), then in winter (01:30Z).
    expect(zonedInputToIso("2030-10-27T02:30", "Europe/Berlin")).toBe("2030-10-27T00:30:00.000Z");
    expect(zonedInputToIso("2030-11-03T01:30", "America/New_York")).toBe(
      "2030-11-03T05:30:00.000Z",
    );
  });

  it("answers null for what is not a datetime-local value", () => {
    expect(zonedInputToIso("", "Etc/UTC")).toBeNull();
    expect(zonedInputToIso("tomorrow", "Etc/UTC")).toBeNull();
    expect(zonedInputToIso("2030-02-30T10:00", "Etc/UTC")).toBeNull();
    expect(zonedInputToIso("2030-01-01T24:00", "Etc/UTC")).toBeNull();
  });

  it("accepts the seconds an input may carry", () => {
    expect(zonedInputToIso("2030-01-15T12:00:30", "Europe/Berlin")).toBe(
      "2030-01-15T11:00:30.000Z",
    );
  });
});

describe("isoToZonedInput", () => {
  it("shows an instant on the zone's wall clock, to the minute", () => {
    expect(isoToZonedInput("2030-03-01T02:00:00.000Z", "Etc/UTC")).toBe("2030-03-01T02:00");
    expect(isoToZonedInput("2030-01-15T11:00:59.999Z", "Europe/Berlin")).toBe("2030-01-15T12:00");
    expect(isoToZonedInput("2030-07-15T10:00:00.000Z", "Europe/Berlin")).toBe("2030-07-15T12:00");
    expect(isoToZonedInput("2030-03-01T07:00:00.000Z", "America/New_York")).toBe(
      "2030-03-01T02:00",
    );
    // Midnight is 00, not 24.
    expect(isoToZonedInput("2030-01-01T05:00:00.000Z", "America/New_York")).toBe(
      "2030-01-01T00:00",
    );
  });

  it("shows both instants of the autumn overlap as the same wall time", () => {
    expect(isoToZonedInput("2030-10-27T00:30:00.000Z", "Europe/Berlin")).toBe("2030-10-27T02:30");
    expect(isoToZonedInput("2030-10-27T01:30:00.000Z", "Europe/Berlin")).toBe("2030-10-27T02:30");
  });

  it("answers an empty value for what is not an instant", () => {
    expect(isoToZonedInput("not a date", "Etc/UTC")).toBe("");
  });
});

describe("round trips", () => {
  const zones = [
    "Etc/UTC",
    "Europe/Berlin",
    "America/New_York",
    "Asia/Kolkata",
    "Australia/Sydney",
  ];

  it("gives back every wall time that exists, hour by hour through a year", () => {
    for (const zone of zones) {
      for (let ms = Date.UTC(2030, 0, 1); ms < Date.UTC(2031, 0, 1); ms += 3_600_000) {
        const input = isoToZonedInput(new Date(ms).toISOString(), zone);
        expect(isoToZonedInput(zonedInputToIso(input, zone)!, zone)).toBe(input);
      }
    }
  });

  it("gives back every instant but those of an overlap's second hour, to the minute", () => {
    const differing = (zone: string) => {
      const found: string[] = [];
      for (let ms = Date.UTC(2030, 0, 1); ms < Date.UTC(2031, 0, 1); ms += 3_600_000) {
        const iso = new Date(ms).toISOString();
        if (zonedInputToIso(isoToZonedInput(iso, zone), zone) !== iso) found.push(iso);
      }
      return found;
    };
    // The second hour of an overlap reads back as its first, an hour earlier: the one ambiguity.
    expect(differing("Etc/UTC")).toEqual([]);
    expect(differing("Asia/Kolkata")).toEqual([]);
    expect(differing("Europe/Berlin")).toEqual(["2030-10-27T01:00:00.000Z"]);
    expect(differing("America/New_York")).toEqual(["2030-11-03T06:00:00.000Z"]);
    expect(differing("Australia/Sydney")).toEqual(["2030-04-06T16:00:00.000Z"]);
  });
});
