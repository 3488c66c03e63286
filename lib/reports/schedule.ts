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

/**
 * A month as the report job names it (its revision): `202612` for December 2026, the month on
 * whose 1st the report of the month before goes.
 */
export type RunMonth = number;
const runMonth = (year: number, month: number): RunMonth => year * 100 + month;
export const nextRunMonth = (m: RunMonth): RunMonth =>
  m % 100 === 12 ? runMonth(Math.floor(m / 100) + 1, 1) : m + 1;
/** The period a run reports: the month before its own (`2026-11` for `202612`). */
export function reportedPeriod(m: RunMonth): string {
  const [year, month] = [Math.floor(m / 100), m % 100];
  return month === 1 ? `${year - 1}-12` : `${year}-${pad(month - 1)}`;
}

/** When a month's report goes: its 1st, 08:00 on the zone's clock. */
export function reportRunAt(m: RunMonth, zone: string): Date {
  return new Date(zonedInputToIso(`${Math.floor(m / 100)}-${pad(m % 100)}-01T08:00`, zone)!);
}

/** The month of the next report after `now`. */
export function nextReportMonth(now: number, zone: string): RunMonth {
  const { year, month } = wallAt(now, zone);
  const current = runMonth(year, month);
  return reportRunAt(current, zone).getTime() > now ? current : nextRunMonth(current);
}

/** The next moment a monthly report goes after `now`: a 1st of the month, 08:00 on the zone's clock. */
export const nextReportAt = (now: number, zone: string): Date =>
  reportRunAt(nextReportMonth(now, zone), zone);

/**
 * Schedules a month's report (by default the next after `now`) when there are recipients,
 * replacing any pending one. The caller holds the workspace row.
 */
export async function scheduleNextReport(
  tx: Executor,
  { workspaceId, now, month }: { workspaceId: string; now: number; month?: RunMonth },
): Promise<void> {
  await cancelJobs(tx, { workspaceId, subjectId: workspaceId, kind: MONTHLY_REPORT });
  const [row] = await tx
    .select({ zone: workspace.timeZone, recipients: workspace.reportRecipients })
    .from(workspace)
    .where(eq(workspace.id, workspaceId));
  if (!row?.recipients.length) return;
  const revision = month ?? nextReportMonth(now, row.zone);
  await scheduleJob(tx, {
    workspaceId,
    kind: MONTHLY_REPORT,
    subjectId: workspaceId,
    revision,
    runAt: reportRunAt(revision, row.zone),
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
