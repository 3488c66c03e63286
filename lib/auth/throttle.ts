import { RateLimitedError } from "@/lib/errors";
import { visitorKey } from "@/lib/http/client-address";
import { countHit, forgetHits, readHits, throttleKey } from "@/lib/limits/throttle";
import { deviceCookie, normalEmail, trustedDevice, type TrustedDevice } from "./device";

/**
 * Sign-in attempts an account allows without a success from browsers it has not signed in from,
 * whatever addresses they come from. Guessing from many addresses ends here, and so, for those
 * browsers only, does signing in: a browser the member signed in from before is not held up.
 */
export const ACCOUNT_THROTTLE = { attempts: 10, windowSeconds: 15 * 60 };
/**
 * Attempts without a success at one account from one visitor address. Lower than the account's,
 * so one address alone can never lock the account.
 */
export const ACCOUNT_ADDRESS_THROTTLE = { attempts: 5, windowSeconds: 15 * 60 };
/**
 * Wrong passwords one visitor address may give, across all accounts. Past them the address is
 * refused before any password is checked, and its attempts no longer count against accounts.
 */
export const ADDRESS_THROTTLE = { failures: 20, windowSeconds: 15 * 60 };
/** Attempts without a success from one trusted browser (see TrustedDevice) at its account. */
export const DEVICE_THROTTLE = { attempts: 10, windowSeconds: 15 * 60 };

/** Who is signing in, from where, and in which browser: the counts an attempt goes to. */
export type SignInAttempt = { email: string; visitor: string; device: TrustedDevice | null };

// Only hashes are kept of what was typed (see throttleKey). Unknown addresses are counted exactly
// like real ones, so no limit says which accounts exist.
const accountKey = (attempt: SignInAttempt) => throttleKey("sign-in", attempt.email);
const accountAddressKey = (attempt: SignInAttempt) =>
  throttleKey("sign-in-from", attempt.email, attempt.visitor);
const addressFailuresKey = (attempt: SignInAttempt) =>
  throttleKey("sign-in-failures", attempt.visitor);
const deviceKey = (attempt: SignInAttempt, device: TrustedDevice) =>
  throttleKey("sign-in-device", attempt.email, device.deviceId);

async function countAttempt(
  key: string,
  limit: { attempts: number; windowSeconds: number },
  why: string,
) {
  const standing = await countHit(key, { limit: limit.attempts, seconds: limit.windowSeconds });
  if (standing.over) throw new RateLimitedError(standing.waitSeconds, why);
}

/**
 * Counts a sign-in attempt before the password is checked, so concurrent guesses cannot slip
 * past a limit; past one, throws 429 with the wait until its window ends. A trusted browser is
 * counted on its own; any other first against its address's failures, then against the account
 * from that address, then against the account, each refusal stopping before the next count.
 */
export async function beginSignInAttempt(email: string, headers: Headers): Promise<SignInAttempt> {
  const attempt: SignInAttempt = {
    email: normalEmail(email),
    visitor: visitorKey(headers),
    device: await trustedDevice(headers, email),
  };
  if (attempt.device) {
    await countAttempt(
      deviceKey(attempt, attempt.device),
      DEVICE_THROTTLE,
      "Too many sign-in attempts from this browser",
    );
    return attempt;
  }
  const failures = (await readHits([addressFailuresKey(attempt)])).get(addressFailuresKey(attempt));
  if (failures && failures.hits >= ADDRESS_THROTTLE.failures) {
    throw new RateLimitedError(failures.waitSeconds, "Too many failed sign-ins from this address");
  }
  await countAttempt(
    accountAddressKey(attempt),
    ACCOUNT_ADDRESS_THROTTLE,
    "Too many sign-in attempts for this account from this address",
  );
  await countAttempt(
    accountKey(attempt),
    ACCOUNT_THROTTLE,
    "Too many sign-in attempts for this account",
  );
  return attempt;
}

/**
 * A wrong password counts against the address it came from, across accounts. Counted after the
 * check, not before, so that right passwords never add up against an address many members share.
 */
export async function signInFailed(attempt: SignInAttempt): Promise<void> {
  if (attempt.device) return;
  await countHit(addressFailuresKey(attempt), {
    limit: ADDRESS_THROTTLE.failures,
    seconds: ADDRESS_THROTTLE.windowSeconds,
  });
}

/**
 * A right password clears the counts the attempt went to and answers the Set-Cookie that trusts
 * this browser for the account from now on.
 */
export async function signInSucceeded(attempt: SignInAttempt): Promise<string> {
  await forgetHits(
    attempt.device
      ? [deviceKey(attempt, attempt.device)]
      : [accountAddressKey(attempt), accountKey(attempt)],
  );
  return deviceCookie(attempt.email);
}
