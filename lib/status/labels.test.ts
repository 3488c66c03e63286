import { describe, expect, it } from "vitest";
import { overallStatus, type ComponentStatus } from "./labels";

describe("the overall banner, in Statuspage's wording", () => {
  it.each<[ComponentStatus[], string, string]>([
    [[], "none", "All Systems Operational"],
    [["operational", "operational"], "none", "All Systems Operational"],
    [["operational", "under_maintenance"], "maintenance", "Service Under Maintenance"],
    [["under_maintenance", "under_maintenance"], "maintenance", "Service Under Maintenance"],
    [["operational", "degraded_performance"], "minor", "Partially Degraded Service"],
    [["degraded_performance", "degraded_performance"], "minor", "Degraded System Service"],
    [["degraded_performance", "under_maintenance"], "minor", "Partially Degraded Service"],
    [["operational", "partial_outage"], "major", "Minor Service Outage"],
    [["degraded_performance", "partial_outage"], "major", "Minor Service Outage"],
    [["partial_outage", "partial_outage"], "major", "Partial System Outage"],
    [["operational", "major_outage"], "critical", "Partial System Outage"],
    [["partial_outage", "major_outage"], "critical", "Partial System Outage"],
    [["major_outage", "major_outage"], "critical", "Major System Outage"],
  ])("%j → %s, %s", (statuses, indicator, description) => {
    expect(overallStatus(statuses)).toEqual({ indicator, description });
  });
});
