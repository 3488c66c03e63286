import { z } from "zod";
import { defineOperation } from "@/lib/contract/operation";
import {
  SpComponentInput,
  SpComponentParams,
  SpGroupInput,
  SpGroupParams,
  SpIncidentInput,
  SpIncidentListQuery,
  SpIncidentParams,
  SpIncidentUpdateInput,
  SpIncidentUpdateParams,
  SpListQuery,
  SpManagedIncident,
  SpManagedIncidentUpdate,
  SpManagedSubscriber,
  SpSubscriberInput,
  SpSubscriberListQuery,
  SpSubscriberParams,
  SpManagedComponent,
  SpManagedGroup,
  SpPageParams,
} from "./schemas";

const tag = "Statuspage-compatible";
const dialect = "statuspage" as const;
const refused = [{ status: 422, code: "validation_failed" }] as const;
const how =
  "Statuspage's manage API under the same path: `Authorization: OAuth <token>` or `Bearer`, a JSON body or a form (`component[name]=…`), and problems with Statuspage's `error` and `message` (validation is 422).";

export const listSpComponents = defineOperation({
  id: "listStatuspageComponents",
  method: "GET",
  path: "/v1/pages/{id}/components",
  tag,
  summary: "Components of a page, as Statuspage lists them",
  description: `${how} Groups are in the list too (\`group: true\`), each followed by its components. Page with \`page\` and \`per_page\` (at most 100).`,
  access: "viewer",
  params: SpPageParams,
  query: SpListQuery,
  response: z.array(SpManagedComponent),
  status: 200,
  dialect,
});

export const createSpComponent = defineOperation({
  id: "createStatuspageComponent",
  method: "POST",
  path: "/v1/pages/{id}/components",
  tag,
  summary: "Create a component on a page",
  description: `${how} \`{"component": {"name", "description", "status", "group_id"}}\`; the component is listed on the page.`,
  access: "editor",
  params: SpPageParams,
  body: SpComponentInput,
  response: SpManagedComponent,
  status: 201,
  dialect,
  problems: refused,
});

export const getSpComponent = defineOperation({
  id: "getStatuspageComponent",
  method: "GET",
  path: "/v1/pages/{id}/components/{componentId}",
  tag,
  summary: "A component of a page",
  description: how,
  access: "viewer",
  params: SpComponentParams,
  response: SpManagedComponent,
  status: 200,
  dialect,
});

const updateComponent = {
  path: "/v1/pages/{id}/components/{componentId}",
  tag,
  summary: "Update a component",
  description: `${how} What is sent changes: \`name\`, \`description\`, \`status\`, \`group_id\` (null: no group).`,
  access: "editor",
  params: SpComponentParams,
  body: SpComponentInput,
  response: SpManagedComponent,
  status: 200,
  dialect,
  problems: refused,
} as const;

export const patchSpComponent = defineOperation({
  id: "patchStatuspageComponent",
  method: "PATCH",
  ...updateComponent,
});

export const putSpComponent = defineOperation({
  id: "putStatuspageComponent",
  method: "PUT",
  ...updateComponent,
});

export const deleteSpComponent = defineOperation({
  id: "deleteStatuspageComponent",
  method: "DELETE",
  path: "/v1/pages/{id}/components/{componentId}",
  tag,
  summary: "Delete a component",
  description: how,
  access: "editor",
  params: SpComponentParams,
  status: 204,
  dialect,
});

export const listSpGroups = defineOperation({
  id: "listStatuspageComponentGroups",
  method: "GET",
  path: "/v1/pages/{id}/component-groups",
  tag,
  summary: "Component groups of a page",
  description: `${how} Page with \`page\` and \`per_page\` (at most 100).`,
  access: "viewer",
  params: SpPageParams,
  query: SpListQuery,
  response: z.array(SpManagedGroup),
  status: 200,
  dialect,
});

export const createSpGroup = defineOperation({
  id: "createStatuspageComponentGroup",
  method: "POST",
  path: "/v1/pages/{id}/component-groups",
  tag,
  summary: "Create a component group on a page",
  description: `${how} \`{"component_group": {"name", "components": [ids]}}\`: at least one component of the page, which leaves any other group.`,
  access: "editor",
  params: SpPageParams,
  body: SpGroupInput,
  response: SpManagedGroup,
  status: 201,
  dialect,
  problems: refused,
});

