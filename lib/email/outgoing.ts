import { and, count, desc, eq, isNotNull, min } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";

const { emailMessage } = schema;

/**
 * How the workspace's outgoing mail is doing: how much waits, and, while messages wait for
 * another try after failing, the latest reason and when the next try comes. A failed send
 * (wrong credentials, a refused message) changes nobody's subscription, so this is where an
 * admin sees it.
 */
export async function readOutgoingMail({ ctx }: { ctx: Actor }) {
  const db = await getDb();
  const pending = and(
    eq(emailMessage.workspaceId, ctx.workspaceId),
    eq(emailMessage.state, "pending"),
  );
  const failing = and(pending, isNotNull(emailMessage.lastError));
  const [[waiting], [retrying], [latest]] = await Promise.all([
    db.select({ count: count() }).from(emailMessage).where(pending),
    db
      .select({ count: count(), nextAttemptAt: min(emailMessage.nextAttemptAt) })
      .from(emailMessage)
      .where(failing),
    // The message that failed most often, and of those the one tried last, holds the reason
    // that has lasted longest and is still current.
    db
      .select({ error: emailMessage.lastError })
      .from(emailMessage)
      .where(failing)
      .orderBy(desc(emailMessage.attempts), desc(emailMessage.nextAttemptAt))
      .limit(1),
  ]);
  return {
    waiting: waiting?.count ?? 0,
    problem:
      latest?.error && retrying?.nextAttemptAt
        ? { error: latest.error, failing: retrying.count, nextAttemptAt: retrying.nextAttemptAt }
        : null,
  };
}
