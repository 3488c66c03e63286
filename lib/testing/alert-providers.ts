import { randomUUID } from "node:crypto";
import { isText, isUrl, json, parsed } from "./chat-providers";
import type { Received, Reply } from "./receiver";

// Loopback stand-ins for the provider APIs with more than one pasted URL: Telegram's Bot API,
// an ntfy server, PagerDuty's Events API v2 and Opsgenie's Alert API. Each checks a request as
// its provider documents it, answers as it does (refusals included) and keeps what it accepted,
// so a test reads the channel's state as the team would see it.

const TELEGRAM_TAGS = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "a",
  "code",
  "pre",
  "blockquote",
  "tg-spoiler",
  "span",
]);

/**
 * Reads Telegram's HTML parse mode as the Bot API does: only its tags, only `&lt;`, `&gt;`,
 * `&amp;`, `&quot;` and numeric entities, every `<` a tag. Answers the text as shown and its
 * links, or the error Telegram gives.
 */
export function parseTelegramHtml(
  html: string,
): { text: string; links: string[] } | { error: string } {
  let text = "";
  const links: string[] = [];
  const open: string[] = [];
  for (let i = 0; i < html.length;) {
    const char = html[i]!;
    if (char === "<") {
      const end = html.indexOf(">", i);
      if (end < 0) return { error: `can't parse entities: unclosed start tag at byte offset ${i}` };
      const tag = html.slice(i + 1, end);
      const closing = tag.startsWith("/");
      const name = (closing ? tag.slice(1) : tag).split(/\s/)[0]!.toLowerCase();
      if (!TELEGRAM_TAGS.has(name)) {
        return {
          error: `can't parse entities: Unsupported start tag "${name}" at byte offset ${i}`,
        };
      }
      if (closing) {
        if (open.pop() !== name)
          return { error: `can't parse entities: unmatched end tag "${name}"` };
      } else {
        open.push(name);
        const href = /href="([^"]*)"/.exec(tag)?.[1];
        if (name === "a") links.push((href ?? "").replace(/&amp;/g, "&"));
      }
      i = end + 1;
    } else if (char === "&") {
      const entity = /^&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);/i.exec(html.slice(i));
      if (!entity) {
        return { error: `can't parse entities: Character '&' is reserved at byte offset ${i}` };
      }
      const name = entity[1]!.toLowerCase();
      text +=
        { lt: "<", gt: ">", amp: "&", quot: '"' }[name] ??
        String.fromCodePoint(
          name.startsWith("#x") ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
        );
      i += entity[0].length;
    } else if (char === ">") {
      return { error: `can't parse entities: Character '>' is reserved at byte offset ${i}` };
    } else {
      text += char;
      i += 1;
    }
  }
  if (open.length) return { error: `can't parse entities: unclosed start tag "${open.at(-1)}"` };
  return { text, links };
}

export type TelegramMessage = { chatId: string; text: string; links: string[] };

/**
 * Telegram's Bot API `sendMessage` for one bot (`/bot<token>/sendMessage`): the chats it is in
 * answer `{ok: true}`, anything else `{ok: false, error_code, description}` with that status.
 */
export function telegramBot({ token, chats }: { token: string; chats: string[] }) {
  const messages: TelegramMessage[] = [];
  const refuse = (code: number, description: string) =>
    json(code, { ok: false, error_code: code, description });
  const answer = (request: Received): Reply => {
    if (request.path !== `/bot${token}/sendMessage`) return refuse(401, "Unauthorized");
    const body = parsed(request);
    if (!body) return refuse(400, "Bad Request: message text is empty");
    const chatId = String(body.chat_id ?? "");
    if (!chats.includes(chatId)) return refuse(400, "Bad Request: chat not found");
    if (!isText(body.text)) return refuse(400, "Bad Request: message text is empty");
    if (body.parse_mode !== "HTML") return refuse(400, "Bad Request: unsupported parse_mode");
    const read = parseTelegramHtml(String(body.text));
    if ("error" in read) return refuse(400, `Bad Request: ${read.error}`);
    if (read.text.length > 4096) return refuse(400, "Bad Request: message is too long");
    messages.push({ chatId, ...read });
    return json(200, {
      ok: true,
      result: { message_id: messages.length, chat: { id: chatId }, text: read.text },
    });
  };
  return { answer, messages };
}

