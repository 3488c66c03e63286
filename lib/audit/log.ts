import { and, desc, eq, like, lt, or, sql } from "drizzle-orm";
import { getDb, rowsOf, schema } from "@/db/client";
import { config } from "@/lib/config";
import type { Actor } from "@/lib/contract/actor";
import { decodeCursor, encodeCursor, page } from "@/lib/contract/paging";
import type { AuditQuery } from "./schemas";

const { auditEntry } = schema;

/** The workspace's audit log, newest first, filtered and paged by `before`. */
export async function listAuditLog({
  ctx,
  query,
}: {
  ctx: Pick<Actor, "workspaceId">;
  query: AuditQuery;
}) {
  const before = query.before ? decodeCursor(query.before, "before") : null;
  const db = await getDb();
  const rows = await db
    .select()
    .from(auditEntry)
    .where(
      and(
        eq(auditEntry.workspaceId, ctx.workspaceId),
        query.actorType ? eq(auditEntry.actorType, query.actorType) : undefined,
        query.actorId ? eq(auditEntry.actorId, query.actorId) : undefined,
        query.action
          ? query.action.includes(".")
            ? eq(auditEntry.action, query.action)
            : like(auditEntry.action, `${query.action.replace(/[\\%_]/g, "\\$&")}.%`)
          : undefined,
        query.targetType ? eq(auditEntry.targetType, query.targetType) : undefined,
        query.targetId ? eq(auditEntry.targetId, query.targetId) : undefined,
        before
          ? or(
              lt(auditEntry.at, before.at),
              and(eq(auditEntry.at, before.at), sql`${auditEntry.id} < ${before.id}`),
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditEntry.at), desc(auditEntry.id))
    .limit(query.limit + 1);
  const { items, nextCursor } = page(rows, query.limit, (row) => encodeCursor(row.at, row.id));
  return {
    entries: items.map((row) => ({
      id: row.id,
      at: row.at,
      actor: { type: row.actorType, id: row.actorId, name: row.actorName },
      action: row.action,
      target: { type: row.targetType, id: row.targetId, name: row.targetName },
      ...(row.changes
        ? { changes: row.changes as Record<string, { from: unknown; to: unknown }> }
        : {}),
    })),
    nextBefore: nextCursor,
  };
}

/** Entries removed per statement when the log is pruned. */
const PRUNE_BATCH = 5_000;

/**
 * Forgets entries older than AUDIT_RETENTION_DAYS, PRUNE_BATCH rows per statement (each its own
 * short transaction); answers how many went.
 */
export async function pruneAuditLog(): Promise<number> {
  const db = await getDb();
  const days = config().auditRetentionDays;
  let removed = 0;
  for (;;) {
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql`
        with gone as (
          delete from ${auditEntry} where ${auditEntry.id} in (
            select ${auditEntry.id} from ${auditEntry} where ${auditEntry.at} < now() - make_interval(days => ${days}::int)
            limit ${PRUNE_BATCH})
          returning 1)
        select count(*)::int as n from gone`),
    ) as [{ n: number }];
    removed += n;
    if (n < PRUNE_BATCH) return removed;
  }
}
