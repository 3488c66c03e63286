import { z } from "zod";
import { defineOperation } from "@/lib/contract/operation";
import {
  SpComponentInput,
  SpComponentParams,
  SpGroupInput,
  SpGroupParams,
  SpListQuery,
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
