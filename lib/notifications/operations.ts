import { idParams } from "@/lib/http/fields";
import { defineOperation } from "@/lib/http/operation";
import {
  CreateEndpointInput,
  DeliveryList,
  EndpointCreated,
  TestResult,
  WebhookEndpointList,
} from "./schemas";

const tag = "Notifications";

export const listWebhookEndpoints = defineOperation({
  id: "listWebhookEndpoints",
  method: "GET",
  path: "/v1/webhook-endpoints",
  tag,
  summary: "Webhook endpoints",
  description: "A bare array, oldest first. URLs and secrets are never answered.",
  access: "admin",
  response: WebhookEndpointList,
  status: 200,
});

export const createWebhookEndpoint = defineOperation({
  id: "createWebhookEndpoint",
  method: "POST",
  path: "/v1/webhook-endpoints",
  tag,
  summary: "Add a webhook endpoint",
  description:
    "Kinds: webhook (Standard Webhooks, signed), slack, discord. The URL must be a public https address. The whsec_ secret is answered only here.",
  access: "admin",
  body: CreateEndpointInput,
  response: EndpointCreated,
  status: 201,
});

export const deleteWebhookEndpoint = defineOperation({
  id: "deleteWebhookEndpoint",
  method: "DELETE",
  path: "/v1/webhook-endpoints/{id}",
  tag,
  summary: "Delete a webhook endpoint",
  access: "admin",
  params: idParams,
  status: 204,
});

export const testWebhookEndpoint = defineOperation({
  id: "testWebhookEndpoint",
  method: "POST",
  path: "/v1/webhook-endpoints/{id}/test",
  tag,
  summary: "Send a test notification",
  description:
    "Posts a sample incident.created titled \"Test notification\" once, with a test_ webhook-id, and answers the receiver's answer. The endpoint's state does not change.",
  access: "admin",
  params: idParams,
  response: TestResult,
  status: 200,
});

export const listWebhookDeliveries = defineOperation({
  id: "listWebhookDeliveries",
  method: "GET",
  path: "/v1/webhook-endpoints/{id}/deliveries",
  tag,
  summary: "Recent deliveries with their attempts",
  access: "admin",
  params: idParams,
  response: DeliveryList,
  status: 200,
});
