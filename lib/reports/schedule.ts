import { eq } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { NotFoundError } from "@/lib/errors";
import { cancelJobs, nextJobAt, scheduleJob } from "@/lib/jobs/jobs";
import { wallAt, zonedInputToIso } from "@/lib/time/zones";
import type { PutReportScheduleInput, ReportSchedule } from "./schemas";

const { workspace } = schema;

/** The job that mails last month's availability report. */
export const MONTHLY_REPORT = "report.monthly";

const pad = (n: number) => String(n).padStart(2, "0");

/** The next moment a monthly report goes after `now`: a 1st of the month, 08:00 on the zone's clock. */
export function nextReportAt(now: number, zone: string): Date {
  const { year, month } = wallAt(now, zone);
  const firstAt = (y: number, m: number) =>
    new Date(zonedInputToIso(`${y}-${pad(m)}-01T08:00`, zone)!);
  const thisMonth = firstAt(year, month);
  if (thisMonth.getTime() > now) return thisMonth;
  return month === 12 ? firstAt(year + 1, 1) : firstAt(year, month + 1);
}

/** Schedules the next report after `now` when there are recipients, replacing any pending one. */
export async function scheduleNextReport(
  tx: Executor,
  { workspaceId, now }: { workspaceId: string; now: number },
): Promise<void> {
  await cancelJobs(tx, { workspaceId, subjectId: workspaceId, kind: MONTHLY_REPORT });
  const [row] = await tx
    .select({ zone: workspace.timeZone, recipients: workspace.reportRecipients })
    .from(workspace)
    .where(eq(workspace.id, workspaceId));
  if (!row?.recipients.length) return;
  await scheduleJob(tx, {
    workspaceId,
    kind: MONTHLY_REPORT,
    subjectId: workspaceId,
    revision: 0,
    runAt: nextReportAt(now, row.zone),
  });
}

async function readSchedule(tx: Executor, workspaceId: string): Promise<ReportSchedule> {
  const [row] = await tx
    .select({ recipients: workspace.reportRecipients })
    .from(workspace)
    .where(eq(workspace.id, workspaceId));
  if (!row) throw new NotFoundError("workspace");
  return {
    recipients: row.recipients,
    nextRunAt: await nextJobAt(tx, {
      workspaceId,
      subjectId: workspaceId,
      kind: MONTHLY_REPORT,
    }),
  };
}

export async function getReportSchedule({ ctx }: { ctx: Actor }): Promise<ReportSchedule> {
  return readSchedule(await getDb(), ctx.workspaceId);
}

/** Names who gets the monthly report (none stops it), and schedules the next one. */
export async function setReportSchedule({
  ctx,
  input,
}: {
  ctx: Actor;
  input: PutReportScheduleInput;
}): Promise<ReportSchedule> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ recipients: workspace.reportRecipients, name: workspace.name })
      .from(workspace)
      .where(eq(workspace.id, ctx.workspaceId))
      .for("update");
    if (!before) throw new NotFoundError("workspace");
    await tx
      .update(workspace)
      .set({ reportRecipients: input.recipients })
      .where(eq(workspace.id, ctx.workspaceId));
    await scheduleNextReport(tx, { workspaceId: ctx.workspaceId, now: Date.now() });
    await recordAudit(
      tx,
      ctx,
      "report_schedule.update",
      { type: "workspace", id: ctx.workspaceId, name: before.name },
      changesBetween(
        { recipients: before.recipients.join(", ") },
        { recipients: input.recipients.join(", ") },
      ),
    );
    return readSchedule(tx, ctx.workspaceId);
  });
}
