import { createTransport, type Transporter } from "nodemailer";
import { getDb, schema } from "@/db/client";
import { config } from "@/lib/config";

/** A message ready to leave: the composed content and the headers of DESIGN §10. */
export type OutgoingMail = {
  /** The row id the Message-ID is made from: the same on every attempt. */
  id: string;
  workspaceId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

/** What one attempt came to: sent, worth trying again (4xx, no connection), or refused (5xx). */
export type SendResult =
  { result: "sent" } | { result: "retry"; error: string } | { result: "refused"; error: string };

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

function smtpTransport(url: string): Transporter {
  if (store.__allclearMailer?.url === url) return store.__allclearMailer.transport;
  store.__allclearMailer?.transport.close();
  const dkim = config().dkim;
  const transport = createTransport({
    url,
    pool: true,
    maxConnections: SMTP_POOL_SIZE,
    maxMessages: 500,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(dkim ? { dkim: { ...dkim, headerFieldNames: DKIM_HEADERS } } : {}),
  });
  store.__allclearMailer = { url, transport };
  return transport;
}

/** Closes the pooled connections (a server stopping, a test ending). */
export function closeMailer(): void {
  store.__allclearMailer?.transport.close();
  store.__allclearMailer = undefined;
}

type SmtpError = Error & { responseCode?: number; response?: string; code?: string };

/** A 5xx is a permanent refusal; 4xx and any failure to talk to the server are temporary. */
export function classifySmtpError(error: unknown): SendResult {
  const failure = error as SmtpError;
  const reason = (failure.response ?? failure.message ?? String(error)).slice(0, 500);
  if (typeof failure.responseCode === "number" && failure.responseCode >= 500) {
    return { result: "refused", error: reason };
  }
  return { result: "retry", error: reason };
}

/** Whether mail leaves through SMTP or stays in the local mailbox. */
export const mailIsLocal = () => !config().smtpUrl;

/**
 * Sends one message: through the pooled SMTP transport when SMTP_URL is set, otherwise into the
 * local mailbox (a repeat of the same message keeps the first copy, as a receiving server
 * de-duplicating on Message-ID would).
 */
export async function sendMail(mail: OutgoingMail): Promise<SendResult> {
  const messageId = messageIdFor(mail.id);
  const smtpUrl = config().smtpUrl;
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
