import { Webhook } from "standardwebhooks";
import type { OutgoingEvent } from "@/lib/outbox/outbox";
import type { z } from "zod";
import { EVENT_HEADLINE, labelOf } from "@/lib/status/labels";
import { isProviderKind, providerRequest, type Credentials } from "./providers";
import type { EndpointKind as EndpointKindSchema, EndpointSettings } from "./schemas";

export const USER_AGENT = "Allclear-Webhooks/1.0";
export type EndpointKind = z.output<typeof EndpointKindSchema>;

// Discord embed colours by impact and for maintenance.
const COLOUR: Record<string, number> = {
  none: 0x6b7280,
  minor: 0xd97706,
  major: 0xea580c,
  critical: 0xdc2626,
  resolved: 0x16a34a,
  maintenance: 0x2563eb,
};

/** The status page's overall status after the change, when the event says it. */
const pageStatus = (event: OutgoingEvent): [string, string][] =>
  event.data.status ? [["Status page", event.data.status.description]] : [];

/** What the latest update promised, in UTC: chat readers are anywhere. */
function promisesIn(
  update: { estimatedResolutionAt?: string | null; nextUpdateBy?: string | null } | undefined,
): [string, string][] {
  const rows: [string, string][] = [];
  if (update?.estimatedResolutionAt) {
    rows.push(["Estimated resolution", new Date(update.estimatedResolutionAt).toUTCString()]);
  }
  if (update?.nextUpdateBy) {
    rows.push(["Next update by", new Date(update.nextUpdateBy).toUTCString()]);
  }
  return rows;
}

/**
 * Breaks Markdown link and image syntax (`[text](url)`, `![](url)`) so a channel that renders
 * Markdown shows what was typed instead of a link or picture from another site.
 */
const inertLinks = (text: string) => text.replace(/\]\(/g, "]\u200b(");

/** The human content of an event, shared by every chat and alerting message. */
export function summarize(event: OutgoingEvent, componentNames: Map<string, string>) {
  const name = (id: string) => componentNames.get(id) ?? "A deleted component";
  const { incident, maintenance } = event.data;
  if (incident) {
    const latest = incident.updates[0];
    const overdue = event.type === "incident.update_overdue";
    return {
      title: inertLinks(incident.title),
      headline: EVENT_HEADLINE[event.type] ?? event.type,
      fields: [
        ["Status", labelOf(incident.status)],
        ["Impact", labelOf(incident.impact)],
        ...promisesIn(latest),
        ...pageStatus(event),
      ] as [string, string][],
      message: overdue
        ? "The next update promised to the status page's readers has not been posted."
        : inertLinks(
            (event.type === "incident.postmortem_published"
              ? incident.postmortem?.body
              : latest?.body) ?? "",
          ),
      affected: incident.components.map((c) => `${name(c.componentId)} — ${labelOf(c.status)}`),
      colour: COLOUR[incident.status === "resolved" ? "resolved" : incident.impact] ?? COLOUR.none!,
    };
  }
  if (event.data.monitor) {
    const monitor = event.data.monitor;
    return {
      title: monitor.name,
      headline: EVENT_HEADLINE[event.type] ?? event.type,
      fields: [
        ["Checks", monitor.target],
        ["Expires", new Date(monitor.certificateExpiresAt).toUTCString()],
      ] as [string, string][],
      message: `The TLS certificate expires in ${monitor.daysLeft} day${monitor.daysLeft === 1 ? "" : "s"}.`,
      affected: [name(monitor.componentId)],
      colour: COLOUR.minor!,
    };
  }
  const window = maintenance!;
  const when = `${new Date(window.startsAt).toUTCString()} – ${new Date(window.endsAt).toUTCString()}`;
  return {
    title: inertLinks(window.title),
    headline: EVENT_HEADLINE[event.type] ?? event.type,
    fields: [["Status", labelOf(window.status)], ["Window", when], ...pageStatus(event)] as [
      string,
      string,
    ][],
    message: inertLinks(
      event.type === "maintenance.updated" ? (window.updates?.[0]?.body ?? "") : window.body,
    ),
    affected: window.componentIds.map(name),
    colour: COLOUR.maintenance!,
  };
}

const slackEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
export const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** Slack incoming-webhook message: a plain `text` fallback plus Block Kit `blocks`. */
export function slackMessage(event: OutgoingEvent, componentNames: Map<string, string>) {
  const s = summarize(event, componentNames);
  const blocks: unknown[] = [
    { type: "header", text: { type: "plain_text", text: clip(`${s.headline}: ${s.title}`, 150) } },
    {
      type: "section",
      fields: s.fields.map(([k, v]) => ({ type: "mrkdwn", text: `*${k}*\n${slackEscape(v)}` })),
    },
  ];
  if (s.message)
    blocks.push({
      type: "section",
      text: { type: "mrkdwn", text: clip(slackEscape(s.message), 2900) },
    });
  if (s.affected.length) {
    blocks.push({
      type: "context",
      elements: [
        { type: "mrkdwn", text: clip(`Affected: ${slackEscape(s.affected.join(", "))}`, 2900) },
      ],
    });
  }
  blocks.push({
    type: "section",
    text: { type: "mrkdwn", text: `<${event.data.url}|View on the status page>` },
  });
  return {
    text: `${slackEscape(`${s.headline}: ${s.title} (${event.data.workspace.name})`)} <${event.data.url}>`,
    blocks,
  };
}

/** Discord webhook message: `content` plus one embed; mentions in the text never ping anyone. */
export function discordMessage(event: OutgoingEvent, componentNames: Map<string, string>) {
  const s = summarize(event, componentNames);
  const fields = s.fields.map(([name, value]) => ({
    name,
    value: clip(value, 1024),
    inline: true,
  }));
  if (s.affected.length)
    fields.push({
      name: "Affected components",
      value: clip(s.affected.join("\n"), 1024),
      inline: false,
    });
  return {
    content: clip(`**${s.headline}: ${s.title}**`, 2000),
    embeds: [
      {
        title: clip(s.title, 256),
        url: event.data.url,
        description: clip(s.message, 4096),
        color: s.colour,
        fields,
        timestamp: event.data.occurredAt,
        footer: { text: `${event.data.workspace.name} status` },
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/** Breaks `@` mentions (`@channel`, `@all`, `@someone`) so a message never pings anyone. */
export const noMentions = (text: string) => text.replace(/@(?=\w)/g, "@\u200b");

/**
 * Microsoft Teams through a Workflows ("Post to a channel when a webhook request is received")
 * URL: one Adaptive Card. Its TextBlocks render the update's Markdown; the card's own template
 * functions (`{{DATE(…)}}`) are broken up so text cannot call them, and Teams mentions need
 * entities a card from us never carries.
 */
export function teamsMessage(event: OutgoingEvent, componentNames: Map<string, string>) {
  const s = summarize(event, componentNames);
  const text = (value: string) => value.replace(/\{\{/g, "{\u200b{");
  const body: unknown[] = [
    {
      type: "TextBlock",
      text: text(clip(`${s.headline}: ${s.title}`, 300)),
      weight: "Bolder",
      size: "Medium",
      wrap: true,
    },
    {
      type: "FactSet",
      facts: [
        ...s.fields.map(([title, value]) => ({ title, value: text(value) })),
        ...(s.affected.length ? [{ title: "Affected", value: text(s.affected.join(", ")) }] : []),
      ],
    },
  ];
  if (s.message) body.push({ type: "TextBlock", text: text(clip(s.message, 4000)), wrap: true });
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body,
          actions: [
            { type: "Action.OpenUrl", title: "View on the status page", url: event.data.url },
          ],
        },
      },
    ],
  };
}

const htmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Google Chat through a space's incoming webhook: a `text` line and one card (cardsV2). Card text
 * takes a few HTML tags and the `text` line Chat's own markup (`<users/all>` mentions, `<url|…>`
 * links): both are escaped, so what a writer typed stays text.
 */
export function googleChatMessage(event: OutgoingEvent, componentNames: Map<string, string>) {
  const s = summarize(event, componentNames);
  const widgets: unknown[] = s.fields.map(([topLabel, value]) => ({
    decoratedText: { topLabel, text: htmlEscape(value) },
  }));
  if (s.affected.length) {
    widgets.push({
      decoratedText: {
        topLabel: "Affected",
        text: htmlEscape(s.affected.join(", ")),
        wrapText: true,
      },
    });
  }
  if (s.message) {
    widgets.push({
      textParagraph: { text: htmlEscape(clip(s.message, 4000)).replace(/\n/g, "<br>") },
    });
  }
  widgets.push({
    buttonList: {
      buttons: [
        { text: "View on the status page", onClick: { openLink: { url: event.data.url } } },
      ],
    },
  });
  return {
    text: htmlEscape(`${s.headline}: ${s.title} (${event.data.workspace.name})`),
    cardsV2: [
      {
        cardId: event.type.replace(/\W/g, "-"),
        card: {
          header: {
            title: htmlEscape(clip(s.title, 200)),
            subtitle: htmlEscape(`${s.headline} · ${event.data.workspace.name} status`),
          },
          sections: [{ widgets }],
        },
      },
    ],
  };
}

/**
 * Mattermost through an incoming webhook: Slack-compatible attachments in Mattermost's own
 * Markdown, with every `@` mention broken so no one (and no channel) is notified.
 */
export function mattermostMessage(event: OutgoingEvent, componentNames: Map<string, string>) {
  const s = summarize(event, componentNames);
  const headline = noMentions(`${s.headline}: ${s.title}`);
  return {
    text: `#### ${headline}`,
    attachments: [
      {
        fallback: `${headline} (${noMentions(event.data.workspace.name)})`,
        color: `#${s.colour.toString(16).padStart(6, "0")}`,
        title: noMentions(clip(s.title, 250)),
        title_link: event.data.url,
        text: noMentions(clip(s.message, 7000)),
        fields: [
          ...s.fields.map(([title, value]) => ({ title, value: noMentions(value), short: true })),
          ...(s.affected.length
            ? [{ title: "Affected", value: noMentions(s.affected.join(", ")), short: false }]
            : []),
        ],
        footer: noMentions(`${event.data.workspace.name} status`),
      },
    ],
  };
}

const CHAT_MESSAGES = {
  slack: slackMessage,
  discord: discordMessage,
  teams: teamsMessage,
  google_chat: googleChatMessage,
  mattermost: mattermostMessage,
} as const;

const STOP = "Stop these messages";

/**
 * A visitor's chat subscription carries its one-click way out in every message: a link in
 * Slack's last block, an action on the Teams card (the only channels visitors subscribe in).
 */
function withStopLink(kind: string, message: unknown, stopUrl: string): unknown {
  if (kind === "slack") {
    const slack = message as ReturnType<typeof slackMessage>;
    return {
      ...slack,
      blocks: [
        ...slack.blocks,
        { type: "context", elements: [{ type: "mrkdwn", text: `<${stopUrl}|${STOP}>` }] },
      ],
    };
  }
  if (kind === "teams") {
    const teams = message as ReturnType<typeof teamsMessage>;
    const [card] = teams.attachments;
    return {
      ...teams,
      attachments: [
        {
          ...card!,
          content: {
            ...card!.content,
            actions: [
              ...card!.content.actions,
              { type: "Action.OpenUrl", title: STOP, url: stopUrl },
            ],
          },
        },
      ],
    };
  }
  return message;
}

/** Where an endpoint sends, as stored for it (decrypted). */
export type Target = {
  url: string | null;
  credentials: Credentials | null;
  settings: EndpointSettings;
};

/**
 * The exact request for one attempt: where it goes, the body bytes, and for `webhook` endpoints
 * the Standard Webhooks headers signed over those bytes.
 */
export function buildRequest(
  kind: EndpointKind,
  {
    webhookId,
    target,
    secrets,
    event,
    componentNames,
    stopUrl,
    now = new Date(),
  }: {
    webhookId: string;
    target: Target;
    /** The signing secrets: the current one, and a rotated-out one while it still signs. */
    secrets: string[];
    event: OutgoingEvent;
    componentNames: Map<string, string>;
    /** For a visitor's subscription: the link that stops these messages. */
    stopUrl?: string;
    now?: Date;
  },
): { url: string; body: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
  };
  if (isProviderKind(kind)) {
    const request = providerRequest(kind, {
      event,
      names: componentNames,
      credentials: target.credentials!,
      settings: target.settings,
      url: target.url,
    });
    return { ...request, headers: { ...headers, ...request.headers } };
  }
  const url = target.url!;
  if (kind !== "webhook") {
    const message = CHAT_MESSAGES[kind](event, componentNames);
    return {
      url,
      body: JSON.stringify(stopUrl ? withStopLink(kind, message, stopUrl) : message),
      headers,
    };
  }
  const body = JSON.stringify({
    type: event.type,
    timestamp: event.data.occurredAt,
    data: event.data,
    ...(stopUrl ? { unsubscribeUrl: stopUrl } : {}),
  });
  // Standard Webhooks: several signatures, space-separated; a receiver accepts any it can verify.
  const signature = secrets
    .map((secret) => new Webhook(secret).sign(webhookId, now, body))
    .join(" ");
  return {
    url,
    body,
    headers: {
      ...headers,
      "webhook-id": webhookId,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signature,
    },
  };
}
