import type { Config } from "@/lib/config";
import { smtpSettings } from "@/lib/email/smtp-url";

/**
 * What an operator should hear at start: configurations that work but leave a production
 * deployment weaker than it needs to be.
 */
export function startupWarnings(config: Config, { setUp }: { setUp: boolean }): string[] {
  if (config.nodeEnv !== "production") return [];
  const warnings: string[] = [];
  if (!config.authSecret) {
    warnings.push(
      "BETTER_AUTH_SECRET is not set. The generated secret is kept in the database, beside the " +
        "webhook secrets and chat URLs it encrypts, so a copy of the database reveals them. Set " +
        "BETTER_AUTH_SECRET (e.g. `openssl rand -base64 32`) before adding endpoints: changing it " +
        "later signs everyone out and makes stored endpoint secrets unreadable.",
    );
  }
  if (!setUp && !config.setupToken) {
    warnings.push(
      "This deployment is not set up and SETUP_TOKEN is not set: a request from this machine " +
        "sets it up without a token, and behind a reverse proxy on this machine every request " +
        "comes from this machine, so whoever reaches /setup first through it becomes the owner. " +
        "Set SETUP_TOKEN (e.g. `openssl rand -base64 24`) when a proxy here forwards other " +
        "machines' requests.",
    );
  }
  if (config.smtpUrl) {
    const smtp = smtpSettings(config.smtpUrl);
    if (smtp.plaintextToRemote) {
      warnings.push(
        `SMTP_URL says tls=off: mail to ${smtp.host} goes in plain text whenever the server ` +
          "offers no STARTTLS, the SMTP password and every message (password-reset links " +
          "included) readable on the way. Remove tls=off once the server offers STARTTLS, or " +
          "use smtps://.",
      );
    }
  }
  return warnings;
}