export type NtfyMessage = Record<string, unknown> & { topic: string };

/**
 * An ntfy server's JSON publish (POST to the root): a topic of up to 64 letters, digits, `-` or
 * `_`; priority 1–5; `view` actions with URLs. `protectedTopics` need `Authorization: Bearer`
 * with the token given. Answers the message as ntfy does, or `{code, http, error}`.
 */
export function ntfyServer({ protectedTopics = {} }: { protectedTopics?: Record<string, string> }) {
  const messages: NtfyMessage[] = [];
  const answer = (request: Received): Reply => {
    const body = parsed(request);
    const invalid = (error: string) => json(400, { code: 40024, http: 400, error });
    if (!body) return invalid("invalid request: request body must be message JSON");
    const topic = String(body.topic ?? "");
    if (!/^[-_A-Za-z0-9]{1,64}$/.test(topic)) return invalid("invalid request: invalid topic");
    const token = protectedTopics[topic];
    if (token && request.headers.authorization !== `Bearer ${token}`) {
      return json(403, { code: 40301, http: 403, error: "forbidden" });
    }
    const priority = body.priority ?? 3;
    if (typeof priority !== "number" || priority < 1 || priority > 5) {
      return invalid("invalid request: priority invalid");
    }
    const tags = body.tags ?? [];
    const actions = (body.actions ?? []) as Record<string, unknown>[];
    if (
      !Array.isArray(tags) ||
      !tags.every((tag) => typeof tag === "string") ||
      (body.click !== undefined && !isUrl(body.click)) ||
      !actions.every((a) => a.action === "view" && isText(a.label) && isUrl(a.url))
    ) {
      return invalid("invalid request: invalid tags, click or actions");
    }
    messages.push(body as NtfyMessage);
    return json(200, {
      id: randomUUID().slice(0, 12),
      time: Math.floor(Date.now() / 1000),
      event: "message",
      ...body,
    });
  };
  return { answer, messages };
}

export type PagerDutyAlert = {
  dedupKey: string;
  status: "triggered" | "resolved";
  summary: string;
  severity: string;
  /** Every event for the key, in arrival order. */
  log: Record<string, unknown>[];
};

const SEVERITIES = new Set(["critical", "error", "warning", "info"]);

/**
 * PagerDuty Events API v2 (`POST /v2/enqueue`): checks routing key, action, dedup key and a
 * trigger's payload; 202 `{status: "success", dedup_key}`, or 400 `{status: "invalid event",
 * errors}`. A trigger opens (or joins) the alert of its dedup key; a resolve closes it.
 */
export function pagerDutyEvents({ routingKey }: { routingKey: string }) {
  const alerts = new Map<string, PagerDutyAlert>();
  const answer = (request: Received): Reply => {
    const body = parsed(request);
    const errors: string[] = [];
    if (!body) {
      return json(400, {
        status: "invalid event",
        message: "Event object is invalid",
        errors: ["Invalid JSON"],
      });
    }
    if (typeof body.routing_key !== "string" || body.routing_key.length !== 32) {
      errors.push("Length of 'routing_key' is incorrect (should be 32 characters)");
    } else if (body.routing_key !== routingKey) {
      errors.push("Invalid routing key");
    }
    const action = body.event_action;
    if (action !== "trigger" && action !== "acknowledge" && action !== "resolve") {
      errors.push("'event_action' is invalid (must be one of: trigger, acknowledge, resolve)");
    }
    const dedupKey = body.dedup_key;
    if (dedupKey !== undefined && !isText(dedupKey, 255)) errors.push("'dedup_key' is invalid");
    if (action !== "trigger" && dedupKey === undefined) errors.push("'dedup_key' is missing");
    const payload = body.payload as Record<string, unknown> | undefined;
    if (action === "trigger") {
      if (!payload) errors.push("'payload' is missing or blank");
      else {
        if (!isText(payload.summary, 1024)) errors.push("'payload.summary' is missing or blank");
        if (!isText(payload.source, 255)) errors.push("'payload.source' is missing or blank");
        if (!SEVERITIES.has(String(payload.severity))) {
          errors.push(
            "'payload.severity' is invalid (must be one of: critical, error, warning, info)",
          );
        }
        if (
          payload.timestamp !== undefined &&
          Number.isNaN(Date.parse(String(payload.timestamp)))
        ) {
          errors.push("'payload.timestamp' is invalid");
        }
      }
      const links = (body.links ?? []) as Record<string, unknown>[];
      if (!Array.isArray(links) || !links.every((link) => isUrl(link.href))) {
        errors.push("'links' is invalid");
      }
    }
    if (errors.length) {
      return json(400, { status: "invalid event", message: "Event object is invalid", errors });
    }
    const key = typeof dedupKey === "string" ? dedupKey : randomUUID().replace(/-/g, "");
    const alert = alerts.get(key);
    if (action === "trigger") {
      if (!alert || alert.status === "resolved") {
        alerts.set(key, {
          dedupKey: key,
          status: "triggered",
          summary: String(payload!.summary),
          severity: String(payload!.severity),
          log: [...(alert?.log ?? []), body],
        });
      } else alert.log.push(body);
    } else if (alert) {
      alert.log.push(body);
      if (action === "resolve") alert.status = "resolved";
    }
    return json(202, { status: "success", message: "Event processed", dedup_key: key });
  };
  return { answer, alerts };
}