export const getSpGroup = defineOperation({
  id: "getStatuspageComponentGroup",
  method: "GET",
  path: "/v1/pages/{id}/component-groups/{groupId}",
  tag,
  summary: "A component group of a page",
  description: how,
  access: "viewer",
  params: SpGroupParams,
  response: SpManagedGroup,
  status: 200,
  dialect,
});

const updateGroup = {
  path: "/v1/pages/{id}/component-groups/{groupId}",
  tag,
  summary: "Update a component group",
  description: `${how} \`name\`, and \`components\`: exactly the group's components from now on (those left out stay on the page, ungrouped).`,
  access: "editor",
  params: SpGroupParams,
  body: SpGroupInput,
  response: SpManagedGroup,
  status: 200,
  dialect,
  problems: refused,
} as const;

export const patchSpGroup = defineOperation({
  id: "patchStatuspageComponentGroup",
  method: "PATCH",
  ...updateGroup,
});

export const putSpGroup = defineOperation({
  id: "putStatuspageComponentGroup",
  method: "PUT",
  ...updateGroup,
});

export const deleteSpGroup = defineOperation({
  id: "deleteStatuspageComponentGroup",
  method: "DELETE",
  path: "/v1/pages/{id}/component-groups/{groupId}",
  tag,
  summary: "Delete a component group",
  description: `${how} Answers the group as it was (200, as Statuspage does); its components stay on the page, ungrouped.`,
  access: "editor",
  params: SpGroupParams,
  response: SpManagedGroup,
  status: 200,
  dialect,
});

const incidentLists = [
  [
    "all",
    "",
    "Incidents of a page",
    "Realtime incidents and scheduled maintenance, newest first. Search with `q` (name, status, updates, postmortem); page with `limit` (at most 100) and `page` (from 1).",
  ],
  [
    "unresolved",
    "/unresolved",
    "Unresolved incidents of a page",
    "Realtime incidents not yet resolved, newest first.",
  ],
  [
    "scheduled",
    "/scheduled",
    "Scheduled maintenance of a page",
    "Windows that have not started, newest first.",
  ],
  [
    "upcoming",
    "/upcoming",
    "Upcoming maintenance of a page",
    "Windows whose start is still to come, newest first.",
  ],
  [
    "active_maintenance",
    "/active_maintenance",
    "Maintenance in progress on a page",
    "Windows in progress, newest first.",
  ],
] as const;

const listIncidentsOf = (which: (typeof incidentLists)[number]) =>
  defineOperation({
    id: `listStatuspageIncidents${which[1].replace(/[/_](\w)/g, (_, c: string) => c.toUpperCase())}`,
    method: "GET",
    path: `/v1/pages/{id}/incidents${which[1]}`,
    tag,
    summary: which[2],
    description: `${how} ${which[3]}`,
    access: "viewer",
    params: SpPageParams,
    query: SpIncidentListQuery,
    response: z.array(SpManagedIncident),
    status: 200,
    dialect,
  });

export const listSpIncidents = listIncidentsOf(incidentLists[0]);
export const listSpUnresolved = listIncidentsOf(incidentLists[1]);
export const listSpScheduled = listIncidentsOf(incidentLists[2]);
export const listSpUpcoming = listIncidentsOf(incidentLists[3]);
export const listSpActiveMaintenance = listIncidentsOf(incidentLists[4]);

export const createSpIncident = defineOperation({
  id: "createStatuspageIncident",
  method: "POST",
  path: "/v1/pages/{id}/incidents",
  tag,
  summary: "Create an incident or schedule maintenance on a page",
  description: `${how} \`{"incident": {"name", "status", "body", "impact_override", "components": {id: status}, "component_ids", "deliver_notifications"}}\` declares a published incident. With \`status: "scheduled"\` (or \`scheduled_for\`), \`scheduled_for\` and \`scheduled_until\` schedule a maintenance window; \`scheduled_remind_prior\` reminds an hour before. \`deliver_notifications: false\` changes the page and notifies nobody.`,
  access: "editor",
  params: SpPageParams,
  body: SpIncidentInput,
  response: SpManagedIncident,
  status: 201,
  dialect,
  problems: refused,
});

export const getSpIncident = defineOperation({
  id: "getStatuspageIncident",
  method: "GET",
  path: "/v1/pages/{id}/incidents/{incidentId}",
  tag,
  summary: "An incident or maintenance of a page",
  description: how,
  access: "viewer",
  params: SpIncidentParams,
  response: SpManagedIncident,
  status: 200,
  dialect,
});

