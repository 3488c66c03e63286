import { eq } from "drizzle-orm";
import { schema, type Executor } from "@/db/client";
import { scheduleNextReport } from "@/lib/reports/schedule";
import { lastWholePeriod } from "@/lib/time/periods";

/**
 * A monthly report falls due: each named address is sent the month before the job's moment,
 * and the next month's report is scheduled. The numbers are read when the mail is written.
 */
export async function mailMonthlyReport(
  tx: Executor,
  job: { workspaceId: string; runAt: Date },
): Promise<void> {
  const [row] = await tx
    .select({ zone: schema.workspace.timeZone, recipients: schema.workspace.reportRecipients })
    .from(schema.workspace)
    .where(eq(schema.workspace.id, job.workspaceId));
  if (!row?.recipients.length) return;
  const period = lastWholePeriod("month", job.runAt.getTime(), row.zone);
  await tx.insert(schema.emailMessage).values(
    row.recipients.map((toAddress) => ({
      workspaceId: job.workspaceId,
      kind: "availability_report" as const,
      toAddress,
      reportPeriod: period,
    })),
  );
  await scheduleNextReport(tx, { workspaceId: job.workspaceId, now: job.runAt.getTime() });
}
