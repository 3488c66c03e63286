import { and, eq } from "drizzle-orm";
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

/** Cancels the pending jobs about a subject (a rescheduled or cancelled window, say). */
export async function cancelJobs(
  tx: Executor,
  { workspaceId, subjectId }: { workspaceId: string; subjectId: string },
) {
  await tx
    .update(scheduledJob)
    .set({ state: "cancelled", doneAt: new Date() })
    .where(
      and(
        eq(scheduledJob.workspaceId, workspaceId),
        eq(scheduledJob.subjectId, subjectId),
        eq(scheduledJob.state, "pending"),
      ),
    );
}
