import { z } from "zod";
import { name, uuid } from "@/lib/http/fields";

export const EndpointKind = z
  .enum(["webhook", "slack", "discord"])
  .meta({ id: "WebhookEndpointKind" });

export const WebhookEndpoint = z
  .object({
    id: uuid(),
    kind: EndpointKind,
    name: z.string(),
    state: z.enum(["active", "failing"]),
    componentIds: z.array(uuid()).describe("The components followed; empty = every component."),
    failingSince: z.date().nullable(),
    createdAt: z.date(),
  })
  .meta({ id: "WebhookEndpoint" });

export const WebhookEndpointList = z.array(WebhookEndpoint).meta({ id: "WebhookEndpointList" });

export const CreateEndpointInput = z
  .strictObject({
    kind: EndpointKind,
    name: name(),
    url: z.url({ message: "Must be a URL." }).max(2000),
    componentIds: z.array(uuid()).max(1000).optional(),
  })
  .meta({ id: "CreateWebhookEndpointInput" });
export type CreateEndpointInput = z.output<typeof CreateEndpointInput>;

export const EndpointCreated = z
  .object({
    endpoint: WebhookEndpoint,
    secret: z
      .string()
      .nullable()
      .describe("The whsec_ signing secret, shown only here; null for slack and discord."),
  })
  .meta({ id: "WebhookEndpointCreated" });

export const TestResult = z
  .object({ ok: z.boolean(), status: z.int(), detail: z.string() })
  .meta({ id: "WebhookTestResult" });

export const Delivery = z
  .object({
    id: z.string().describe("The webhook-id the receiver saw on every attempt."),
    eventId: uuid(),
    type: z.string(),
    state: z.enum(["pending", "succeeded", "failed"]),
    createdAt: z.date(),
    completedAt: z.date().nullable(),
    attempts: z.array(
      z.object({
        attemptedAt: z.date(),
        statusCode: z.int().nullable(),
        latencyMs: z.int(),
        error: z.string().nullable(),
        nextAttemptAt: z.date().nullable(),
      }),
    ),
  })
  .meta({ id: "Delivery" });

export const DeliveryList = z
  .object({ deliveries: z.array(Delivery) })
  .meta({ id: "DeliveryList" });
