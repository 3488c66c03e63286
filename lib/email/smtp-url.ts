import { isLoopback } from "@/lib/net/targets";

/** Whether a URL's host is this machine by its loopback: `localhost`, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
  return host === "localhost" || isLoopback(host);
}

/** How SMTP_URL is used: the URL nodemailer reads, and the TLS rule the server is held to. */
export type SmtpSettings = {
  /** SMTP_URL without the options that are ours to read (`tls`, `requireTLS`). */
  url: string;
  host: string;
  /** Whether the session must turn to TLS with STARTTLS before anything is sent. */
  requireTLS: boolean;
  /** Whether mail, credentials and links may cross the network in plain text. */
  plaintextToRemote: boolean;
};

/**
 * Reads SMTP_URL. `smtps://` is TLS from the first byte. `smtp://` to any host but loopback
 * must turn to TLS with STARTTLS, or nothing is sent: a server (or anyone between) that offers
 * no STARTTLS would otherwise get credentials, reset links and confirmations in plain text.
 * `?tls=off` lifts that for a server that has no TLS at all, and start-up says so; a relay on
 * loopback is never on the network, so it may stay plain. nodemailer lets the URL's own
 * `requireTLS` override the one given beside it, so that one is read here, and only `true`
 * counts.
 */
export function smtpSettings(smtpUrl: string): SmtpSettings {
  const url = new URL(smtpUrl);
  const optedOut = url.searchParams.get("tls") === "off";
  const asked = url.searchParams.get("requireTLS") === "true";
  const ours = url.searchParams.has("tls") || url.searchParams.has("requireTLS");
  url.searchParams.delete("tls");
  url.searchParams.delete("requireTLS");
  const implicit = url.protocol === "smtps:";
  const loopback = isLoopbackHost(url.hostname);
  const requireTLS = !implicit && (asked || (!loopback && !optedOut));
  return {
    // Rewritten only when it named ours: a rewrite may re-encode the rest of the query.
    url: ours ? url.toString() : smtpUrl,
    host: url.hostname,
    requireTLS,
    plaintextToRemote: !implicit && !requireTLS && !loopback,
  };
}
