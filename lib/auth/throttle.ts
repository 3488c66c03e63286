import { RateLimitedError } from "@/lib/errors";
import { countHit, forgetHits, throttleKey } from "@/lib/limits/throttle";

/** Sign-in attempts an account allows without a success, and the window they are counted in. */
export const ACCOUNT_THROTTLE = { attempts: 10, windowSeconds: 15 * 60 };

// Unknown addresses are counted exactly like real ones, so the limit says nothing about which
// accounts exist; only a hash is kept of what was typed.
const accountKey = (email: string) => throttleKey("sign-in", email.trim().toLowerCase());

/**
 * Counts a sign-in attempt against the account before the password is checked, so concurrent
 * guesses cannot slip past the limit; past it, throws 429 with the wait until the window ends.
 */
export async function beginSignInAttempt(email: string): Promise<void> {
  const standing = await countHit(accountKey(email), {
    limit: ACCOUNT_THROTTLE.attempts,
    seconds: ACCOUNT_THROTTLE.windowSeconds,
  });
  if (standing.over) {
    throw new RateLimitedError(standing.waitSeconds, "Too many sign-in attempts for this account");
  }
}

/** A right password clears the account's count. */
export async function signInSucceeded(email: string): Promise<void> {
  await forgetHits([accountKey(email)]);
}
