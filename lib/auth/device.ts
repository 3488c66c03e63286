import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import { constantTimeEqual } from "@/lib/crypto/compare";
import { AUTH_BASE_PATH, authCookieName, getAuth, secureCookies } from "./auth";
import { readCookie } from "@/lib/http/cookies";

/** How long a browser stays trusted after a right password: a year, renewed at each one. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * A browser a member has signed in from with their password (OWASP's "device cookie"): its
 * sign-ins are not held up by guesses from elsewhere, only by a limit of its own. The cookie
 * names the account by a keyed hash and one random device id, and is signed with a key of its
 * own derived from the auth secret, so a session cookie's signature cannot stand in for it.
 */
export type TrustedDevice = { deviceId: string };

export function deviceCookieName(): string {
  return authCookieName("device");
}

let derived: { secret: string; key: Buffer } | undefined;

async function deviceKey(): Promise<Buffer> {
  const secret = (await getAuth()).options.secret!;
  if (derived?.secret !== secret) {
    const key = Buffer.from(hkdfSync("sha256", secret, "", "allclear device cookie", 32));
    derived = { secret, key };
  }
  return derived.key;
}

const mac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest();

/** The same spelling of an address whatever case or spaces were typed, as better-auth keeps it. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

const accountTag = (key: Buffer, email: string) =>
  mac(key, `account\u0000${normalEmail(email)}`)
    .subarray(0, 16)
    .toString("base64url");

/** A Set-Cookie value that trusts this browser for `email` from now on. */
export async function deviceCookie(email: string): Promise<string> {
  const key = await deviceKey();
  const body = `${accountTag(key, email)}.${randomBytes(16).toString("base64url")}`;
  const value = `${body}.${mac(key, body).toString("base64url")}`;
  return [
    `${deviceCookieName()}=${value}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    // Only sign-in reads it.
    `Path=${AUTH_BASE_PATH}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secureCookies() ? ["Secure"] : []),
  ].join("; ");
}

/** The device a request's cookie vouches for when signing in to `email`; null for none or a forgery. */
export async function trustedDevice(
  headers: Headers,
  email: string,
): Promise<TrustedDevice | null> {
  const raw = readCookie(headers.get("cookie"), deviceCookieName());
  const parts = raw?.split(".");
  if (parts?.length !== 3) return null;
  const [tag, deviceId, signature] = parts as [string, string, string];
  const key = await deviceKey();
  // Compared as text: decoding base64 would accept more than one spelling of a signature.
  const genuine =
    constantTimeEqual(signature, mac(key, `${tag}.${deviceId}`).toString("base64url")) &&
    constantTimeEqual(tag, accountTag(key, email));
  return genuine ? { deviceId } : null;
}
