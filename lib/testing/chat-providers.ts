import type { Received, Reply } from "./receiver";

/**
 * Loopback stand-ins for chat providers' incoming webhooks: each reads a request as the provider
 * documents it and answers as the provider does, its refusal included. A request a provider
 * would refuse is refused here, so a message of the wrong shape fails its test.
 */
export type Provider = (request: Received) => Reply;

export const json = (status: number, body: unknown): Reply => ({
  status,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** A JSON object body sent as `application/json`, or null. */
export function parsed(request: Received): Record<string, unknown> | null {
  if (!String(request.headers["content-type"]).startsWith("application/json")) return null;
  try {
    const body: unknown = JSON.parse(request.body);
    return body && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export const isText = (value: unknown, max = Infinity) =>
  typeof value === "string" && value.length > 0 && value.length <= max;
export const isUrl = (value: unknown) => typeof value === "string" && /^https?:\/\//.test(value);

const ADAPTIVE_ELEMENTS = new Set(["TextBlock", "FactSet", "ColumnSet", "Container", "Image"]);

/**
 * Microsoft Teams Workflows ("When a Teams webhook request is received"): a message whose
 * attachments are Adaptive Cards (contentType `application/vnd.microsoft.card.adaptive`, version
 * up to 1.5); accepted with 202, refused with 400 and the flow's error.
 */
export const teamsWorkflow: Provider = (request) => {
  const body = parsed(request);
  const attachments = body?.attachments as Record<string, unknown>[] | undefined;
  const card = attachments?.[0]?.content as Record<string, unknown> | undefined;
  const elements = card?.body as Record<string, unknown>[] | undefined;
  const valid =
    body?.type === "message" &&
    attachments?.every((a) => a.contentType === "application/vnd.microsoft.card.adaptive") &&
    card?.type === "AdaptiveCard" &&
    typeof card.version === "string" &&
    Number(card.version) <= 1.5 &&
    elements?.length &&
    elements.every(
      (e) =>
        ADAPTIVE_ELEMENTS.has(String(e.type)) &&
        (e.type !== "TextBlock" || isText(e.text)) &&
        (e.type !== "FactSet" ||
          (e.facts as { title: unknown; value: unknown }[]).every(
            (f) => isText(f.title) && typeof f.value === "string",
          )),
    ) &&
    ((card.actions as Record<string, unknown>[] | undefined) ?? []).every(
      (a) => a.type === "Action.OpenUrl" && isUrl(a.url) && isText(a.title),
    );
  return valid
    ? { status: 202, body: "" }
    : json(400, {
        error: {
          code: "InvalidRequestContent",
          message:
            "The input body for trigger 'manual' of type 'Request' did not match its schema definition.",
        },
      });
};

const CHAT_WIDGETS = new Set(["decoratedText", "textParagraph", "buttonList"]);

/**
 * Google Chat space webhook: `text` and/or `cardsV2` (each `{cardId, card}` with sections of
 * widgets, one kind of widget each); answered 200 with the message created, refused 400
 * `INVALID_ARGUMENT`.
 */
export const googleChatSpace: Provider = (request) => {
  const body = parsed(request);
  const cards = body?.cardsV2 as { cardId?: unknown; card?: Record<string, unknown> }[] | undefined;
  const validCard = (entry: { cardId?: unknown; card?: Record<string, unknown> }) => {
    const sections = entry.card?.sections as { widgets?: Record<string, unknown>[] }[] | undefined;
    return (
      isText(entry.cardId) &&
      sections?.length &&
      sections.every((section) =>
        section.widgets?.every((widget) => {
          const kinds = Object.keys(widget);
          if (kinds.length !== 1 || !CHAT_WIDGETS.has(kinds[0]!)) return false;
          const w = widget[kinds[0]!] as Record<string, unknown>;
          if (kinds[0] === "buttonList") {
            return (w.buttons as Record<string, unknown>[]).every(
              (b) =>
                isText(b.text) &&
                isUrl((b.onClick as { openLink?: { url?: unknown } })?.openLink?.url),
            );
          }
          return isText(w.text);
        }),
      )
    );
  };
  const valid = body && (isText(body.text) || cards?.length) && (cards ?? []).every(validCard);
  return valid
    ? json(200, {
        name: "spaces/AAAA/messages/BBBB.BBBB",
        sender: { name: "users/webhook", type: "BOT" },
        createTime: new Date().toISOString(),
      })
    : json(400, {
        error: {
          code: 400,
          message: "Invalid JSON payload received.",
          status: "INVALID_ARGUMENT",
        },
      });
};

/**
 * Mattermost incoming webhook: `text` and/or Slack-style `attachments` (fields `{title, value,
 * short}`, colour `#rrggbb`); answered 200 `ok`, refused 400 with Mattermost's app error.
 */
export const mattermostHook: Provider = (request) => {
  const body = parsed(request);
  const attachments = body?.attachments as Record<string, unknown>[] | undefined;
  const valid =
    body &&
    (isText(body.text) || attachments?.length) &&
    (attachments ?? []).every(
      (a) =>
        (a.color === undefined || /^#[0-9a-f]{6}$/i.test(String(a.color))) &&
        (a.title_link === undefined || isUrl(a.title_link)) &&
        ((a.fields as Record<string, unknown>[] | undefined) ?? []).every(
          (f) => isText(f.title) && typeof f.value === "string",
        ),
    );
  return valid
    ? { status: 200, headers: { "content-type": "text/plain" }, body: "ok" }
    : json(400, {
        id: "web.incoming_webhook.text.app_error",
        message: "No text specified.",
        detailed_error: "",
        status_code: 400,
      });
};

/**
 * Slack incoming webhook: `text` and/or Block Kit `blocks` (each with a known `type`); answered
 * 200 `ok`, refused 400 with Slack's plain-text error (`invalid_blocks`, `no_text`).
 */
export const slackHook: Provider = (request) => {
  const body = parsed(request);
  const refuse = (error: string) => ({
    status: 400,
    headers: { "content-type": "text/plain" },
    body: error,
  });
  if (!body || (!isText(body.text) && !Array.isArray(body.blocks))) return refuse("no_text");
  const blocks = (body.blocks ?? []) as Record<string, unknown>[];
  const known = new Set(["header", "section", "context", "divider", "actions"]);
  if (blocks.length > 50 || !blocks.every((b) => known.has(String(b.type)))) {
    return refuse("invalid_blocks");
  }
  return { status: 200, headers: { "content-type": "text/plain" }, body: "ok" };
};

/**
 * Discord channel webhook: `content` and/or up to 10 `embeds`; answered 204, refused 400 with
 * Discord's `{code, message}`.
 */
export const discordWebhook: Provider = (request) => {
  const body = parsed(request);
  const embeds = (body?.embeds ?? []) as Record<string, unknown>[];
  const valid =
    body &&
    (isText(body.content) || embeds.length) &&
    embeds.length <= 10 &&
    String(body.content ?? "").length <= 2000 &&
    embeds.every((e) => e.url === undefined || isUrl(e.url));
  return valid
    ? { status: 204 }
    : json(400, { code: 50006, message: "Cannot send an empty message" });
};
