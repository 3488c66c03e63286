import { idParams } from "@/lib/contract/fields";
import { defineOperation } from "@/lib/contract/operation";
import {
  Component,
  COMPONENT_READ_ONLY,
  ComponentGroup,
  ComponentPage,
  CreateComponentInput,
  GROUP_READ_ONLY,
  GroupInput,
  OrderInput,
  UpdateComponentInput,
  UpdateGroupInput,
} from "./schemas";

const tag = "Components";
const orderMismatch = [{ status: 409, code: "order_mismatch" }] as const;

export const listComponents = defineOperation({
  id: "listComponents",
  method: "GET",
  path: "/v1/components",
  tag,
  summary: "Components and groups in page order",
  description:
    "Ungrouped components first, then each group in group order; by position inside each.",
  access: "viewer",
  response: ComponentPage,
  status: 200,
});

export const createComponent = defineOperation({
  id: "createComponent",
  method: "POST",
  path: "/v1/components",
  tag,
  summary: "Create a component",
  description:
    "New components go to the end of the order. An unknown groupId is 400 naming the field.",
  access: "editor",
  body: CreateComponentInput,
  response: Component,
  status: 201,
});

export const updateComponent = defineOperation({
  id: "updateComponent",
  method: "PATCH",
  path: "/v1/components/{id}",
  tag,
  summary: "Change a component",
  description:
    "Changes only the fields sent; {} is accepted. A status change is recorded in the history.",
  access: "editor",
  params: idParams,
  body: UpdateComponentInput,
  readOnly: COMPONENT_READ_ONLY,
  response: Component,
  status: 200,
});

export const deleteComponent = defineOperation({
  id: "deleteComponent",
  method: "DELETE",
  path: "/v1/components/{id}",
  tag,
  summary: "Delete a component",
  description: "Also deletes what refers to it, and closes its gap in the order.",
  access: "editor",
  params: idParams,
  status: 204,
});

export const orderComponents = defineOperation({
  id: "orderComponents",
  method: "PUT",
  path: "/v1/components/order",
  tag,
  summary: "Set the component order",
  description:
    "`ids` must name every component of the workspace exactly once; positions become the index.",
  access: "editor",
  body: OrderInput,
  status: 204,
  problems: orderMismatch,
});

export const createComponentGroup = defineOperation({
  id: "createComponentGroup",
  method: "POST",
  path: "/v1/component-groups",
  tag,
  summary: "Create a component group",
  access: "editor",
  body: GroupInput,
  response: ComponentGroup,
  status: 201,
});

export const updateComponentGroup = defineOperation({
  id: "updateComponentGroup",
  method: "PATCH",
  path: "/v1/component-groups/{id}",
  tag,
  summary: "Rename a component group",
  access: "editor",
  params: idParams,
  body: UpdateGroupInput,
  readOnly: GROUP_READ_ONLY,
  response: ComponentGroup,
  status: 200,
});

export const deleteComponentGroup = defineOperation({
  id: "deleteComponentGroup",
  method: "DELETE",
  path: "/v1/component-groups/{id}",
  tag,
  summary: "Delete a component group",
  description: "Its components stay, ungrouped.",
  access: "editor",
  params: idParams,
  status: 204,
});

export const orderComponentGroups = defineOperation({
  id: "orderComponentGroups",
  method: "PUT",
  path: "/v1/component-groups/order",
  tag,
  summary: "Set the group order",
  description: "`ids` must name every group of the workspace exactly once.",
  access: "editor",
  body: OrderInput,
  status: 204,
  problems: orderMismatch,
});
