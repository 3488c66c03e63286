import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "@/db/client";
import { config } from "@/lib/config";
import { AppError, RateLimitedError } from "@/lib/errors";
import { WindowLimiter } from "@/lib/http/rate-limit";
import { wakeChecker } from "@/lib/jobs/wake";
import { HEARTBEAT_LANE, heartbeatSecretHash } from "./settings";

const unknown = () =>
  new AppError(404, "not_found", "Not found", "No heartbeat monitor answers at this address.");

const store = globalThis as typeof globalThis & {
  __allclearPingLimiter?: WindowLimiter;
  __allclearUnknownPingLimiter?: WindowLimiter;
};

/** Pings naming no monitor one visitor may send a minute, before each costs a lookup. */
const UNKNOWN_PINGS_PER_MINUTE = 30;

/** A secret can name a monitor only in this shape (newHeartbeatSecret). */
const SECRET = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * Records a ping of a heartbeat monitor (`failed`: the job reported a failure), in one statement
 * on the one row of its slot. A ping that may change the verdict (a failure, the first ping after
 * one, or one while the monitor is not up) makes the slot due now, so the change is found at
 * once; any other ping only moves the window. HEARTBEAT_RATE_LIMIT pings a minute per secret.
 */
export async function recordPing({
  secret,
  failed,
  visitor,
}: {
  secret: string;
  failed: boolean;
  /** Who asks (`visitorKey`): guessing secrets is limited per visitor. */
  visitor: string;
}) {
  store.__allclearUnknownPingLimiter ??= new WindowLimiter();
  const guessing = store.__allclearUnknownPingLimiter;
  // Only misses count, so a visitor who has spent the allowance on misses is refused before
  // any lookup; a job pinging its own secret never reaches it.
  const missed = () => {
    guessing.hit(visitor, UNKNOWN_PINGS_PER_MINUTE);
    return unknown();
  };
  const retryGuess = guessing.peek(visitor, UNKNOWN_PINGS_PER_MINUTE);
  if (retryGuess !== null) throw new RateLimitedError(retryGuess);
  if (!SECRET.test(secret)) throw missed();
  const hash = heartbeatSecretHash(secret);
  store.__allclearPingLimiter ??= new WindowLimiter();
  const retryAfter = store.__allclearPingLimiter.hit(hash, config().heartbeatRateLimit);
  if (retryAfter !== null) throw new RateLimitedError(retryAfter);
  const db = await getDb();
  const [row] = rowsOf<{ due: boolean }>(
    await db.execute(sql`
      update monitor_region set
        last_ping_at = now(),
        next_due_at = case when ${failed} or ping_failed or state <> 'up' then now()
          else next_due_at end,
        ping_failed = ${failed}
      where ping_secret_hash = ${hash} and region = ${HEARTBEAT_LANE}
      returning next_due_at <= now() as due`),
  );
  if (!row) throw missed();
  if (row.due) wakeChecker();
  return { ok: true as const };
}
