import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { resolveAuthSecret } from "@/lib/crypto/auth-secret";

const FORMAT = "v2";
const LEGACY_FORMAT = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

type Key = { key: Buffer; id: string };

let current: Promise<Key> | undefined;

/**
 * AES-256-GCM key derived from the deployment's session secret (docs/design.md §2), and a short id of it
 * stored with every ciphertext, so a value encrypted under another secret is told apart from a
 * damaged one.
 */
function encryptionKey(): Promise<Key> {
  current ??= resolveAuthSecret().then((secret) => ({
    key: Buffer.from(hkdfSync("sha256", secret, "allclear", "secrets at rest", 32)),
    id: Buffer.from(hkdfSync("sha256", secret, "allclear", "secrets at rest: key id", 6)).toString(
      "base64url",
    ),
  }));
  return current;
}

/**
 * Makes the key ready: once it is, encrypting reads nothing, so it may run inside a transaction
 * (on the embedded database, a read outside it would wait for it to end).
 */
export async function secretsReady(): Promise<void> {
  await encryptionKey();
}

/** A stored secret that cannot be read any more: another key, or damaged. Retrying cannot help. */
export class SecretUnreadableError extends Error {
  override name = "SecretUnreadableError";
}

/**
 * Encrypts a secret for storage as `v2.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts).
 * `boundTo` names where the value is stored (table, column, row); it is authenticated with the
 * ciphertext, so the value decrypts only there and cannot be moved to another row.
 */
export async function encryptSecret(plain: string, boundTo: string): Promise<string> {
  const { key, id } = await encryptionKey();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(boundTo, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [
    FORMAT,
    id,
    ...[iv, ciphertext, cipher.getAuthTag()].map((b) => b.toString("base64url")),
  ].join(".");
}

function decipher(key: Buffer, iv: Buffer, ciphertext: Buffer, tag: Buffer, boundTo?: string) {
  // GCM would accept a shortened tag (and so a forgery far cheaper to find): only full tags pass.
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SecretUnreadableError("The stored secret is damaged.");
  }
  const aes = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  if (boundTo !== undefined) aes.setAAD(Buffer.from(boundTo, "utf8"));
  aes.setAuthTag(tag);
  try {
    return Buffer.concat([aes.update(ciphertext), aes.final()]).toString("utf8");
  } catch {
    throw new SecretUnreadableError("The stored secret is damaged or belongs elsewhere.");
  }
}

/** Decrypts a value stored by encryptSecret at `boundTo`; SecretUnreadableError otherwise. */
export async function decryptSecret(stored: string, boundTo: string): Promise<string> {
  const { key, id } = await encryptionKey();
  const parts = stored.split(".");
  const bytes = (part: string | undefined) => Buffer.from(part ?? "", "base64url");
  if (parts[0] === FORMAT && parts.length === 5) {
    if (parts[1] !== id) {
      throw new SecretUnreadableError(
        "The stored secret was encrypted with another key: BETTER_AUTH_SECRET has changed since.",
      );
    }
    return decipher(key, bytes(parts[2]), bytes(parts[3]), bytes(parts[4]), boundTo);
  }
  if (parts[0] === LEGACY_FORMAT && parts.length === 4) {
    return decipher(key, bytes(parts[1]), bytes(parts[2]), bytes(parts[3]));
  }
  throw new SecretUnreadableError("The stored secret is in an unknown format.");
}

/** Values stored before secrets were bound to their rows; upgradeLegacySecrets rewrites them. */
export function isLegacySecret(stored: string): boolean {
  return stored.startsWith(`${LEGACY_FORMAT}.`);
}
