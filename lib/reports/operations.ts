import { defineOperation } from "@/lib/contract/operation";
import {
  AvailabilityQuery,
  AvailabilityReport,
  PutReportScheduleInput,
  ReportSchedule,
} from "./schemas";

export const availabilityReport = defineOperation({
  id: "availabilityReport",
  method: "GET",
  path: "/v1/reports/availability",
  tag: "Reports",
  summary: "Availability of components over a period, for SLA reports",
  description:
    "Per component and overall: minutes observed, minutes down and availability in percent, with the incidents and maintenance windows of the period. Partial and major outage count as down; degraded performance counts as up; maintenance time is left out (`excludeMaintenance=true`, the default) or counted as down. `format=csv` answers the same as text/csv. The period is `period` (a month, quarter or year in the workspace's zone) or `from` and `to`; without either, the last whole month. At most 400 days.",
  access: "viewer",
  query: AvailabilityQuery,
  response: AvailabilityReport,
  alsoAs: ["text/csv"],
  status: 200,
});

export const getReportSchedule = defineOperation({
  id: "getReportSchedule",
  method: "GET",
  path: "/v1/reports/schedule",
  tag: "Reports",
  summary: "Who gets the monthly availability report, and when the next one goes",
  access: "admin",
  response: ReportSchedule,
  status: 200,
});

export const setReportSchedule = defineOperation({
  id: "setReportSchedule",
  method: "PUT",
  path: "/v1/reports/schedule",
  tag: "Reports",
  summary: "Name who gets the monthly availability report",
  description:
    "Up to 20 addresses. On the 1st of each month at 08:00 in the workspace's zone, each is mailed last month's report (every component, maintenance left out), the numbers `GET /v1/reports/availability` answers for that month. An empty list stops it.",
  access: "admin",
  body: PutReportScheduleInput,
  readOnly: ["nextRunAt"],
  response: ReportSchedule,
  status: 200,
});
