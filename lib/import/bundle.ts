import type { ComponentStatus, Impact, IncidentStatus } from "@/lib/status/labels";
import type { MonitorInput } from "@/lib/monitors/schemas";

/**
 * What a source holds, read into one shape: every record keeps its id at the source, so a
 * second import finds what the first made, and its times, so history keeps its dates.
 */
export const SOURCES = ["statuspage", "instatus", "betterstack", "uptime-kuma"] as const;
export type SourceName = (typeof SOURCES)[number];

export const KINDS = [
  "page",
  "group",
  "component",
  "incident",
  "maintenance",
  "template",
  "subscriber",
  "monitor",
] as const;
export type Kind = (typeof KINDS)[number];

export type ImportedGroup = { sourceId: string; name: string; createdAt?: Date };

export type ImportedComponent = {
  sourceId: string;
  name: string;
  description: string;
  status: ComponentStatus;
  groupSourceId: string | null;
  createdAt?: Date;
  updatedAt?: Date;
};

/** A status a component took in an update: from the source, or reckoned from the incident. */
export type ImportedChange = {
  componentSourceId: string;
  from: ComponentStatus;
  to: ComponentStatus;
};

export type ImportedIncident = {
  sourceId: string;
  title: string;
  status: IncidentStatus;
  impact: Impact;
  startedAt: Date;
  createdAt: Date;
  updatedAt: Date;
  resolvedAt: Date | null;
  /** The affected components and the status the incident gives each now. */
  components: { componentSourceId: string; status: ComponentStatus }[];
  /** Oldest first. */
  updates: {
    sourceId: string;
    status: IncidentStatus;
    body: string;
    createdAt: Date;
    changes: ImportedChange[] | null;
  }[];
  postmortem: { body: string; publishedAt: Date | null } | null;
};

type WindowStatus = "scheduled" | "in_progress" | "completed";

export type ImportedWindow = {
  sourceId: string;
  title: string;
  body: string;
  status: WindowStatus;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  updatedAt?: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  componentSourceIds: string[];
  /** Progress notes, oldest first: the source's updates other than the announcement and the
   * transitions (which startedAt and completedAt keep). */
  notes: { sourceId: string; body: string; createdAt: Date; status: WindowStatus }[];
};

export type ImportedTemplate = {
  sourceId: string;
  name: string;
  title: string;
  body: string;
  status: IncidentStatus;
  componentSourceIds: string[];
};

export type ImportedSubscriber = {
  sourceId: string;
  email: string;
  /** Whether the source says the address confirmed; only then is it imported as confirmed. */
  confirmed: boolean;
  componentSourceIds: string[];
  createdAt?: Date;
};

export type ImportedMonitor = {
  sourceId: string;
  input: MonitorInput;
  /** Where it was in the source, for the report: "group / name". */
  label: string;
  /** The group its component goes in (a group of monitors at the source). */
  groupSourceId?: string;
  /** What the report says about it: a setting with no equivalent here, say. */
  note?: string;
};

/** A record the source has that is not brought over, and why. */
export type Skipped = { kind: Kind; name: string; reason: string };

export type Bundle = {
  source: SourceName;
  page: { sourceId: string; name: string; slug?: string } | null;
  groups: ImportedGroup[];
  /** In the source's order. */
  components: ImportedComponent[];
  incidents: ImportedIncident[];
  maintenances: ImportedWindow[];
  templates: ImportedTemplate[];
  subscribers: ImportedSubscriber[];
  monitors: ImportedMonitor[];
  skipped: Skipped[];
};

export const emptyBundle = (source: SourceName): Bundle => ({
  source,
  page: null,
  groups: [],
  components: [],
  incidents: [],
  maintenances: [],
  templates: [],
  subscribers: [],
  monitors: [],
  skipped: [],
});

/** The status an incident's impact gives a component when the source does not say. */
export const STATUS_OF_IMPACT: Record<Impact, ComponentStatus> = {
  none: "operational",
  minor: "degraded_performance",
  major: "partial_outage",
  critical: "major_outage",
};
