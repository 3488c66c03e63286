import { config } from "@/lib/config";
import type { OutgoingEvent } from "@/lib/outbox/outbox";
import { clip, noMentions, summarize } from "./messages";
import { PROVIDER_KINDS, type EndpointSettings } from "./schemas";

export type ProviderKind = (typeof PROVIDER_KINDS)[number];
export const isProviderKind = (kind: string): kind is ProviderKind =>
  (PROVIDER_KINDS as readonly string[]).includes(kind);

/** What each provider kind keeps encrypted. */
export type Credentials =
  | { botToken: string }
  | { topic: string; accessToken?: string }
  | { routingKey: string }
  | { apiKey: string };

type Request = { url: string; body: string; headers: Record<string, string> };

const telegramEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Telegram `sendMessage` in HTML parse mode: every character a writer typed is escaped, so only
 * our own `<b>` and link are markup; `@` mentions are broken so no one is notified.
 */
export function telegramMessage(event: OutgoingEvent, names: Map<string, string>, chatId: string) {
  const s = summarize(event, names);
  const text = (value: string) => telegramEscape(noMentions(value));
  const lines = [
    `<b>${text(`${s.headline}: ${s.title}`)}</b>`,
    ...s.fields.map(([key, value]) => `${text(key)}: ${text(value)}`),
    ...(s.affected.length ? [`Affected: ${text(s.affected.join(", "))}`] : []),
  ];
  const link = `<a href="${telegramEscape(event.data.url)}">View on the status page</a>`;
  // 4,096 characters at most once parsed; the message is clipped before it is escaped.
  const message = s.message ? `\n\n${text(clip(s.message, 3000))}` : "";
  return {
    chat_id: chatId,
    text: `${lines.join("\n")}${message}\n\n${link}`,
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
  };
}

// ntfy priorities: 1 min … 5 max (urgent).
const NTFY_PRIORITY: Record<string, number> = { none: 2, minor: 3, major: 4, critical: 5 };

/** ntfy's JSON publish: plain text (never Markdown), priority from impact, emoji tags. */
export function ntfyMessage(event: OutgoingEvent, names: Map<string, string>, topic: string) {
  const s = summarize(event, names);
  const incident = event.data.incident;
  const resolved = incident?.status === "resolved" || event.type === "maintenance.completed";
  const tags = resolved
    ? ["white_check_mark"]
    : incident
      ? [incident.impact === "critical" ? "rotating_light" : "warning", incident.impact]
      : event.data.maintenance
        ? ["wrench"]
        : ["lock"];
  const details = [
    ...s.fields.map(([key, value]) => `${key}: ${value}`),
    ...(s.affected.length ? [`Affected: ${s.affected.join(", ")}`] : []),
  ];
  return {
    topic,
    title: clip(`${s.headline}: ${s.title}`, 250),
    message: clip([s.message, details.join("\n")].filter(Boolean).join("\n\n"), 3800),
    priority: incident && !resolved ? (NTFY_PRIORITY[incident.impact] ?? 3) : 2,
    tags,
    click: event.data.url,
    actions: [{ action: "view", label: "Status page", url: event.data.url, clear: false }],
  };
}

const PAGERDUTY_SEVERITY: Record<string, string> = {
  none: "info",
  minor: "warning",
  major: "error",
  critical: "critical",
};

/** The one alert an event is about, and whether it closes it. */
function alertOf(event: OutgoingEvent) {
  const { incident, maintenance, monitor } = event.data;
  if (incident) {
    return { key: incident.id, closes: incident.status === "resolved", impact: incident.impact };
  }
  if (maintenance) {
    return {
      key: maintenance.id,
      closes: event.type === "maintenance.completed" || event.type === "maintenance.cancelled",
      impact: "none",
    };
  }
  // One alert per certificate: a renewed certificate that expires again is a new alert.
  return {
    key: `${monitor!.id}:certificate:${monitor!.certificateExpiresAt}`,
    closes: false,
    impact: "minor",
  };
}

/**
 * PagerDuty Events API v2: `trigger` on every incident event until it is resolved (the same
 * dedup key, so updates join the open alert and reopen none), then `resolve`.
 */
