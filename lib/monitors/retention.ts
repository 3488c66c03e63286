import { eq, sql } from "drizzle-orm";
import { getDb, rowsOf, schema } from "@/db/client";
import { config } from "@/lib/config";
import { countHit } from "@/lib/limits/throttle";
import { pruneAuditLog } from "@/lib/audit/log";

const { monitorDeleted } = schema;

/** How often the deployment prunes results, whichever of its checkers gets to it first. */
export const PRUNE_EVERY_SECONDS = 600;

/**
 * Deletes raw results past their retention (48 h on PGlite, 7 days on PostgreSQL), rollups
 * past 400 days and audit entries past AUDIT_RETENTION_DAYS, once per PRUNE_EVERY_SECONDS for the whole deployment: every checker (and the
 * Inngest cron) asks, the first in each window prunes, the others answer false at once.
 */
export async function pruneResults(): Promise<boolean> {
  const turn = await countHit("monitors:prune-results", {
    limit: 1,
    seconds: PRUNE_EVERY_SECONDS,
  });
  if (turn.over) return false;
  const db = await getDb();
  const rawHours = config().databaseUrl ? 7 * 24 : 48;
  await db.execute(
    sql`delete from monitor_result where started_at < now() - ${`${rawHours} hours`}::interval`,
  );
  await db.execute(sql`delete from monitor_rollup where hour < now() - interval '400 days'`);
  // The audit log's retention rides on the same turn: one deployment-wide prune per window.
  await pruneAuditLog();
  return true;
}

/** Results removed per statement when a deleted monitor's results are cleared. */
export const PURGE_BATCH = 5_000;

/**
 * Deletes the raw results of deleted monitors, PURGE_BATCH rows per statement, each its own short
 * transaction, so recording goes on between them; a monitor is forgotten once none are left.
 * Stops after `budgetMs` and answers the rows deleted; the next call goes on where this stopped.
 */
export async function purgeDeletedMonitors({ budgetMs = 5_000 } = {}): Promise<number> {
  const db = await getDb();
  const until = Date.now() + budgetMs;
  const deleted = await db.select().from(monitorDeleted).orderBy(monitorDeleted.deletedAt);
  let removed = 0;
  for (const { monitorId, workspaceId } of deleted) {
    for (;;) {
      if (Date.now() > until) return removed;
      const [{ n }] = rowsOf<{ n: number }>(
        await db.execute(sql`
          with gone as (
            delete from monitor_result where id in (
              select id from monitor_result
              where workspace_id = ${workspaceId} and monitor_id = ${monitorId}
              limit ${PURGE_BATCH})
            returning 1)
          select count(*)::int as n from gone`),
      ) as [{ n: number }];
      removed += n;
      if (n < PURGE_BATCH) break;
      // Between batches, whatever else waits on the database (recording above all) goes first.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await db.delete(monitorDeleted).where(eq(monitorDeleted.monitorId, monitorId));
  }
  return removed;
}
