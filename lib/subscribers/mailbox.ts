import { throttleKey, type Limit } from "@/lib/limits/throttle";

/** Confirmation (and "already subscribed") mails one mailbox gets a day, from every request. */
export const CONFIRMATIONS_PER_MAILBOX_A_DAY = 3;
export const MAILBOX_LIMIT: Limit = { limit: CONFIRMATIONS_PER_MAILBOX_A_DAY, seconds: 24 * 3600 };

// Providers that deliver `j.doe@` and `jdoe@` to one mailbox, and the name each goes by.
const DOTS_IGNORED = new Map([
  ["gmail.com", "gmail.com"],
  ["googlemail.com", "gmail.com"],
]);

/**
 * The mailbox an address reaches, as far as it can be told from the address: lowercased,
 * without a `+tag`, and without dots where the provider ignores them. `victim+1@gmail.com` and
 * `V.ictim@googlemail.com` are one mailbox, so a limit counted per mailbox cannot be dodged by
 * writing the address another way.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  const domain = email
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, "");
  const local = email.slice(0, at).toLowerCase();
  const untagged = local.split("+")[0] || local;
  const provider = DOTS_IGNORED.get(domain);
  return provider ? `${untagged.replaceAll(".", "")}@${provider}` : `${untagged}@${domain}`;
}

/** The throttle key mail to one mailbox is counted under. */
export const mailboxKey = (email: string) => throttleKey("confirmation-mailbox", mailboxOf(email));
