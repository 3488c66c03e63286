import { idParams } from "@/lib/http/fields";
import { defineOperation } from "@/lib/http/operation";
import {
  Maintenance,
  MAINTENANCE_READ_ONLY,
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
