import { eq } from "drizzle-orm";
import { schema, type Executor } from "@/db/client";
import {
  nextRunMonth,
  reportedPeriod,
  reportRunAt,
  scheduleNextReport,
} from "@/lib/reports/schedule";

/**
 * A monthly report falls due: each named address is sent the month before the job's month, and
 * the next month's report is scheduled. A job that comes early for the workspace's zone (the
 * zone moved west since it was scheduled) waits for the right moment instead; so no month is
 * skipped or sent twice. The numbers are read when the mail is written.
 */
export async function mailMonthlyReport(
  tx: Executor,
  job: { workspaceId: string; revision: number },
  now = Date.now(),
): Promise<void> {
  // Locked, so a change of recipients at this moment waits and then replaces the next job.
  const [row] = await tx
    .select({ zone: schema.workspace.timeZone, recipients: schema.workspace.reportRecipients })
    .from(schema.workspace)
    .where(eq(schema.workspace.id, job.workspaceId))
    .for("update");
  if (!row?.recipients.length) return;
  if (reportRunAt(job.revision, row.zone).getTime() > now) {
    await scheduleNextReport(tx, { workspaceId: job.workspaceId, now, month: job.revision });
    return;
  }
  await tx.insert(schema.emailMessage).values(
    row.recipients.map((toAddress) => ({
      workspaceId: job.workspaceId,
      kind: "availability_report" as const,
      toAddress,
      reportPeriod: reportedPeriod(job.revision),
    })),
  );
  await scheduleNextReport(tx, {
    workspaceId: job.workspaceId,
    now,
    month: nextRunMonth(job.revision),
  });
}
