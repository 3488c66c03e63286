import { idParams } from "@/lib/contract/fields";
import { defineOperation } from "@/lib/contract/operation";
import {
  Maintenance,
  MAINTENANCE_READ_ONLY,
  MaintenanceNoteInput,
  MaintenanceInput,
  MaintenanceList,
  MaintenanceListQuery,
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
    "Starts automatically at startsAt (components go under_maintenance) and completes at endsAt (components return), within a second. endsAt must be after startsAt and in the future.",
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
    "Every field, as on create. New times replace the window's scheduled run. A completed or cancelled window, or moving an in-progress window's start, is 409.",
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
