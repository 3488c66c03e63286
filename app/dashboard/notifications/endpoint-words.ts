import type { Delivery, Endpoint } from "../api-types";

type Attempt = Delivery["attempts"][number];

export const KINDS = [
  { value: "webhook", label: "Webhook (signed, Standard Webhooks)" },
  { value: "slack", label: "Slack incoming webhook" },
  { value: "discord", label: "Discord webhook" },
] as const satisfies readonly { value: Endpoint["kind"]; label: string }[];

export const KIND_LABEL: Record<Endpoint["kind"], string> = {
  webhook: "Webhook",
  slack: "Slack",
  discord: "Discord",
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
