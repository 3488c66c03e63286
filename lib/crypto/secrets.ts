import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { resolveAuthSecret } from "@/lib/auth/secret";

const VERSION = "v1";

let key: Promise<Buffer> | undefined;

/** AES-256-GCM key derived from the deployment's session secret (DESIGN §2). */
function encryptionKey(): Promise<Buffer> {
  key ??= resolveAuthSecret().then((secret) =>
    Buffer.from(hkdfSync("sha256", secret, "allclear", "secrets at rest", 32)),
  );
  return key;
}

/** Encrypts a secret for storage: `v1.<iv>.<ciphertext>.<tag>`, base64url parts. */
export async function encryptSecret(plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await encryptionKey(), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

export async function decryptSecret(stored: string): Promise<string> {
  const [version, iv, ciphertext, tag] = stored.split(".");
  if (version !== VERSION || !iv || !ciphertext || !tag) throw new Error("Unknown secret format");
  const decipher = createDecipheriv(
    "aes-256-gcm",
    await encryptionKey(),
    Buffer.from(iv, "base64url"),
  );
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}
