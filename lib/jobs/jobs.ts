import { and, asc, eq } from "drizzle-orm";
import { schema, type Executor } from "@/db/client";

const { scheduledJob } = schema;

export type Job = typeof scheduledJob.$inferSelect;

export async function scheduleJob(
  tx: Executor,
  job: { workspaceId: string; kind: string; subjectId: string; revision: number; runAt: Date },
): Promise<string> {
  const [created] = await tx.insert(scheduledJob).values(job).returning({ id: scheduledJob.id });
  return created!.id;
}

/** Cancels the pending jobs about a subject (a rescheduled or cancelled window, say), or one kind of them. */
export async function cancelJobs(
  tx: Executor,
  { workspaceId, subjectId, kind }: { workspaceId: string; subjectId: string; kind?: string },
) {
  await tx
    .update(scheduledJob)
    .set({ state: "cancelled", doneAt: new Date() })
    .where(
      and(
        eq(scheduledJob.workspaceId, workspaceId),
        eq(scheduledJob.subjectId, subjectId),
        eq(scheduledJob.state, "pending"),
        kind ? eq(scheduledJob.kind, kind) : undefined,
      ),
    );
}

/** When the next pending job of a kind about a subject runs; null if none is pending. */
export async function nextJobAt(
  tx: Executor,
  { workspaceId, subjectId, kind }: { workspaceId: string; subjectId: string; kind: string },
): Promise<Date | null> {
  const [next] = await tx
    .select({ runAt: scheduledJob.runAt })
    .from(scheduledJob)
    .where(
      and(
        eq(scheduledJob.workspaceId, workspaceId),
        eq(scheduledJob.subjectId, subjectId),
        eq(scheduledJob.kind, kind),
        eq(scheduledJob.state, "pending"),
      ),
    )
    .orderBy(asc(scheduledJob.runAt))
    .limit(1);
  return next?.runAt ?? null;
}