const updateIncident = {
  path: "/v1/pages/{id}/incidents/{incidentId}",
  tag,
  summary: "Update an incident or maintenance",
  description: `${how} \`name\` renames. For an incident, \`status\`, \`body\`, \`components\`, \`component_ids\` or \`impact_override\` post an update (the status's usual words when no body is sent). For maintenance, times and components move the window, \`in_progress\` starts it now, \`completed\` ends it now, and \`body\` posts a progress note.`,
  access: "editor",
  params: SpIncidentParams,
  body: SpIncidentInput,
  response: SpManagedIncident,
  status: 200,
  dialect,
  problems: [...refused, { status: 409, code: "illegal_transition" }],
} as const;

export const patchSpIncident = defineOperation({
  id: "patchStatuspageIncident",
  method: "PATCH",
  ...updateIncident,
});

export const putSpIncident = defineOperation({
  id: "putStatuspageIncident",
  method: "PUT",
  ...updateIncident,
});

export const deleteSpIncident = defineOperation({
  id: "deleteStatuspageIncident",
  method: "DELETE",
  path: "/v1/pages/{id}/incidents/{incidentId}",
  tag,
  summary: "Delete an incident or maintenance",
  description: `${how} Answers it as it was. Maintenance is called off (cancelled). A published incident is part of the public record and is not deleted (409): resolve it instead.`,
  access: "editor",
  params: SpIncidentParams,
  response: SpManagedIncident,
  status: 200,
  dialect,
  problems: [{ status: 409, code: "illegal_transition" }],
});

const updateIncidentUpdate = {
  path: "/v1/pages/{id}/incidents/{incidentId}/incident_updates/{updateId}",
  tag,
  summary: "Correct an incident update's body",
  description: `${how} \`{"incident_update": {"body"}}\`: the update keeps its status and time, and nobody is notified again.`,
  access: "editor",
  params: SpIncidentUpdateParams,
  body: SpIncidentUpdateInput,
  response: SpManagedIncidentUpdate,
  status: 200,
  dialect,
  problems: refused,
} as const;

export const patchSpIncidentUpdate = defineOperation({
  id: "patchStatuspageIncidentUpdate",
  method: "PATCH",
  ...updateIncidentUpdate,
});

export const putSpIncidentUpdate = defineOperation({
  id: "putStatuspageIncidentUpdate",
  method: "PUT",
  ...updateIncidentUpdate,
});

export const listSpSubscribers = defineOperation({
  id: "listStatuspageSubscribers",
  method: "GET",
  path: "/v1/pages/{id}/subscribers",
  tag,
  summary: "Subscribers of a page",
  description: `${how} Oldest first; \`state\` is active (the default), unconfirmed, quarantined or all; \`q\` searches addresses; page with \`limit\` (at most 100) and \`page\` (from 0).`,
  access: "admin",
  params: SpPageParams,
  query: SpSubscriberListQuery,
  response: z.array(SpManagedSubscriber),
  status: 200,
  dialect,
});

export const createSpSubscriber = defineOperation({
  id: "createStatuspageSubscriber",
  method: "POST",
  path: "/v1/pages/{id}/subscribers",
  tag,
  summary: "Subscribe an address to a page",
  description: `${how} \`{"subscriber": {"email", "component_ids"}}\`. The address is sent a confirmation mail and is unconfirmed until it confirms: nobody is subscribed on someone else's word.`,
  access: "admin",
  params: SpPageParams,
  body: SpSubscriberInput,
  response: SpManagedSubscriber,
  status: 201,
  dialect,
  problems: [...refused, { status: 409, code: "already_subscribed" }],
});

export const getSpSubscriber = defineOperation({
  id: "getStatuspageSubscriber",
  method: "GET",
  path: "/v1/pages/{id}/subscribers/{subscriberId}",
  tag,
  summary: "A subscriber of a page",
  description: how,
  access: "admin",
  params: SpSubscriberParams,
  response: SpManagedSubscriber,
  status: 200,
  dialect,
});

export const deleteSpSubscriber = defineOperation({
  id: "deleteStatuspageSubscriber",
  method: "DELETE",
  path: "/v1/pages/{id}/subscribers/{subscriberId}",
  tag,
  summary: "Unsubscribe a subscriber",
  description: `${how} Answers the subscriber as it was.`,
  access: "admin",
  params: SpSubscriberParams,
  response: SpManagedSubscriber,
  status: 200,
  dialect,
});
