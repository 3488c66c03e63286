import { describe, expect, it } from "vitest";
import {
  COMPONENT_STATUSES,
  INDICATOR_STATUS,
  overallStatus,
  type ComponentStatus,
  type Impact,
} from "./labels";

describe("the overall status: the worst of the components and the open incidents", () => {
  it.each<[ComponentStatus[], Impact[], boolean, string, string]>([
    [[], [], false, "none", "All Systems Operational"],
    [["operational", "operational"], [], false, "none", "All Systems Operational"],
    [["operational"], ["none"], false, "none", "All Systems Operational"],
    [["operational", "under_maintenance"], [], false, "maintenance", "Service Under Maintenance"],
    [["operational"], [], true, "maintenance", "Service Under Maintenance"],
    [["operational"], ["none"], true, "maintenance", "Service Under Maintenance"],
    [["operational", "degraded_performance"], [], false, "minor", "Minor Service Outage"],
    [["degraded_performance", "under_maintenance"], [], true, "minor", "Minor Service Outage"],
    [["operational"], ["minor"], false, "minor", "Minor Service Outage"],
    [["operational", "partial_outage"], [], false, "major", "Major Service Outage"],
    // A major-impact incident is never headed "minor", whatever the components say.
    [["degraded_performance"], ["major"], false, "major", "Major Service Outage"],
    [["operational"], ["minor", "major"], true, "major", "Major Service Outage"],
    [["operational", "major_outage"], [], false, "critical", "Critical Service Outage"],
    [["partial_outage"], ["critical"], false, "critical", "Critical Service Outage"],
    // A component's major outage outweighs a milder incident.
    [["major_outage"], ["minor"], false, "critical", "Critical Service Outage"],
  ])(
    "%j, incidents %j, maintenance %s → %s",
    (components, impacts, maintenance, indicator, description) => {
      expect(overallStatus({ components, impacts, maintenance })).toEqual({
        indicator,
        description,
      });
    },
  );
});

describe("the overall status's look", () => {
  it.each(COMPONENT_STATUSES)("%s: its indicator looks like it", (status) => {
    expect(INDICATOR_STATUS[overallStatus({ components: [status] }).indicator]).toBe(status);
  });
});
