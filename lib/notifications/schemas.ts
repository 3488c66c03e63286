import { z } from "zod";
import { name, uuid } from "@/lib/contract/fields";

/** The kinds an endpoint of which is one URL the team pastes. */
export const URL_KINDS = [
  "webhook",
  "slack",
  "discord",
  "teams",
  "google_chat",
  "mattermost",
] as const;

/** The kinds whose provider has an API of its own rather than one pasted URL. */
export const PROVIDER_KINDS = ["telegram", "ntfy", "pagerduty", "opsgenie"] as const;

export const EndpointKind = z
  .enum([...URL_KINDS, ...PROVIDER_KINDS])
  .meta({ id: "WebhookEndpointKind" });

const includeMaintenance = z
  .boolean()
  .default(false)
  .describe("Whether maintenance windows open and close alerts too (incidents always do).");

/** What a provider kind was told that is not secret; answered back. Empty for the URL kinds. */
export const EndpointSettings = z
  .object({
    chatId: z.string().optional().describe("Telegram: the chat the bot posts to."),
    region: z.enum(["us", "eu"]).optional().describe("Opsgenie: the account's region."),
    includeMaintenance: includeMaintenance.optional(),
  })
  .meta({ id: "WebhookEndpointSettings" });
export type EndpointSettings = z.output<typeof EndpointSettings>;

export const WebhookEndpoint = z
  .object({
    id: uuid(),
    kind: EndpointKind,
    name: z.string(),
    state: z.enum(["active", "failing"]),
    componentIds: z.array(uuid()).describe("The components followed; empty = every component."),
    settings: EndpointSettings,
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

const endpointUrl = z.url({ message: "Must be a URL." }).max(2000);
const secretText = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${what}.`)
    .max(500)
    .describe(`${what}; stored encrypted, never answered.`);
const common = { name: name(), componentIds: z.array(uuid()).max(1000).optional() };

export const CreateEndpointInput = z
  .discriminatedUnion("kind", [
    z.strictObject({ kind: z.enum(URL_KINDS), url: endpointUrl, ...common }),
    z.strictObject({
      kind: z.literal("telegram"),
      botToken: secretText("bot token").regex(
        /^\d+:[\w-]+$/,
        "A bot token looks like 123456:ABC-DEF… (from @BotFather).",
      ),
      chatId: z
        .string()
        .trim()
        .regex(
          /^(-?\d{1,20}|@\w{5,32})$/,
          "A chat id is a number (-100… for groups) or @channelname.",
        )
        .describe("The chat the bot posts to: a number, or @channelname for a public channel."),
      ...common,
    }),
    z.strictObject({
      kind: z.literal("ntfy"),
      url: endpointUrl
        .default("https://ntfy.sh")
        .describe("The ntfy server; the public one by default."),
      topic: secretText("topic").regex(
        /^[\w-]{1,64}$/,
        "A topic is up to 64 letters, digits, - or _.",
      ),
      accessToken: secretText("access token").optional(),
      ...common,
    }),
    z.strictObject({
      kind: z.literal("pagerduty"),
      routingKey: secretText("integration (routing) key").regex(
        /^[\w]{32}$/,
        "An Events API v2 integration key is 32 characters.",
      ),
      includeMaintenance,
      ...common,
    }),
    z.strictObject({
      kind: z.literal("opsgenie"),
      apiKey: secretText("API key"),
      region: z.enum(["us", "eu"]).default("us").describe("Where the Opsgenie account lives."),
      includeMaintenance,
      ...common,
    }),
  ])
  .meta({ id: "CreateWebhookEndpointInput" });
export type CreateEndpointInput = z.output<typeof CreateEndpointInput>;

export const EndpointCreated = z
  .object({
    endpoint: WebhookEndpoint,
    secret: z
      .string()
      .nullable()
      .describe("The whsec_ signing secret, shown only here; null for every kind but `webhook`."),
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
  "settings",
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
