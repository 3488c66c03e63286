import {
  IMPACT_LABEL,
  IMPACTS,
  INCIDENT_STATUS_LABEL,
  INCIDENT_STATUSES,
} from "@/lib/status/labels";

export const STATUS_OPTIONS = INCIDENT_STATUSES.map((value) => ({
  value,
  label: INCIDENT_STATUS_LABEL[value],
}));

export const IMPACT_OPTIONS = IMPACTS.map((value) => ({ value, label: IMPACT_LABEL[value] }));
