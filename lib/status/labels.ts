/**
 * The words for every status a visitor, an operator or a subscriber reads, the order of their
 * severity and the overall headline. The dashboard, the public page, emails and chat messages
 * all take them from here. Plain data, no server code: the browser bundle imports it too.
 */

export const COMPONENT_STATUSES = [
  "operational",
  "degraded_performance",
  "partial_outage",
  "major_outage",
  "under_maintenance",
] as const;
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number];

export const INCIDENT_STATUSES = ["investigating", "identified", "monitoring", "resolved"] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const IMPACTS = ["none", "minor", "major", "critical"] as const;
export type Impact = (typeof IMPACTS)[number];

export const MAINTENANCE_STATUSES = ["scheduled", "in_progress", "completed", "cancelled"] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

export const STATUS_LABEL: Record<ComponentStatus, string> = {
  operational: "Operational",
  degraded_performance: "Degraded performance",
  partial_outage: "Partial outage",
  major_outage: "Major outage",
  under_maintenance: "Under maintenance",
};

export const INCIDENT_STATUS_LABEL: Record<IncidentStatus, string> = {
  investigating: "Investigating",
  identified: "Identified",
  monitoring: "Monitoring",
  resolved: "Resolved",
};

export const IMPACT_LABEL: Record<Impact, string> = {
  none: "No impact",
  minor: "Minor impact",
  major: "Major impact",
  critical: "Critical impact",
};

export const MAINTENANCE_STATUS_LABEL: Record<MaintenanceStatus, string> = {
  scheduled: "Scheduled",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** What a notification about each event says first (chat messages, email subjects). */
export const EVENT_HEADLINE: Record<string, string> = {
  "incident.created": "New incident",
  "incident.updated": "Incident update",
  "incident.resolved": "Resolved",
  "maintenance.scheduled": "Maintenance scheduled",
  "maintenance.started": "Maintenance started",
  "maintenance.completed": "Maintenance completed",
  "maintenance.cancelled": "Maintenance cancelled",
  "monitor.certificate_expiring": "Certificate expiring",
  "maintenance.updated": "Maintenance update",
};

/** A value's label from any of the sets above; a value none of them knows reads as words. */
export function labelOf(value: string): string {
  return (
    (STATUS_LABEL as Record<string, string>)[value] ??
    (INCIDENT_STATUS_LABEL as Record<string, string>)[value] ??
    (MAINTENANCE_STATUS_LABEL as Record<string, string>)[value] ??
    value.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase())
  );
}

/** From least to most severe: a component shows, and a day is coloured by, the worst it held. */
export const SEVERITY: readonly ComponentStatus[] = [
  "operational",
  "under_maintenance",
  "degraded_performance",
  "partial_outage",
  "major_outage",
];

export const worse = (a: ComponentStatus, b: ComponentStatus): ComponentStatus =>
  SEVERITY.indexOf(b) > SEVERITY.indexOf(a) ? b : a;

export type Indicator = "none" | "minor" | "major" | "critical" | "maintenance";
export type OverallStatus = { indicator: Indicator; description: string };

export const worstOf = (statuses: readonly ComponentStatus[]): ComponentStatus =>
  statuses.reduce<ComponentStatus>(worse, "operational");

/**
 * The overall headline in Statuspage's wording, from the statuses of the components (groups
 * excluded): the worst status decides, and whether all components share it picks the words.
 */
export function overallStatus(statuses: readonly ComponentStatus[]): OverallStatus {
  const worst = worstOf(statuses);
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
