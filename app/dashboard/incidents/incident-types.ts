import type { ComponentStatus } from "../components/use-components";

export type IncidentStatus = "investigating" | "identified" | "monitoring" | "resolved";
export type Impact = "none" | "minor" | "major" | "critical";
export type IncidentSummary = {
  id: string;
  title: string;
  status: IncidentStatus;
  impact: Impact;
  visibility: "draft" | "published";
  source: "manual" | "monitor";
  startedAt: string;
  resolvedAt: string | null;
  updatedAt: string;
  components: { componentId: string; status: ComponentStatus }[];
};
export type IncidentUpdate = {
  id: string;
  status: IncidentStatus;
  body: string;
  createdAt: string;
  editedAt: string | null;
  author: { userId: string; name: string } | null;
};
export type Incident = IncidentSummary & { updates: IncidentUpdate[] };

export const STATUS_OPTIONS = [
  { value: "investigating", label: "Investigating" },
  { value: "identified", label: "Identified" },
  { value: "monitoring", label: "Monitoring" },
  { value: "resolved", label: "Resolved" },
] as const;

export const IMPACT_OPTIONS = [
  { value: "none", label: "None" },
  { value: "minor", label: "Minor" },
  { value: "major", label: "Major" },
  { value: "critical", label: "Critical" },
] as const;

export const label = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;
