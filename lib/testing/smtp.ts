import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as the SMTP server received it, parsed. */
export type Caught = {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Header names lowercased; values as raw strings. */
  headers: Map<string, string>;
  raw: string;
  at: number;
};

type Refusal = { code: number; message: string; times: number };

/** The error smtp-server answers with: its responseCode becomes the SMTP reply code. */
function refusalError(refusal: Refusal): Error {
  return Object.assign(new Error(refusal.message), { responseCode: refusal.code });
}

/** What `refuse` and `failData` answer when no text is given. */
const defaultText = (code: number, permanent: string) =>
  code >= 500 ? permanent : "Try again later";

/**
 * A real SMTP server on loopback for mail tests: it keeps every message it accepts, parsed, and
 * can refuse recipients or messages, permanently (5xx) or for a number of tries (4xx), refuse
 * credentials, or stall deliveries. Replies carry exactly the text a test gives (an enhanced
 * status code such as "5.1.1" included), not one the server library would pick for the code.
 */
export class MailCatcher {
  readonly messages: Caught[] = [];
  /** Messages whose DATA was answered with a refusal (`failData`), parsed like the rest. */
  readonly turnedAway: Caught[] = [];
  /** Server errors other than connections reset by a sender that died. */
  readonly errors: Error[] = [];
  private readonly refusals = new Map<string, Refusal>();
  private readonly dataRefusals = new Map<string, Refusal>();
  /** Milliseconds each message's DATA waits before it is accepted. */
  delayMs = 0;
  private server!: SMTPServer;
  port = 0;

  /** The credentials AUTH accepts, when the server asks for them (`start({ auth })`). */
  private auth: { user: string; pass: string } | undefined;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The URL with credentials, for a server started with `auth`. */
  urlWith(user: string, pass: string): string {
    return `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${this.port}`;
  }

  /** Starts the server; with `auth`, it takes mail only after AUTH with those credentials. */
  async start({ auth }: { auth?: { user: string; pass: string } } = {}): Promise<this> {
    this.auth = auth;
    this.server = new SMTPServer({
      authOptional: !auth,
      // Without TLS here, AUTH has to be allowed over plain text.
      allowInsecureAuth: true,
      authMethods: ["PLAIN", "LOGIN"],
      disabledCommands: auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
      hideENHANCEDSTATUSCODES: true,
      logger: false,
      size: 1024 * 1024,
      onAuth: (credentials, _session, callback) => {
        if (credentials.username === this.auth?.user && credentials.password === this.auth?.pass) {
          callback(null, { user: credentials.username });
          return;
        }
        callback(
          Object.assign(new Error("5.7.8 Authentication credentials invalid"), {
            responseCode: 535,
          }),
        );
      },
      onRcptTo: (address, _session, callback) => {
        const refusal = this.refusals.get(address.address.toLowerCase());
        if (refusal && refusal.times > 0) {
          refusal.times -= 1;
          callback(refusalError(refusal));
          return;
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const to = session.envelope.rcptTo.map((r) => r.address).join(", ");
          setTimeout(() => {
            void simpleParser(raw).then((parsed: ParsedMail) => {
              const refusal = this.dataRefusals.get(to.toLowerCase());
              const list = refusal && refusal.times > 0 ? this.turnedAway : this.messages;
              list.push({
                to,
                subject: parsed.subject ?? "",
                text: parsed.text ?? "",
                html: typeof parsed.html === "string" ? parsed.html : "",
                messageId: parsed.messageId ?? "",
                headers: new Map(
                  parsed.headerLines.map((h) => [h.key, h.line.slice(h.key.length + 1).trim()]),
                ),
                raw,
                at: Date.now(),
              });
              if (refusal && refusal.times > 0) {
                refusal.times -= 1;
                callback(refusalError(refusal));
                return;
              }
              callback();
            }, callback);
          }, this.delayMs);
        });
      },
    });
    // A sender that dies mid-message (a killed server) resets its connections: expected here,
    // and an unheard "error" event would bring the whole test process down.
    this.server.on("error", (error: Error & { code?: string }) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") this.errors.push(error);
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  /**
   * Refuses `address` at RCPT TO with `code` and `text` the next `times` times (permanently by
   * default).
   */
  refuse(
    address: string,
    code: number,
    times = Infinity,
    text = defaultText(code, "Mailbox unavailable"),
  ): void {
    this.refusals.set(address.toLowerCase(), { code, message: text, times });
  }

  /** Takes the whole message, then answers its DATA with `code` and `text`, the next `times` times. */
  failData(
    address: string,
    code: number,
    times = 1,
    text = defaultText(code, "Message refused"),
  ): void {
    this.dataRefusals.set(address.toLowerCase(), { code, message: text, times });
  }

  to(address: string): Caught[] {
    return this.messages.filter((m) => m.to === address.toLowerCase());
  }

  /** Waits until `ready` holds for the messages, polling; throws after `timeoutMs`. */
  async waitFor(ready: (messages: Caught[]) => boolean, timeoutMs = 10_000): Promise<Caught[]> {
    const until = Date.now() + timeoutMs;
    while (!ready(this.messages)) {
      if (Date.now() > until) {
        throw new Error(`Mail did not arrive in time; got ${this.messages.length} message(s)`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.messages;
  }

  clear(): void {
    this.messages.length = 0;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The first link in a text part whose path starts with `path`. */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s>]*${path.replace(/[/?]/g, "\\$&")}[^\\s>]*`).exec(text);
  if (!match) throw new Error(`No ${path} link in:\n${text}`);
  return match[0];
}
