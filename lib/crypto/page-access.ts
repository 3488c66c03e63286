import { createHmac, hkdfSync } from "node:crypto";
import { resolveAuthSecret } from "@/lib/crypto/auth-secret";
import { constantTimeEqual } from "@/lib/crypto/compare";

/** How long a visitor who entered a page's password may read it before entering it again. */
export const PAGE_ACCESS_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

let deploymentKey: Promise<Buffer> | undefined;

function pageAccessRoot(): Promise<Buffer> {
  deploymentKey ??= resolveAuthSecret().then((secret) =>
    Buffer.from(hkdfSync("sha256", secret, "allclear", "page access", 32)),
  );
  return deploymentKey;
}

/**
 * Reads the deployment's secret ahead of a transaction that derives page keys: on the embedded
 * database, a read inside the transaction would wait for the transaction itself.
 */
export async function preparePageAccess(): Promise<void> {
  await pageAccessRoot();
}

const mac = (key: string, text: string) =>
  createHmac("sha256", key).update(text).digest("base64url");

/**
 * A password page's key: a MAC of the page's id and password hash under the deployment's
 * secret. Its cookies and feed token are MACs under it, so a new password ends them all.
 */
export async function pageAccessKey(pageId: string, passwordHash: string): Promise<string> {
  return mac((await pageAccessRoot()).toString("base64url"), `page:${pageId}:${passwordHash}`);
}

/** The name of the cookie that lets a visitor read one page. */
export const pageCookieName = (pageId: string) => `allclear-page-${pageId}`;

/** The cookie's value: when it ends, and a MAC of that. */
export function pageCookieValue(key: string, now = Date.now()): string {
  const expires = now + PAGE_ACCESS_LIFETIME_MS;
  return `${expires}.${mac(key, `cookie:${expires}`)}`;
}

export function isPageCookie(
  key: string,
  value: string | null | undefined,
  now = Date.now(),
): boolean {
  const match = value && /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match || Number(match[1]) <= now) return false;
  return constantTimeEqual(match[2]!, mac(key, `cookie:${match[1]}`));
}

/** The token a feed reader sends in `?token=` to read a password page's feeds and JSON. */
export const pageReadToken = (key: string) => mac(key, "read").slice(0, 32);

export function isPageReadToken(key: string, token: string | null): boolean {
  return !!token && constantTimeEqual(token, pageReadToken(key));
}

/** How long an emailed sign-in link for an audience page works. */
export const SIGN_IN_LINK_LIFETIME_MS = 15 * 60 * 1000;

/** The name of the cookie that says which signed-in visitor reads an audience page. */
export const visitorCookieName = (pageId: string) => `allclear-visitor-${pageId}`;

const signed = (key: string, what: string, email: string, lifetimeMs: number, now: number) => {
  const expires = now + lifetimeMs;
  const address = Buffer.from(email).toString("base64url");
  return `${address}.${expires}.${mac(key, `${what}:${email}:${expires}`)}`;
};

function signedEmail(key: string, what: string, value: string | null | undefined, now: number) {
  const match = value && /^([A-Za-z0-9_-]{1,400})\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match || Number(match[2]) <= now) return null;
  const email = Buffer.from(match[1]!, "base64url").toString();
  return constantTimeEqual(match[3]!, mac(key, `${what}:${email}:${match[2]}`)) ? email : null;
}

/** A signed-in visitor's cookie: their address, when it ends, and a MAC of both. */
export const visitorCookieValue = (key: string, email: string, now = Date.now()) =>
  signed(key, "visitor", email, PAGE_ACCESS_LIFETIME_MS, now);

/** The address a visitor's cookie was given to, or null for a cookie not made here or ended. */
export const visitorOf = (key: string, value: string | null | undefined, now = Date.now()) =>
  signedEmail(key, "visitor", value, now);

/** The token of an emailed sign-in link: the address it was sent to, for 15 minutes. */
export const signInToken = (key: string, email: string, now = Date.now()) =>
  signed(key, "link", email, SIGN_IN_LINK_LIFETIME_MS, now);

export const signInTokenEmail = (key: string, token: string | null, now = Date.now()) =>
  signedEmail(key, "link", token, now);
