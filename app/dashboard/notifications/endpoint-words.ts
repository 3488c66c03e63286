import type { Delivery, Endpoint } from "../api-types";

type Attempt = Delivery["attempts"][number];

export const KINDS = [
  { value: "webhook", label: "Webhook (signed, Standard Webhooks)" },
  { value: "slack", label: "Slack incoming webhook" },
  { value: "discord", label: "Discord webhook" },
  { value: "teams", label: "Microsoft Teams (Workflows webhook)" },
  { value: "google_chat", label: "Google Chat space webhook" },
  { value: "mattermost", label: "Mattermost incoming webhook" },
  { value: "telegram", label: "Telegram bot" },
  { value: "ntfy", label: "ntfy topic" },
  { value: "pagerduty", label: "PagerDuty (Events API v2)" },
  { value: "opsgenie", label: "Opsgenie alerts" },
] as const satisfies readonly { value: Endpoint["kind"]; label: string }[];

export const KIND_LABEL: Record<Endpoint["kind"], string> = {
  webhook: "Webhook",
  slack: "Slack",
  discord: "Discord",
  teams: "Teams",
  google_chat: "Google Chat",
  mattermost: "Mattermost",
  telegram: "Telegram",
  ntfy: "ntfy",
  pagerduty: "PagerDuty",
  opsgenie: "Opsgenie",
};

/** Where each provider explains how to get the URL an endpoint of its kind takes. */
export const KIND_INSTRUCTIONS: Record<Endpoint["kind"], { label: string; url: string }> = {
  webhook: { label: "Standard Webhooks", url: "https://www.standardwebhooks.com/" },
  slack: {
    label: "Slack: sending messages using incoming webhooks",
    url: "https://api.slack.com/messaging/webhooks",
  },
  discord: {
    label: "Discord: intro to webhooks",
    url: "https://support.discord.com/hc/en-us/articles/228383668-Intro-to-Webhooks",
  },
  teams: {
    label: "Microsoft: create incoming webhooks with Workflows for Teams",
    url: "https://support.microsoft.com/office/create-incoming-webhooks-with-workflows-for-microsoft-teams-8ae491c7-0394-4861-ba59-055e33f75498",
  },
  google_chat: {
    label: "Google: send messages to Google Chat with incoming webhooks",
    url: "https://developers.google.com/workspace/chat/quickstart/webhooks",
  },
  mattermost: {
    label: "Mattermost: incoming webhooks",
    url: "https://developers.mattermost.com/integrate/webhooks/incoming/",
  },
  telegram: {
    label: "Telegram: bots, and creating one with @BotFather",
    url: "https://core.telegram.org/bots/features#botfather",
  },
  ntfy: { label: "ntfy: publishing as JSON", url: "https://docs.ntfy.sh/publish/#publish-as-json" },
  pagerduty: {
    label: "PagerDuty: Events API v2 integration on a service",
    url: "https://support.pagerduty.com/main/docs/services-and-integrations#create-a-generic-events-api-integration",
  },
  opsgenie: {
    label: "Opsgenie: API integration and its key",
    url: "https://support.atlassian.com/opsgenie/docs/create-a-default-api-integration/",
  },
};

type KindField =
  | {
      name: string;
      label: string;
      type: "url" | "text" | "password";
      required: boolean;
      defaultValue?: string;
      placeholder?: string;
      hint?: string;
    }
  | { name: string; label: string; type: "checkbox" }
  | { name: string; label: string; type: "select"; options: { value: string; label: string }[] };

const STORED = "It is stored encrypted and never shown again.";
const urlField = (hint: string): KindField => ({
  name: "url",
  label: "URL",
  type: "url",
  required: true,
  placeholder: "https://",
  hint: `${hint} ${STORED}`,
});
const maintenanceChoice: KindField = {
  name: "includeMaintenance",
  label: "Also open an alert while maintenance is in progress",
  type: "checkbox",
};

/** What the add form asks for each kind, named as the API takes it. */
export const KIND_FIELDS: Record<Endpoint["kind"], KindField[]> = {
  webhook: [urlField("A public https address.")],
  slack: [urlField("The incoming webhook's address.")],
  discord: [urlField("The channel webhook's address.")],
  teams: [urlField("The Workflows webhook's address.")],
  google_chat: [urlField("The space webhook's address.")],
  mattermost: [urlField("The incoming webhook's address.")],
  telegram: [
    {
      name: "botToken",
      label: "Bot token",
      type: "password",
      required: true,
      placeholder: "123456:ABC-DEF…",
      hint: `From @BotFather. ${STORED}`,
    },
    {
      name: "chatId",
      label: "Chat id",
      type: "text",
      required: true,
      placeholder: "-1001234567890 or @channelname",
      hint: "Add the bot to the group or channel first.",
    },
  ],
  ntfy: [
    {
      name: "url",
      label: "Server",
      type: "url",
      required: true,
      defaultValue: "https://ntfy.sh",
      hint: "The public server, or your own.",
    },
    {
      name: "topic",
      label: "Topic",
      type: "password",
      required: true,
      hint: `Anyone who knows a topic on a public server can read it: pick one hard to guess. ${STORED}`,
    },
    {
      name: "accessToken",
      label: "Access token (optional)",
      type: "password",
      required: false,
      placeholder: "tk_…",
      hint: "For a protected topic.",
    },
  ],
  pagerduty: [
    {
      name: "routingKey",
      label: "Integration key",
      type: "password",
      required: true,
      hint: `The Events API v2 integration key of a service (32 characters). ${STORED}`,
    },
    maintenanceChoice,
  ],
  opsgenie: [
    {
      name: "apiKey",
      label: "API key",
      type: "password",
      required: true,
      hint: `An API integration's key. ${STORED}`,
    },
    {
      name: "region",
      label: "Region",
      type: "select",
      options: [
        { value: "us", label: "US (api.opsgenie.com)" },
        { value: "eu", label: "EU (api.eu.opsgenie.com)" },
      ],
    },
    maintenanceChoice,
  ],
};

/** A delivery's state in words: a pending one that already failed is being retried. */
export function deliveryState(delivery: Delivery): string {
  if (delivery.attempts.at(-1)?.state === "sending") return "sending";
  if (delivery.state === "pending" && delivery.attempts.length > 0) {
    return `retrying (${delivery.attempts.length} ${delivery.attempts.length === 1 ? "attempt" : "attempts"})`;
  }
  return delivery.state;
}

/** What the receiver answered to one attempt, in a few words. */
export const answerOf = (
  attempt: Pick<Attempt, "statusCode" | "error"> & Partial<Pick<Attempt, "state">>,
) =>
  attempt.state === "sending"
    ? "sending"
    : attempt.statusCode
      ? `HTTP ${attempt.statusCode}`
      : (attempt.error ?? "no answer");

/** What a provider endpoint was told that is not secret, in words; null when there is nothing. */
export function settingsOf(endpoint: Pick<Endpoint, "settings">): string | null {
  const { chatId, region, includeMaintenance } = endpoint.settings;
  const parts = [
    chatId && `Chat ${chatId}`,
    region && `${region.toUpperCase()} region`,
    includeMaintenance !== undefined &&
      (includeMaintenance ? "Maintenance opens alerts too" : "Incidents only"),
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}