export function pagerDutyEvent(
  event: OutgoingEvent,
  names: Map<string, string>,
  routingKey: string,
) {
  const s = summarize(event, names);
  const alert = alertOf(event);
  const link = { href: event.data.url, text: "View on the status page" };
  if (alert.closes) {
    return { routing_key: routingKey, event_action: "resolve", dedup_key: alert.key };
  }
  return {
    routing_key: routingKey,
    event_action: "trigger",
    dedup_key: alert.key,
    payload: {
      summary: clip(`${s.headline}: ${s.title}`, 1024),
      source: `${event.data.workspace.name} status page`,
      severity: PAGERDUTY_SEVERITY[alert.impact] ?? "info",
      timestamp: event.data.occurredAt,
      component: clip(s.affected.join(", "), 255) || undefined,
      class: event.type,
      custom_details: {
        ...Object.fromEntries(s.fields),
        ...(s.affected.length ? { Affected: s.affected } : {}),
        ...(s.message ? { Update: clip(s.message, 4000) } : {}),
      },
    },
    links: [link],
    client: "Allclear",
    client_url: event.data.url,
  };
}

const OPSGENIE_PRIORITY: Record<string, string> = {
  none: "P5",
  minor: "P3",
  major: "P2",
  critical: "P1",
};

/**
 * Opsgenie's Alert API: an alert created when an incident opens (alias = the incident's id), a
 * note for each update, closed when it is resolved. Answers the path and the body.
 */
export function opsgenieRequest(event: OutgoingEvent, names: Map<string, string>) {
  const s = summarize(event, names);
  const alert = alertOf(event);
  const alias = encodeURIComponent(alert.key);
  const source = clip(`${event.data.workspace.name} status page`, 100);
  const note = clip(
    [s.message, ...s.fields.map(([key, value]) => `${key}: ${value}`), event.data.url]
      .filter(Boolean)
      .join("\n"),
    25_000,
  );
  if (alert.closes) {
    return {
      path: `/v2/alerts/${alias}/close?identifierType=alias`,
      body: { source, note },
    };
  }
  const opens = event.type === "incident.created" || event.type === "maintenance.started";
  if (!opens && event.type !== "monitor.certificate_expiring") {
    return { path: `/v2/alerts/${alias}/notes?identifierType=alias`, body: { source, note } };
  }
  return {
    path: "/v2/alerts",
    body: {
      message: clip(`${s.headline}: ${s.title}`, 130),
      alias: alert.key,
      description: clip(
        [s.message, ...s.fields.map(([key, value]) => `${key}: ${value}`)]
          .filter(Boolean)
          .join("\n"),
        15_000,
      ),
      tags: ["allclear", event.type.split(".")[0]!],
      details: {
        url: event.data.url,
        ...(s.affected.length ? { affected: s.affected.join(", ") } : {}),
      },
      entity: clip(s.affected.join(", "), 512) || undefined,
      source,
      priority: OPSGENIE_PRIORITY[alert.impact] ?? "P3",
    },
  };
}

/** The request one provider-kind endpoint is sent for an event. */
export function providerRequest(
  kind: ProviderKind,
  {
    event,
    names,
    credentials,
    settings,
    url,
  }: {
    event: OutgoingEvent;
    names: Map<string, string>;
    credentials: Credentials;
    settings: EndpointSettings;
    /** The server's address, for the kinds that are self-hosted (ntfy). */
    url: string | null;
  },
): Request {
  const json = { "content-type": "application/json" };
  const providers = config().providers;
  switch (kind) {
    case "telegram": {
      const { botToken } = credentials as { botToken: string };
      return {
        url: `${providers.telegram}/bot${botToken}/sendMessage`,
        body: JSON.stringify(telegramMessage(event, names, settings.chatId ?? "")),
        headers: json,
      };
    }
    case "ntfy": {
      const { topic, accessToken } = credentials as { topic: string; accessToken?: string };
      return {
        // JSON is published to the server's root; the topic is in the body.
        url: (url ?? "https://ntfy.sh").replace(/\/+$/, "") + "/",
        body: JSON.stringify(ntfyMessage(event, names, topic)),
        headers: { ...json, ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
      };
    }
    case "pagerduty": {
      const { routingKey } = credentials as { routingKey: string };
      return {
        url: providers.pagerduty,
        body: JSON.stringify(pagerDutyEvent(event, names, routingKey)),
        headers: json,
      };
    }
    case "opsgenie": {
      const { apiKey } = credentials as { apiKey: string };
      const { path, body } = opsgenieRequest(event, names);
      return {
        url: `${providers.opsgenie[settings.region ?? "us"]}${path}`,
        body: JSON.stringify(body),
        headers: { ...json, authorization: `GenieKey ${apiKey}` },
      };
    }
  }
}
