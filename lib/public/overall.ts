import type { ComponentStatus } from "@/lib/components/schemas";
import { worse } from "./uptime";

export type Indicator = "none" | "minor" | "major" | "critical" | "maintenance";
export type OverallStatus = { indicator: Indicator; description: string };

/**
 * The page's banner in Statuspage's wording, from the statuses of its components (groups
 * excluded): the worst status decides, and whether all components share it picks the words.
 */
export function overallStatus(statuses: ComponentStatus[]): OverallStatus {
  const worst = statuses.reduce<ComponentStatus>(worse, "operational");
  const all = statuses.every((status) => status === worst);
  switch (worst) {
    case "operational":
      return { indicator: "none", description: "All Systems Operational" };
    case "under_maintenance":
      return { indicator: "maintenance", description: "Service Under Maintenance" };
    case "degraded_performance":
      return {
        indicator: "minor",
        description: all ? "Degraded System Service" : "Partially Degraded Service",
      };
    case "partial_outage":
      return {
        indicator: "major",
        description: all ? "Partial System Outage" : "Minor Service Outage",
      };
    case "major_outage":
      return {
        indicator: "critical",
        description: all ? "Major System Outage" : "Partial System Outage",
      };
  }
}
