import { idParams } from "@/lib/contract/fields";
import { defineOperation } from "@/lib/contract/operation";
import {
  Maintenance,
  MAINTENANCE_READ_ONLY,
  MaintenanceNoteInput,
  MaintenanceInput,
  MaintenanceList,
  MaintenanceListQuery,
  MaintenanceSeries,
  MaintenanceSeriesInput,
  MaintenanceSeriesList,
} from "./schemas";

const tag = "Maintenance";
const closedWindow = { status: 409, code: "illegal_transition" } as const;
const contentRules = [
  { status: 422, code: "unfilled_placeholder" },
  { status: 422, code: "html_not_allowed" },
] as const;

export const listMaintenances = defineOperation({
  id: "listMaintenances",
  method: "GET",
  path: "/v1/maintenances",
  tag,
  summary: "Maintenance windows",
  description: "Newest startsAt first; page with `limit` and the answer's `nextCursor`.",
  access: "viewer",
  query: MaintenanceListQuery,
  response: MaintenanceList,
  status: 200,
});

export const createMaintenance = defineOperation({
  id: "createMaintenance",
  method: "POST",
  path: "/v1/maintenances",
  tag,
  summary: "Schedule maintenance",
  description:
    "Starts automatically at startsAt (components go under_maintenance) and completes at endsAt (components return), within a second. endsAt must be after startsAt and in the future. With `remindBeforeMinutes`, `maintenance.reminder` goes out that long before the start.",
  access: "editor",
  body: MaintenanceInput,
  response: Maintenance,
  status: 201,
  problems: contentRules,
});

export const getMaintenance = defineOperation({
  id: "getMaintenance",
  method: "GET",
  path: "/v1/maintenances/{id}",
  tag,
  summary: "A maintenance window",
  access: "viewer",
  params: idParams,
  response: Maintenance,
  status: 200,
});

export const replaceMaintenance = defineOperation({
  id: "replaceMaintenance",
  method: "PUT",
  path: "/v1/maintenances/{id}",
  tag,
  summary: "Replace a maintenance window",
  description:
    "Every field, as on create. New times replace the window's scheduled run. A completed or cancelled window, or moving an in-progress window's start, is 409. An occurrence of a series edited here keeps its edits when the series is edited later.",
  access: "editor",
  params: idParams,
  body: MaintenanceInput,
  readOnly: MAINTENANCE_READ_ONLY,
  response: Maintenance,
  status: 200,
  problems: [closedWindow, ...contentRules],
});

export const cancelMaintenance = defineOperation({
  id: "cancelMaintenance",
  method: "POST",
  path: "/v1/maintenances/{id}/cancel",
  tag,
  summary: "Cancel a maintenance window",
  description:
    "From scheduled or in progress; its components return. A completed or cancelled window is 409.",
  access: "editor",
  params: idParams,
  response: Maintenance,
  status: 200,
  problems: [closedWindow],
});

export const completeMaintenance = defineOperation({
  id: "completeMaintenance",
  method: "POST",
  path: "/v1/maintenances/{id}/complete",
  tag,
  summary: "End an in-progress window now",
  description:
    "The window ends now as `completed` (its end becomes now) and its components return, as at its planned end. Only an in-progress window (409 otherwise).",
  access: "editor",
  params: idParams,
  response: Maintenance,
  status: 200,
  problems: [{ status: 409, code: "illegal_transition" }],
});

export const postMaintenanceUpdate = defineOperation({
  id: "postMaintenanceUpdate",
  method: "POST",
  path: "/v1/maintenances/{id}/updates",
  tag,
  summary: "Post a progress note",
  description:
    "A note on a scheduled or in-progress window: shown on the public page and sent to webhooks and subscribers as `maintenance.updated`. A completed or cancelled window is 409.",
  access: "editor",
  params: idParams,
  body: MaintenanceNoteInput,
  response: Maintenance,
  status: 201,
  problems: [closedWindow, ...contentRules],
});

const SERIES_READ_ONLY = [
  "id",
  "timeZone",
  "endedAt",
  "nextStarts",
  "createdAt",
  "updatedAt",
] as const;

export const listMaintenanceSeries = defineOperation({
  id: "listMaintenanceSeries",
  method: "GET",
  path: "/v1/maintenance-series",
  tag,
  summary: "Recurring maintenance",
  description: "Newest first, ended ones too; page with `limit` and the answer's `nextCursor`.",
  access: "viewer",
  query: MaintenanceListQuery,
  response: MaintenanceSeriesList,
  status: 200,
});

export const createMaintenanceSeries = defineOperation({
  id: "createMaintenanceSeries",
  method: "POST",
  path: "/v1/maintenance-series",
  tag,
  summary: "Schedule recurring maintenance",
  description:
    "The first window (`startsAt`, `endsAt`) and an RRULE (`recurrence`) read on the workspace's wall clock: every occurrence starts at the first one's local time, across clock changes, and lasts as long. Occurrences are created as maintenance windows 30 days ahead (`seriesId` names the series); the first one is announced as `maintenance.scheduled`, the others are told by their reminder. Occurrences that would overlap, or a rule with no window ending in the future, are 400.",
  access: "editor",
  body: MaintenanceSeriesInput,
  response: MaintenanceSeries,
  status: 201,
  problems: contentRules,
});

export const getMaintenanceSeries = defineOperation({
  id: "getMaintenanceSeries",
  method: "GET",
  path: "/v1/maintenance-series/{id}",
  tag,
  summary: "A recurring maintenance series",
  access: "viewer",
  params: idParams,
  response: MaintenanceSeries,
  status: 200,
});

export const replaceMaintenanceSeries = defineOperation({
  id: "replaceMaintenanceSeries",
  method: "PUT",
  path: "/v1/maintenance-series/{id}",
  tag,
  summary: "Edit a series from now on",
  description:
    "Every field, as on create. Its windows still to come take the change; those the new rule no longer gives are withdrawn (cancelled if already reminded of). Windows started, ended, or edited or cancelled on their own stay as they are. An ended series is 409.",
  access: "editor",
  params: idParams,
  body: MaintenanceSeriesInput,
  readOnly: SERIES_READ_ONLY,
  response: MaintenanceSeries,
  status: 200,
  problems: [closedWindow, ...contentRules],
});

export const endMaintenanceSeries = defineOperation({
  id: "endMaintenanceSeries",
  method: "DELETE",
  path: "/v1/maintenance-series/{id}",
  tag,
  summary: "End a series",
  description:
    "No more windows come of it; its windows still to come are withdrawn. A window in progress runs to its end, and past windows stay. An ended series is 409.",
  access: "editor",
  params: idParams,
  status: 204,
  problems: [closedWindow],
});
