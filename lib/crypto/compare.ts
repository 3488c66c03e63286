import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Compares a secret someone sent with the one configured, in time that depends on neither's
 * content nor length: both are hashed to 32 bytes first, so a short guess is not refused early.
 */
export function constantTimeEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
