import type { Delivery, Endpoint } from "../api-types";

type Attempt = Delivery["attempts"][number];

export const KINDS = [
  { value: "webhook", label: "Webhook (signed, Standard Webhooks)" },
  { value: "slack", label: "Slack incoming webhook" },
  { value: "discord", label: "Discord webhook" },
  { value: "teams", label: "Microsoft Teams (Workflows webhook)" },
  { value: "google_chat", label: "Google Chat space webhook" },
  { value: "mattermost", label: "Mattermost incoming webhook" },
] as const satisfies readonly { value: Endpoint["kind"]; label: string }[];

export const KIND_LABEL: Record<Endpoint["kind"], string> = {
  webhook: "Webhook",
  slack: "Slack",
  discord: "Discord",
  teams: "Teams",
  google_chat: "Google Chat",
  mattermost: "Mattermost",
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
