import { and, asc, eq, lte, sql } from "drizzle-orm";
import { getDb, rowsOf, schema, type Transaction } from "@/db/client";
import { transactionChangingData } from "@/lib/changes/changes";
import type { Job } from "@/lib/jobs/jobs";
import { logError } from "@/lib/log";

const { scheduledJob } = schema;

export type JobHandler = (tx: Transaction, job: Job) => Promise<void>;

/** Waits before retrying a job whose handler failed: 1 s, 2 s, 4 s … up to a minute. */
const retryDelayMs = (attempts: number) => Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));

/** What became of a job asked to run: it ran, it is not due until `dueAt`, or there is nothing to do. */
export type JobRun = { ran: true } | { ran: false; dueAt: Date | null };

/**
 * Runs one job if it is still pending and due, in one transaction with its effects: the job is
 * done exactly when its transition committed. A job another worker holds is skipped. A job not
 * due yet answers when it will be, so a caller that woke early can come back then.
 */
export async function runJob(
  jobId: string,
  handlers: Record<string, JobHandler>,
  now = new Date(),
): Promise<JobRun> {
  const db = await getDb();
  const [candidate] = await db.select().from(scheduledJob).where(eq(scheduledJob.id, jobId));
  if (!candidate || candidate.state !== "pending") return { ran: false, dueAt: null };
  if (candidate.runAt > now) return { ran: false, dueAt: candidate.runAt };
  try {
    return await transactionChangingData(candidate.workspaceId, async (tx): Promise<JobRun> => {
      const [job] = await tx
        .select()
        .from(scheduledJob)
        .where(and(eq(scheduledJob.id, jobId), eq(scheduledJob.state, "pending")))
        .for("update", { skipLocked: true });
      if (!job) return { ran: false, dueAt: null };
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(tx, job);
      await tx
        .update(scheduledJob)
        .set({ state: "done", doneAt: new Date(), attempts: job.attempts + 1 })
        .where(eq(scheduledJob.id, job.id));
      return { ran: true };
    });
  } catch (error) {
    const attempts = candidate.attempts + 1;
    await db
      .update(scheduledJob)
      .set({
        attempts,
        lastError: String((error as Error)?.stack ?? error).slice(0, 2000),
        runAt: new Date(Date.now() + retryDelayMs(attempts)),
      })
      .where(and(eq(scheduledJob.id, jobId), eq(scheduledJob.state, "pending")));
    throw error;
  }
}

/** Runs every job that is due, oldest first (a window's start before its end). */
export async function runDueJobs(
  handlers: Record<string, JobHandler>,
  now = new Date(),
): Promise<number> {
  const db = await getDb();
  // The queue is global, not per workspace: its index leads with (state, run_at).
  const due = await db
    .select({ id: scheduledJob.id })
    .from(scheduledJob)
    .where(and(eq(scheduledJob.state, "pending"), lte(scheduledJob.runAt, now)))
    .orderBy(asc(scheduledJob.runAt), asc(scheduledJob.id))
    .limit(100);
  let ran = 0;
  for (const { id } of due) {
    try {
      if ((await runJob(id, handlers, now)).ran) ran += 1;
    } catch (error) {
      logError(`Scheduled job ${id} failed; it will be retried.`, error);
    }
  }
  return ran;
}

/**
 * When the earliest background work falls due (a job, a delivery or a message to retry, an event
 * to fan out, a subscription request), in epoch milliseconds; null when nothing waits. One
 * statement, each part read by index.
 */
export async function nextWorkDueAt(): Promise<number | null> {
  const db = await getDb();
  const [row] = rowsOf<{ due: number | null }>(
    await db.execute(sql`
      select (extract(epoch from least(
        (select min(run_at) from scheduled_job where state = 'pending'),
        (select min(next_attempt_at) from delivery where state = 'pending'),
        (select min(next_attempt_at) from email_message where state = 'pending'),
        (select min(occurred_at) from outbox_event where fanned_out_at is null),
        (select min(created_at) from subscription_request))) * 1000)::float8 as due`),
  );
  return row?.due ?? null;
}
