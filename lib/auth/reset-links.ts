import { createHash } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { getDb, schema } from "@/db/client";

const { verification } = schema;

/** How better-auth names a reset link's row: this prefix, then the token mailed in the link. */
export const RESET_IDENTIFIER_PREFIX = "reset-password:";
// Another prefix than the plain one: better-auth also looks a token up as it is, unhashed (rows
// written before hashing), and a stored hash must never be accepted as a token of its own.
const HASHED_PREFIX = "reset-password-sha256:";

/**
 * The identifier a reset link's row is kept under: a hash of the token, so the table (or a copy
 * of it) holds nothing that resets a password. The token is random enough not to need a key.
 */
export async function hashedResetIdentifier(identifier: string): Promise<string> {
  return HASHED_PREFIX + createHash("sha256").update(identifier).digest("base64url");
}

/** Every reset link still outstanding for the account stops working: its password has changed. */
export async function voidResetLinks(userId: string): Promise<void> {
  const db = await getDb();
  await db
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, "reset-password%")));
}
