import { z } from "zod";
import { name, uuid } from "@/lib/contract/fields";

export const EndpointKind = z
  .enum(["webhook", "slack", "discord", "teams", "google_chat", "mattermost"])
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
    lastAttempt: z
      .object({
        attemptedAt: z.date(),
        statusCode: z.int().nullable(),
        error: z.string().nullable(),
        nextAttemptAt: z.date().nullable().describe("Set while that delivery is being retried."),
      })
      .nullable()
      .describe("The endpoint's most recent delivery attempt (test sends excluded)."),
    retrying: z
      .int()
      .describe(
        "Deliveries that failed at least once and wait for their next try; the endpoint turns `failing` only when one runs out of retries.",
      ),
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
      .describe("The whsec_ signing secret, shown only here; null for the chat kinds."),
  })
  .meta({ id: "WebhookEndpointCreated" });

export const TestResult = z
  .object({ ok: z.boolean(), status: z.int(), detail: z.string() })
  .meta({ id: "WebhookTestResult" });

export const Delivery = z
  .object({
    id: z.string().describe("The webhook-id the receiver saw on every attempt."),
    eventId: uuid().nullable().describe("Null for a test send."),
    type: z.string().describe("The event's type, or `test` for a test send."),
    test: z.boolean(),
    state: z.enum(["pending", "succeeded", "failed"]),
    createdAt: z.date(),
    completedAt: z.date().nullable(),
    attempts: z.array(
      z.object({
        state: z
          .enum(["completed", "sending", "interrupted"])
          .describe(
            "`sending` while the request is in flight; `interrupted` when the sender stopped before recording an answer (the receiver may have had it; the delivery is sent again under the same webhook-id).",
          ),
        attemptedAt: z.date(),
        statusCode: z.int().nullable(),
        latencyMs: z.int().nullable(),
        error: z.string().nullable(),
        nextAttemptAt: z.date().nullable(),
      }),
    ),
  })
  .meta({ id: "Delivery" });

export const DeliveryList = z
  .object({ deliveries: z.array(Delivery) })
  .meta({ id: "DeliveryList" });

export const PatchEndpointInput = z
  .strictObject({
    name: name().optional(),
    componentIds: z.array(uuid()).max(1000).optional(),
  })
  .meta({ id: "PatchWebhookEndpointInput" });
export type PatchEndpointInput = z.output<typeof PatchEndpointInput>;

export const ENDPOINT_READ_ONLY = [
  "id",
  "kind",
  "state",
  "failingSince",
  "createdAt",
  "lastAttempt",
  "retrying",
] as const;

export const RotatedSecret = z
  .object({
    secret: z.string().describe("The new whsec_ signing secret, shown only here."),
    previousSecretExpiresAt: z
      .date()
      .describe("Until then every request carries both signatures, the old and the new."),
  })
  .meta({ id: "RotatedWebhookSecret" });

export const deliveryParams = z.object({ id: uuid(), deliveryId: uuid() });
