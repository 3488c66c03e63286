import { createHash } from "node:crypto";
import { inArray, lt, sql } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";

const { throttle } = schema;

/** At most `limit` hits in a fixed window of `seconds`. */
export type Limit = { limit: number; seconds: number };

/** Where a key stands in its window: its hits so far and the seconds until the window ends. */
export type Standing = { hits: number; over: boolean; waitSeconds: number };

/**
 * A counter key: the kind of count and its parts, each part hashed, so what a person typed (an
 * email address, a visitor address) is never stored as it is.
 */
export function throttleKey(kind: string, ...parts: string[]): string {
  const digest = createHash("sha256").update(parts.join("\u0000")).digest("base64url");
  return `${kind}:${digest.slice(0, 32)}`;
}

const standing = (hits: number, waitSeconds: number, limit: Limit): Standing => ({
  hits,
  over: hits > limit.limit,
  waitSeconds: Math.max(1, waitSeconds),
});

/**
 * Counts one hit on `key` and answers where it stands, in one statement, so concurrent hits
 * cannot slip past the limit. A window that has ended starts again at this hit.
 */
export async function countHit(key: string, limit: Limit, tx?: Executor): Promise<Standing> {
  const db = tx ?? (await getDb());
  const ended = sql`${throttle.windowEndsAt} <= now()`;
  const windowEnd = sql`now() + ${`${limit.seconds} seconds`}::interval`;
  const [row] = await db
    .insert(throttle)
    .values({ key, hits: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: throttle.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${throttle.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then ${windowEnd} else ${throttle.windowEndsAt} end`,
      },
    })
    .returning({
      hits: throttle.hits,
      waitSeconds: sql<number>`ceil(extract(epoch from ${throttle.windowEndsAt} - now()))::int`,
    });
  // A new window: a moment to forget the counters whose windows have ended.
  if (row!.hits === 1) await db.delete(throttle).where(lt(throttle.windowEndsAt, sql`now()`));
  return standing(row!.hits, row!.waitSeconds, limit);
}

/**
 * The hits of each key's running window, without counting one; a key without a running window is
 * absent. The caller judges them against the limit each key is counted under.
 */
export async function readHits(
  keys: string[],
): Promise<Map<string, { hits: number; waitSeconds: number }>> {
  if (!keys.length) return new Map();
  const db = await getDb();
  const rows = await db
    .select({
      key: throttle.key,
      hits: throttle.hits,
      waitSeconds: sql<number>`ceil(extract(epoch from ${throttle.windowEndsAt} - now()))::int`,
    })
    .from(throttle)
    .where(sql`${inArray(throttle.key, keys)} and ${throttle.windowEndsAt} > now()`);
  return new Map(
    rows.map((row) => [row.key, { hits: row.hits, waitSeconds: Math.max(1, row.waitSeconds) }]),
  );
}

/** Forgets the counts of `keys` (a success that ends a run of failures). */
export async function forgetHits(keys: string[]): Promise<void> {
  if (!keys.length) return;
  const db = await getDb();
  await db.delete(throttle).where(inArray(throttle.key, keys));
}
