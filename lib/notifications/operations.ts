import { idParams } from "@/lib/contract/fields";
import { defineOperation } from "@/lib/contract/operation";
import {
  CreateEndpointInput,
  Delivery,
  deliveryParams,
  DeliveryList,
  ENDPOINT_READ_ONLY,
  PatchEndpointInput,
  RotatedSecret,
  WebhookEndpoint,
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
    "Kinds: webhook (Standard Webhooks, signed), slack, discord, teams (a Workflows webhook), google_chat (a space webhook), mattermost (an incoming webhook). The URL must be a public https address. The whsec_ secret is answered only here.",
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
    "Posts a sample incident.created titled \"Test notification\" once, with a test_ webhook-id, and answers the receiver's answer. The send appears in the delivery log as `test`; the endpoint's state does not change.",
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

export const patchWebhookEndpoint = defineOperation({
  id: "patchWebhookEndpoint",
  method: "PATCH",
  path: "/v1/webhook-endpoints/{id}",
  tag,
  summary: "Rename an endpoint or change what it follows",
  description: "`componentIds` replaces the list; empty = every component. The URL cannot change.",
  access: "admin",
  params: idParams,
  body: PatchEndpointInput,
  readOnly: ENDPOINT_READ_ONLY,
  response: WebhookEndpoint,
  status: 200,
});

export const rotateWebhookSecret = defineOperation({
  id: "rotateWebhookSecret",
  method: "POST",
  path: "/v1/webhook-endpoints/{id}/rotate-secret",
  tag,
  summary: "Rotate the signing secret",
  description:
    "Answers a new secret once. For 24 hours every request carries two signatures (Standard Webhooks allows several): the old secret's and the new one's, so the receiver can switch without missing anything. Chat endpoints have no secret (409 no_secret).",
  access: "admin",
  params: idParams,
  response: RotatedSecret,
  status: 200,
  problems: [{ status: 409, code: "no_secret" }],
});

export const retryWebhookDelivery = defineOperation({
  id: "retryWebhookDelivery",
  method: "POST",
  path: "/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry",
  tag,
  summary: "Try a failed delivery again now",
  description:
    "The same webhook-id and body, attempted at once; further failures are retried on the schedule. Only a failed delivery of an event (409 illegal_transition for pending, succeeded or test deliveries).",
  access: "admin",
  params: deliveryParams,
  response: Delivery,
  status: 200,
  problems: [{ status: 409, code: "illegal_transition" }],
});
