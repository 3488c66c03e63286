import { createHash } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import { RateLimitedError } from "@/lib/errors";

/** Sign-in attempts an account allows without a success, and the window they are counted in. */
export const ACCOUNT_THROTTLE = { attempts: 10, windowSeconds: 15 * 60 };

const { accountThrottle } = schema;
const WINDOW = sql.raw(`interval '${ACCOUNT_THROTTLE.windowSeconds} seconds'`);

// Unknown addresses are counted exactly like real ones, so the limit says nothing about which
// accounts exist; only a hash is kept of what was typed.
const accountKey = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");

/**
 * Counts a sign-in attempt against the account before the password is checked, so concurrent
 * guesses cannot slip past the limit; past it, throws 429 with the wait until the window ends.
 */
export async function beginSignInAttempt(email: string): Promise<void> {
  const db = await getDb();
  const expired = sql`${accountThrottle.windowStartedAt} <= now() - ${WINDOW}`;
  const [row] = await db
    .insert(accountThrottle)
    .values({ key: accountKey(email), attempts: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: accountThrottle.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${accountThrottle.attempts} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${accountThrottle.windowStartedAt} end`,
      },
    })
    .returning({
      attempts: accountThrottle.attempts,
      waitSeconds: sql<number>`ceil(extract(epoch from ${accountThrottle.windowStartedAt} + ${WINDOW} - now()))::int`,
    });
  if (row!.attempts === 1) {
    // A new window: a moment to forget the accounts whose windows have ended.
    await db
      .delete(accountThrottle)
      .where(lt(accountThrottle.windowStartedAt, sql`now() - ${WINDOW}`));
  }
  if (row!.attempts > ACCOUNT_THROTTLE.attempts) {
    throw new RateLimitedError(
      Math.max(1, row!.waitSeconds),
      "Too many sign-in attempts for this account",
    );
  }
}

/** A right password clears the account's count. */
export async function signInSucceeded(email: string): Promise<void> {
  const db = await getDb();
  await db.delete(accountThrottle).where(eq(accountThrottle.key, accountKey(email)));
}
