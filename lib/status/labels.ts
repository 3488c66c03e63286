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
  "incident.update_overdue": "Update overdue",
  "incident.postmortem_published": "Postmortem",
  "maintenance.reminder": "Maintenance starts soon",
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

/** The headline of each indicator, in the words of the impact it stands for. */
export const INDICATOR_DESCRIPTION: Record<Indicator, string> = {
  none: "All Systems Operational",
  maintenance: "Service Under Maintenance",
  minor: "Minor Service Outage",
  major: "Major Service Outage",
  critical: "Critical Service Outage",
};

/** The indicator a component status stands for, at least. */
const STATUS_INDICATOR: Record<ComponentStatus, Indicator> = {
  operational: "none",
  under_maintenance: "maintenance",
  degraded_performance: "minor",
  partial_outage: "major",
  major_outage: "critical",
};

const INDICATOR_ORDER: readonly Indicator[] = ["none", "maintenance", "minor", "major", "critical"];

/** The component status an indicator looks like (its icon and colour), so both always agree. */
export const INDICATOR_STATUS: Record<Indicator, ComponentStatus> = {
  none: "operational",
  maintenance: "under_maintenance",
  minor: "degraded_performance",
  major: "partial_outage",
  critical: "major_outage",
};

/** What the overall headline is made of: what is shown now. */
export type OverallInput = {
  /** Every component's status (groups excluded). */
  components: readonly ComponentStatus[];
  /** The impact of every unresolved published incident. */
  impacts?: readonly Impact[];
  /** Whether a maintenance window is in progress. */
  maintenance?: boolean;
};

/**
 * The overall status, one rule for the public page, its JSON, badges, the widget and the
 * dashboard: the worst of what the components say (degraded → minor, partial outage → major,
 * major outage → critical) and of the unresolved incidents' impact (minor, major, critical);
 * when neither says anything is wrong, "maintenance" while a component is under maintenance or
 * a window is in progress; else "none". The description is the indicator's headline.
 */
export function overallStatus({
  components,
  impacts = [],
  maintenance = false,
}: OverallInput): OverallStatus {
  let indicator: Indicator = maintenance ? "maintenance" : "none";
  const raise = (to: Indicator) => {
    if (INDICATOR_ORDER.indexOf(to) > INDICATOR_ORDER.indexOf(indicator)) indicator = to;
  };
  for (const status of components) raise(STATUS_INDICATOR[status]);
  for (const impact of impacts) if (impact !== "none") raise(impact);
  return { indicator, description: INDICATOR_DESCRIPTION[indicator] };
}
