import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "@/db/client";
import { config } from "@/lib/config";
import { AppError, RateLimitedError } from "@/lib/errors";
import { WindowLimiter } from "@/lib/http/rate-limit";
import { wakeChecker } from "@/lib/jobs/wake";
import { HEARTBEAT_LANE, heartbeatSecretHash } from "./settings";

const unknown = () =>
  new AppError(404, "not_found", "Not found", "No heartbeat monitor answers at this address.");

const store = globalThis as typeof globalThis & { __allclearPingLimiter?: WindowLimiter };

/** A secret can name a monitor only in this shape (newHeartbeatSecret). */
const SECRET = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * Records a ping of a heartbeat monitor (`failed`: the job reported a failure), in one statement
 * on the one row of its slot. A ping that may change the verdict (a failure, the first ping after
 * one, or one while the monitor is not up) makes the slot due now, so the change is found at
 * once; any other ping only moves the window. HEARTBEAT_RATE_LIMIT pings a minute per secret.
 */
export async function recordPing({ secret, failed }: { secret: string; failed: boolean }) {
  if (!SECRET.test(secret)) throw unknown();
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
  if (!row) throw unknown();
  if (row.due) wakeChecker();
  return { ok: true as const };
}
