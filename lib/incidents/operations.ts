import { idParams } from "@/lib/contract/fields";
import { defineOperation } from "@/lib/contract/operation";
import {
  CreateIncidentInput,
  CreateIncidentTemplateInput,
  DeclareFromTemplateInput,
  IncidentTemplate,
  IncidentTemplateList,
  PatchIncidentTemplateInput,
  EditUpdateInput,
  Incident,
  INCIDENT_READ_ONLY,
  IncidentList,
  IncidentListQuery,
  PatchIncidentInput,
  PostUpdateInput,
  PutPostmortemInput,
  updateParams,
} from "./schemas";

const tag = "Incidents";
const contentRules = [
  { status: 422, code: "unfilled_placeholder" },
  { status: 422, code: "html_not_allowed" },
] as const;

export const listIncidents = defineOperation({
  id: "listIncidents",
  method: "GET",
  path: "/v1/incidents",
  tag,
  summary: "Open or resolved incidents",
  description:
    "Newest startedAt first, without updates; page with `limit` and the answer's `nextCursor`.",
  access: "viewer",
  query: IncidentListQuery,
  response: IncidentList,
  status: 200,
});

export const createIncident = defineOperation({
  id: "createIncident",
  method: "POST",
  path: "/v1/incidents",
  tag,
  summary: "Declare an incident",
  description:
    "A draft unless `visibility: published`. The body becomes the first update. A published incident sets its components' statuses and notifies.",
  access: "editor",
  body: CreateIncidentInput,
  response: Incident,
  status: 201,
  problems: contentRules,
});

export const getIncident = defineOperation({
  id: "getIncident",
  method: "GET",
  path: "/v1/incidents/{id}",
  tag,
  summary: "An incident with its updates",
  access: "viewer",
  params: idParams,
  response: Incident,
  status: 200,
});

export const patchIncident = defineOperation({
  id: "patchIncident",
  method: "PATCH",
  path: "/v1/incidents/{id}",
  tag,
  summary: "Rename or publish an incident",
  description:
    "`visibility` may go from draft to published only (409 illegal_transition otherwise).",
  access: "editor",
  params: idParams,
  body: PatchIncidentInput,
  readOnly: INCIDENT_READ_ONLY,
  response: Incident,
  status: 200,
  problems: [{ status: 409, code: "illegal_transition" }, ...contentRules],
});

export const postIncidentUpdate = defineOperation({
  id: "postIncidentUpdate",
  method: "POST",
  path: "/v1/incidents/{id}/updates",
  tag,
  summary: "Post an update",
  description:
    "Open statuses move freely; any may move to resolved, which closes the incident (later updates are 409 illegal_transition). Impact and components change only when sent; sent components replace the affected set.",
  access: "editor",
  params: idParams,
  body: PostUpdateInput,
  response: Incident,
  status: 201,
  problems: [{ status: 409, code: "illegal_transition" }, ...contentRules],
});

export const deleteIncident = defineOperation({
  id: "deleteIncident",
  method: "DELETE",
  path: "/v1/incidents/{id}",
  tag,
  summary: "Delete a draft",
  description:
    "Drafts only: nobody has seen them. A published incident is part of the public record and is 409 illegal_transition; resolve it instead.",
  access: "editor",
  params: idParams,
  status: 204,
  problems: [{ status: 409, code: "illegal_transition" }],
});

export const editIncidentUpdate = defineOperation({
  id: "editIncidentUpdate",
  method: "PATCH",
  path: "/v1/incidents/{id}/updates/{updateId}",
  tag,
  summary: "Correct a posted update",
  description:
    "Replaces the update's body and sets `editedAt`; status, time and components stay. The public page shows the correction (marked edited); nobody is notified again.",
  access: "editor",
  params: updateParams,
  body: EditUpdateInput,
  readOnly: ["id", "status", "createdAt", "editedAt", "author"],
  response: Incident,
  status: 200,
  problems: contentRules,
});

