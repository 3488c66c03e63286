import { createTransport, type Transporter } from "nodemailer";
import { getDb, schema } from "@/db/client";
import { config } from "@/lib/config";
import { smtpSettings } from "./smtp-url";

/** A message ready to leave: the composed content and the headers of docs/design.md §10. */
export type OutgoingMail = {
  /** The row id the Message-ID is made from: the same on every attempt. */
  id: string;
  workspaceId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /**
   * The link of a message that signs its reader in or creates their account (a password reset,
   * an invitation), and what the message is, in words: such mail is for its addressee alone.
   */
  personalLink?: { what: string; link: string };
};

/**
 * What one attempt came to: sent; refused, when the recipient's address was refused for good; or
 * to be tried again on the retry schedule. A retry is `of` the recipient (a 4xx to RCPT TO) or
 * of the send: the message, the session or the connection failed, which says nothing about the
 * address and usually holds up every message until an operator looks.
 */
export type SendResult =
  | { result: "sent" }
  | { result: "refused"; error: string }
  | { result: "retry"; of: "recipient" | "send"; error: string };

/** Connections one process keeps open to the SMTP server. */
export const SMTP_POOL_SIZE = 5;

/** The address mail comes from, without the display name. */
export function fromAddress(): string {
  const from = config().emailFrom;
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

/** `<id@domain>`, the domain being the sender's, so replies and threads stay with us. */
export function messageIdFor(id: string): string {
  return `<${id}@${fromAddress().split("@")[1] ?? "localhost"}>`;
}

// Nodemailer signs a fixed list of headers; the one-click header must be signed too (RFC 8058).
const DKIM_HEADERS =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:" +
  "Content-Transfer-Encoding:List-Id:List-Unsubscribe:List-Unsubscribe-Post:Auto-Submitted";

type Store = typeof globalThis & { __allclearMailer?: { url: string; transport: Transporter } };
const store = globalThis as Store;

/** What the pooled transport is made of, for SMTP_URL (see smtpSettings for the TLS rule). */
export function smtpTransportOptions(smtpUrl: string) {
  const { url, requireTLS } = smtpSettings(smtpUrl);
  const dkim = config().dkim;
  return {
    url,
    requireTLS,
    pool: true as const,
    maxConnections: SMTP_POOL_SIZE,
    maxMessages: 500,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(dkim ? { dkim: { ...dkim, headerFieldNames: DKIM_HEADERS } } : {}),
  };
}

function smtpTransport(url: string): Transporter {
  if (store.__allclearMailer?.url === url) return store.__allclearMailer.transport;
  store.__allclearMailer?.transport.close();
  const transport = createTransport(smtpTransportOptions(url));
  store.__allclearMailer = { url, transport };
  return transport;
}

/** Closes the pooled connections (a server stopping, a test ending). */
export function closeMailer(): void {
  store.__allclearMailer?.transport.close();
  store.__allclearMailer = undefined;
}

/** What nodemailer reports of a failed send; `command` names the step the server refused. */
type SmtpError = Error & {
  responseCode?: number;
  response?: string;
  code?: string;
  command?: string;
  /** One error per recipient refused at RCPT TO, each with that recipient's reply. */
  rejectedErrors?: SmtpError[];
};

const reasonOf = (failure: SmtpError) => (failure.response ?? failure.message).slice(0, 500);

/**
 * Whether a reply to RCPT TO refuses the address itself for good: an enhanced status code of
 * class 5.1 (no such mailbox, bad domain, bad syntax, moved), or, from a server that sends no
 * enhanced code, 550, 551 or 553. Another permanent reply to RCPT TO is about us, not the
 * address ("550 5.7.1 relaying denied" refuses every recipient alike), so it bounces nobody.
 */
function refusesAddress(reply: SmtpError): boolean {
  if (typeof reply.responseCode !== "number" || reply.responseCode < 500) return false;
  const enhanced = /^\d{3}[ -](\d\.\d{1,3}\.\d{1,3})\b/.exec(reply.response ?? "")?.[1];
  if (enhanced) return enhanced.startsWith("5.1.");
  return [550, 551, 553].includes(reply.responseCode);
}

/**
 * Reads a failed send. Only a refusal of the recipient at RCPT TO is final for that address;
 * a refusal of the message (DATA: a content filter, a size or quota limit), of the session
 * (AUTH, MAIL FROM, STARTTLS) or no connection at all is a failure of the send, tried again,
 * since taking it for a bounce would unsubscribe everyone mailed while it lasts.
 */
export function classifySmtpError(error: unknown): SendResult {
  const failure = (error instanceof Error ? error : new Error(String(error))) as SmtpError;
  if (failure.command === "RCPT TO") {
    // Every message goes to one address, so the replies are that address's.
    const replies = failure.rejectedErrors?.length ? failure.rejectedErrors : [failure];
    if (replies.every(refusesAddress)) return { result: "refused", error: reasonOf(replies[0]!) };
    const temporary = replies.some((reply) => (reply.responseCode ?? 0) < 500);
    return { result: "retry", of: temporary ? "recipient" : "send", error: reasonOf(failure) };
  }
  return { result: "retry", of: "send", error: reasonOf(failure) };
}

/** Whether mail leaves through SMTP or stays in the local mailbox. */
export const mailIsLocal = () => !config().smtpUrl;

/**
 * Sends one message: through the pooled SMTP transport when SMTP_URL is set, otherwise into the
 * local mailbox (a repeat of the same message keeps the first copy, as a receiving server
 * de-duplicating on Message-ID would). Every admin reads the local mailbox, so a message with a
 * personal link is not kept there: its link goes to the server's own output, which only the
 * operator reads, and an admin cannot reset the owner's password and read the link.
 */
export async function sendMail(mail: OutgoingMail): Promise<SendResult> {
  const messageId = messageIdFor(mail.id);
  const smtpUrl = config().smtpUrl;
  if (!smtpUrl && mail.personalLink) {
    console.info(
      `Mail not kept in the local mailbox (it carries a personal link): ` +
        `${mail.personalLink.what} for ${mail.to}: ${mail.personalLink.link}`,
    );
    return { result: "sent" };
  }
  if (!smtpUrl) {
    const db = await getDb();
    await db
      .insert(schema.mailboxMessage)
      .values({
        workspaceId: mail.workspaceId,
        messageId,
        fromAddress: config().emailFrom,
        toAddress: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { "Message-ID": messageId, ...mail.headers },
      })
      .onConflictDoNothing();
    return { result: "sent" };
  }
  try {
    await smtpTransport(smtpUrl).sendMail({
      from: config().emailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId,
      // Written as given: every value is ASCII already, and the List-Id quotes and angle
      // brackets must reach the reader as they are, not as an encoded word.
      headers: Object.fromEntries(
        Object.entries(mail.headers).map(([name, value]) => [name, { prepared: true, value }]),
      ),
    });
    return { result: "sent" };
  } catch (error) {
    return classifySmtpError(error);
  }
}