export type OpsgenieAlert = {
  alias: string;
  message: string;
  priority: string;
  status: "open" | "closed";
  notes: string[];
  body: Record<string, unknown>;
};

const PRIORITIES = new Set(["P1", "P2", "P3", "P4", "P5"]);

/**
 * Opsgenie's Alert API under one base address: create (`POST /v2/alerts`), add note and close
 * (`POST /v2/alerts/{alias}/notes|close?identifierType=alias`), all with `Authorization: GenieKey
 * <key>`. Answers 202 `{result: "Request will be processed"}`, 401 for another key, and 422
 * with Opsgenie's message for a body it cannot process.
 */
export function opsgenieApi({ apiKey, base = "" }: { apiKey: string; base?: string }) {
  const alerts = new Map<string, OpsgenieAlert>();
  const took = () => ({ took: 0.01, requestId: randomUUID() });
  const unprocessable = (message: string) => json(422, { message, ...took() });
  const answer = (request: Received): Reply => {
    if (request.headers.authorization !== `GenieKey ${apiKey}`) {
      return json(401, { message: "Could not authenticate", ...took() });
    }
    const body = parsed(request);
    if (!body) return unprocessable("Request body is not processable. Please check the errors.");
    const url = new URL(request.path.slice(base.length), "http://opsgenie");
    const accepted = () => json(202, { result: "Request will be processed", ...took() });
    if (url.pathname === "/v2/alerts") {
      if (!isText(body.message)) return unprocessable("Message can not be empty.");
      if (String(body.message).length > 130)
        return unprocessable("Message can not be longer than 130 characters.");
      if (body.alias !== undefined && !isText(body.alias, 512))
        return unprocessable("Alias is invalid.");
      if (body.description !== undefined && String(body.description).length > 15_000) {
        return unprocessable("Description can not be longer than 15000 characters.");
      }
      if (body.priority !== undefined && !PRIORITIES.has(String(body.priority))) {
        return unprocessable("Priority should be one of [P1, P2, P3, P4, P5]");
      }
      const details = (body.details ?? {}) as Record<string, unknown>;
      if (Object.values(details).some((value) => typeof value !== "string")) {
        return unprocessable("Details values should be strings.");
      }
      const alias = String(body.alias ?? randomUUID());
      const open = alerts.get(alias);
      // An open alert with the same alias is deduplicated, not created again.
      if (!open || open.status === "closed") {
        alerts.set(alias, {
          alias,
          message: String(body.message),
          priority: String(body.priority ?? "P3"),
          status: "open",
          notes: [],
          body,
        });
      }
      return accepted();
    }
    const action = /^\/v2\/alerts\/([^/]+)\/(notes|close)$/.exec(url.pathname);
    if (!action || url.searchParams.get("identifierType") !== "alias") {
      return json(404, { message: "Not found", ...took() });
    }
    const alert = alerts.get(decodeURIComponent(action[1]!));
    if (action[2] === "notes") {
      if (!isText(body.note, 25_000)) return unprocessable("Note can not be empty.");
      alert?.notes.push(String(body.note));
    } else if (alert) {
      alert.status = "closed";
      if (isText(body.note)) alert.notes.push(String(body.note));
    }
    // Opsgenie processes alert actions later: an unknown alias is accepted here and fails there.
    return accepted();
  };
  return { answer, alerts };
}
