import { and, eq, isNull, lte, ne, sql } from "drizzle-orm";
import { schema, type Executor } from "@/db/client";
import { ValidationError, type FieldError } from "@/lib/errors";
import { scheduleJob } from "@/lib/jobs/jobs";
import type { UpdatePromises } from "./schemas";

const { incident, workspace } = schema;

/** The job that checks, at the promised moment, whether the next update came. */
export const UPDATE_DUE = "incident.update_due";

/** The furthest ahead an update may promise anything. */
const HORIZON_MS = 366 * 86_400_000;

export type Promised = { estimatedResolutionAt: Date | null; nextUpdateBy: Date | null };

/**
 * What an update promises, checked: moments still to come, within a year, and nothing from an
 * update that resolves. A next update left out is the workspace's cadence from now, if it has one.
 */
export async function promisesOf(
  tx: Executor,
  workspaceId: string,
  input: UpdatePromises,
  status: string,
  now: Date,
): Promise<Promised> {
  const fields = ["estimatedResolutionAt", "nextUpdateBy"] as const;
  const errors: FieldError[] = [];
  if (status === "resolved") {
    for (const field of fields) {
      if (input[field])
        errors.push({ field, message: "A resolving update promises nothing more." });
    }
    if (errors.length) throw new ValidationError(errors);
    return { estimatedResolutionAt: null, nextUpdateBy: null };
  }
  const moment = (field: (typeof fields)[number]) => {
    const value = input[field];
    if (!value) return null;
    const at = new Date(value);
    if (at.getTime() <= now.getTime()) errors.push({ field, message: "Must be in the future." });
    else if (at.getTime() - now.getTime() > HORIZON_MS) {
      errors.push({ field, message: "At most a year ahead." });
    }
    return at;
  };
  const promised = {
    estimatedResolutionAt: moment("estimatedResolutionAt"),
    nextUpdateBy: moment("nextUpdateBy"),
  };
  if (errors.length) throw new ValidationError(errors);
  if (input.nextUpdateBy === undefined) {
    const [settings] = await tx
      .select({ cadence: workspace.updateCadenceMinutes })
      .from(workspace)
      .where(eq(workspace.id, workspaceId));
    if (settings?.cadence) {
      promised.nextUpdateBy = new Date(now.getTime() + settings.cadence * 60_000);
    }
  }
  return promised;
}

/**
 * Keeps an incident's promise: the one its latest update made replaces any earlier one, the
 * team's nudge is due again, and a check is scheduled for the promised moment.
 */
export async function keepPromise(
  tx: Executor,
  {
    workspaceId,
    incidentId,
    nextUpdateBy,
  }: { workspaceId: string; incidentId: string; nextUpdateBy: Date | null },
): Promise<void> {
  await tx
    .update(incident)
    .set({ nextUpdateBy, overdueAnnouncedAt: null })
    .where(and(eq(incident.workspaceId, workspaceId), eq(incident.id, incidentId)));
  // An earlier promise's check is left to run: it finds the promise moved and does nothing.
  // Cancelling it here would lock its row after the incident's, the runner's order reversed.
  if (nextUpdateBy) {
    await scheduleJob(tx, {
      workspaceId,
      kind: UPDATE_DUE,
      subjectId: incidentId,
      revision: 0,
      runAt: nextUpdateBy,
    });
  }
}

/** Whether an incident's promised update is late: it is open and the moment has passed. */
export const isOverdue = (
  row: { status: string; nextUpdateBy: Date | null },
  now = Date.now(),
): boolean =>
  row.status !== "resolved" && row.nextUpdateBy !== null && row.nextUpdateBy.getTime() <= now;

/**
 * Claims the announcement of a published incident's missed update, once per promise: answers
 * the incident's id when this call is the one to announce it, else null (an update came, it
 * was resolved, or it was announced already).
 */
export async function claimOverdue(
  tx: Executor,
  {
    workspaceId,
    incidentId,
    now = new Date(),
  }: { workspaceId: string; incidentId: string; now?: Date },
): Promise<string | null> {
  const [claimed] = await tx
    .update(incident)
    .set({ overdueAnnouncedAt: now })
    .where(
      and(
        eq(incident.workspaceId, workspaceId),
        eq(incident.id, incidentId),
        eq(incident.visibility, "published"),
        ne(incident.status, "resolved"),
        lte(incident.nextUpdateBy, sql`${now.toISOString()}::timestamptz`),
        isNull(incident.overdueAnnouncedAt),
      ),
    )
    .returning({ id: incident.id });
  return claimed?.id ?? null;
}

/**
 * A draft going public: its promise, made while only the team saw it, is watched from now on
 * (at once if the moment has passed).
 */
export async function watchPromiseOnPublish(
  tx: Executor,
  { workspaceId, incidentId }: { workspaceId: string; incidentId: string },
): Promise<void> {
  const [row] = await tx
    .select({ nextUpdateBy: incident.nextUpdateBy, announced: incident.overdueAnnouncedAt })
    .from(incident)
    .where(and(eq(incident.workspaceId, workspaceId), eq(incident.id, incidentId)));
  if (!row?.nextUpdateBy || row.announced) return;
  await scheduleJob(tx, {
    workspaceId,
    kind: UPDATE_DUE,
    subjectId: incidentId,
    revision: 0,
    runAt: new Date(Math.max(row.nextUpdateBy.getTime(), Date.now())),
  });
}