export const savePostmortem = defineOperation({
  id: "savePostmortem",
  method: "PUT",
  path: "/v1/incidents/{id}/postmortem",
  tag,
  summary: "Write or correct a resolved incident's postmortem",
  description:
    "Markdown, up to 50,000 characters, once the incident is resolved (409 `illegal_transition` before). It stays a draft, seen only by members, until published; a published one is corrected in place and nobody is notified again.",
  access: "editor",
  params: idParams,
  body: PutPostmortemInput,
  response: Incident,
  status: 200,
  problems: [...contentRules, { status: 409, code: "illegal_transition" }],
});

export const publishPostmortem = defineOperation({
  id: "publishPostmortem",
  method: "POST",
  path: "/v1/incidents/{id}/postmortem/publish",
  tag,
  summary: "Publish the postmortem",
  description:
    "Shows it on the incident's public page and history, and sends `incident.postmortem_published` to endpoints and to the subscribers who chose postmortems. 409 `illegal_transition` when there is none, it is published already, or the incident is a draft.",
  access: "editor",
  params: idParams,
  response: Incident,
  status: 200,
  problems: [{ status: 409, code: "illegal_transition" }],
});

export const deletePostmortem = defineOperation({
  id: "deletePostmortem",
  method: "DELETE",
  path: "/v1/incidents/{id}/postmortem",
  tag,
  summary: "Drop a draft postmortem",
  description: "A published postmortem is part of the public record: 409 `illegal_transition`.",
  access: "editor",
  params: idParams,
  status: 204,
  problems: [{ status: 409, code: "illegal_transition" }],
});

const templates = "Incident templates";

export const listIncidentTemplates = defineOperation({
  id: "listIncidentTemplates",
  method: "GET",
  path: "/v1/incident-templates",
  tag: templates,
  summary: "The workspace's incident templates, by name",
  access: "viewer",
  response: IncidentTemplateList,
  status: 200,
});

export const createIncidentTemplate = defineOperation({
  id: "createIncidentTemplate",
  method: "POST",
  path: "/v1/incident-templates",
  tag: templates,
  summary: "Prepare an incident template",
  description:
    "Title and body may name `{{variables}}`: `{{component}}` (the affected components' names), `{{start}}` (when it started, in the workspace's zone) and `{{monitor}}` (for a monitor's incidents) are filled in; any other is given when declaring. A variable left unfilled is refused then (`unfilled_placeholder`).",
  access: "editor",
  body: CreateIncidentTemplateInput,
  response: IncidentTemplate,
  status: 201,
});

export const getIncidentTemplate = defineOperation({
  id: "getIncidentTemplate",
  method: "GET",
  path: "/v1/incident-templates/{id}",
  tag: templates,
  summary: "An incident template",
  access: "viewer",
  params: idParams,
  response: IncidentTemplate,
  status: 200,
});

export const updateIncidentTemplate = defineOperation({
  id: "updateIncidentTemplate",
  method: "PATCH",
  path: "/v1/incident-templates/{id}",
  tag: templates,
  summary: "Change an incident template",
  description: "Fields left out keep their values; `components` replaces the list.",
  access: "editor",
  params: idParams,
  body: PatchIncidentTemplateInput,
  readOnly: ["id", "variables", "createdAt", "updatedAt"],
  response: IncidentTemplate,
  status: 200,
});

export const deleteIncidentTemplate = defineOperation({
  id: "deleteIncidentTemplate",
  method: "DELETE",
  path: "/v1/incident-templates/{id}",
  tag: templates,
  summary: "Delete an incident template",
  description: "Monitors that named it word their incidents themselves again.",
  access: "editor",
  params: idParams,
  status: 204,
});

export const declareFromTemplate = defineOperation({
  id: "declareFromTemplate",
  method: "POST",
  path: "/v1/incident-templates/{id}/incidents",
  tag: templates,
  summary: "Declare an incident from a template",
  description:
    "The template's title and body with their variables filled, its impact, status and components (or `components` given here). A draft unless `visibility: published`, as for POST /v1/incidents.",
  access: "editor",
  params: idParams,
  body: DeclareFromTemplateInput,
  response: Incident,
  status: 201,
  problems: contentRules,
});
