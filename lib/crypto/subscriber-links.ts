import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import { resolveAuthSecret } from "@/lib/crypto/auth-secret";
import { constantTimeEqual } from "@/lib/crypto/compare";
import { hashToken } from "@/lib/crypto/tokens";

/** How long a confirmation link works. */
export const CONFIRMATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** A confirmation token: the link carries the token, the database only its hash. */
export function newConfirmationToken(): { token: string; hash: string; expiresAt: Date } {
  const token = randomBytes(32).toString("base64url");
  return {
    token,
    hash: hashToken(token),
    expiresAt: new Date(Date.now() + CONFIRMATION_LIFETIME_MS),
  };
}

let linkKey: Promise<Buffer> | undefined;

function subscriberLinkKey(): Promise<Buffer> {
  linkKey ??= resolveAuthSecret().then((secret) =>
    Buffer.from(hkdfSync("sha256", secret, "allclear", "subscriber links", 32)),
  );
  return linkKey;
}

/** Tests switch deployments; the key follows the secret. */
export function forgetLinkKey(): void {
  linkKey = undefined;
}

const mac = (key: Buffer, subscriberId: string) =>
  createHmac("sha256", key).update(`subscriber:${subscriberId}`).digest("base64url").slice(0, 32);

/**
 * The token of a subscriber's unsubscribe and manage links: the subscriber's id and a keyed MAC
 * of it. It is stored nowhere, works from every mail the subscriber ever received (as RFC 8058
 * and mailbox providers expect of an unsubscribe link) and ends with the subscription: once
 * the row is gone, the same link finds nothing.
 */
export async function subscriberLinkToken(subscriberId: string): Promise<string> {
  return `${subscriberId}.${mac(await subscriberLinkKey(), subscriberId)}`;
}

/** The subscriber id a link token names, or null for a token that was not made here. */
export async function readSubscriberLinkToken(token: string): Promise<string | null> {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const [, subscriberId, given] = match;
  return constantTimeEqual(given!, mac(await subscriberLinkKey(), subscriberId!))
    ? subscriberId!
    : null;
}
