import { describe, expect, it } from "vitest";
import type { EventData } from "./outbox";
import { hearsEvent } from "./fan-out";

const window = (status: string) => ({ maintenance: { status } }) as unknown as EventData;

describe("which events an alerting endpoint hears", () => {
  it("opens maintenance alerts only when chosen, and only once a window is under way", () => {
    const chosen = { includeMaintenance: true };
    const heard = (type: string, status = "scheduled") =>
      ["pagerduty", "opsgenie"].map((kind) =>
        hearsEvent(kind, chosen, { type, data: window(status) }),
      );
    expect(heard("maintenance.scheduled")).toEqual([false, false]);
    expect(heard("maintenance.reminder")).toEqual([false, false]);
    expect(heard("maintenance.updated")).toEqual([false, false]);
    expect(heard("maintenance.updated", "in_progress")).toEqual([true, true]);
    expect(heard("maintenance.started", "in_progress")).toEqual([true, true]);
    expect(
      hearsEvent("pagerduty", {}, { type: "maintenance.started", data: window("in_progress") }),
    ).toBe(false);
    // Every other kind hears everything, reminders included.
    expect(
      hearsEvent("slack", {}, { type: "maintenance.reminder", data: window("scheduled") }),
    ).toBe(true);
  });
});
