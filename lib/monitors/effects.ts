import { and, eq } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import { transactionChangingData } from "@/lib/changes/changes";
import { declareIncident, postUpdate } from "@/lib/incidents/incidents";
import { logError } from "@/lib/log";
import { monitorVerdict } from "./detection";
import type { CheckResult } from "./schemas";

const { monitor, monitorRegion, incident, maintenance, maintenanceComponent } = schema;

type MonitorRow = typeof monitor.$inferSelect;

const IMPACT = {
  degraded_performance: "minor",
  partial_outage: "major",
  major_outage: "critical",
} as const;

/** Checked sites' text (error messages, keywords) kept clear of the content rules' patterns. */
function plain(text: string): string {
  return text.replace(/</g, "&lt;").replace(/\{\{/g, "{ {").replace(/\}\}/g, "} }").slice(0, 500);
}

async function inMaintenance(tx: Executor, row: MonitorRow): Promise<boolean> {
  const [held] = await tx
    .select({ id: maintenance.id })
    .from(maintenanceComponent)
    .innerJoin(maintenance, eq(maintenance.id, maintenanceComponent.maintenanceId))
    .where(
      and(
        eq(maintenanceComponent.workspaceId, row.workspaceId),
        eq(maintenanceComponent.componentId, row.componentId),
        eq(maintenance.status, "in_progress"),
      ),
    )
    .limit(1);
  return Boolean(held);
}

async function openIncidentOf(tx: Executor, row: MonitorRow) {
  if (!row.incidentId) return null;
  const [found] = await tx
    .select({ id: incident.id, status: incident.status, visibility: incident.visibility })
    .from(incident)
    .where(and(eq(incident.workspaceId, row.workspaceId), eq(incident.id, row.incidentId)));
  return found && found.status !== "resolved" ? found : null;
}

/**
 * What the monitor's state means for the page (DESIGN §4, §8): going down opens an incident
 * (published with `auto`, which moves the component; a draft with `manual`), recovery resolves
 * it (with `manual`, only while it is still a draft: a person who published it resolves it).
 * While the component is under an in-progress maintenance nothing is opened or resolved; the
 * effect is held and applied at the first evaluation after the window ends.
 */
async function applyEffects(tx: Executor, row: MonitorRow, failures: CheckResult[]) {
  const done = async (set: Partial<MonitorRow>) =>
    tx
      .update(monitor)
      .set({ effectsHeld: false, ...set })
      .where(eq(monitor.id, row.id));
  if (row.publishPolicy === "none" || row.state === "pending" || row.state === "paused") {
    return done({});
  }
  if (await inMaintenance(tx, row)) {
    await tx.update(monitor).set({ effectsHeld: true }).where(eq(monitor.id, row.id));
    return;
  }
  const open = await openIncidentOf(tx, row);
  const author = { workspaceId: row.workspaceId, userId: null };
  if (row.state === "down") {
    if (open) return done({});
    const regions = failures.map((r) => r.region).join(", ");
    const reasons = [...new Set(failures.map((r) => r.error?.message).filter(Boolean))];
    const created = await declareIncident(
      tx,
      author,
      {
        title: plain(`${row.name} is down`),
        impact: IMPACT[row.downStatus as keyof typeof IMPACT] ?? "major",
        body: plain(
          `Checks of ${row.name} are failing${regions ? ` from ${regions}` : ""}` +
            (reasons.length ? `: ${reasons.join("; ")}` : ".") +
            " We are looking into it.",
        ),
        status: "investigating",
        visibility: row.publishPolicy === "auto" ? "published" : "draft",
        components: [{ componentId: row.componentId, status: row.downStatus }],
        startedAt: row.since.toISOString(),
      },
      "monitor",
    );
    return done({ incidentId: created.id });
  }
  if (open && (row.publishPolicy === "auto" || open.visibility === "draft")) {
    await postUpdate(tx, author, open.id, {
      status: "resolved",
      body: plain(`${row.name} has recovered: its checks pass again.`),
    });
  }
  return done({ incidentId: null });
}

async function readState(tx: Executor, workspaceId: string, monitorId: string, lock: boolean) {
  const query = tx
    .select()
    .from(monitor)
    .where(and(eq(monitor.workspaceId, workspaceId), eq(monitor.id, monitorId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row || !row.enabled) return null;
  const regions = await tx
    .select({
      state: monitorRegion.state,
      since: monitorRegion.since,
      lastReportedAt: monitorRegion.lastReportedAt,
      lastResult: monitorRegion.lastResult,
    })
    .from(monitorRegion)
    .where(eq(monitorRegion.monitorId, monitorId));
  const verdict = monitorVerdict(
    regions.map((r) => ({ ...r, state: r.state === "paused" ? "pending" : r.state })),
    { intervalMs: row.intervalSeconds * 1000, now: Date.now() },
  );
  const changed = verdict.state !== row.state && verdict.state !== "pending";
  const failures = regions
    .filter((r) => r.state === "down")
    .map((r) => r.lastResult as CheckResult | null)
    .filter((r): r is CheckResult => Boolean(r));
  return { row, verdict, changed, due: changed || row.effectsHeld, failures };
}

/**
 * Brings the monitor's state in line with its regions' verdicts (strict majority) and applies
 * what a change means. A first look reads without writing (most calls change nothing); a change
 * is made in its own transaction with the monitor's row locked, so two checkers finishing at
 * once cannot open two incidents.
 */
export async function evaluateMonitor(workspaceId: string, monitorId: string): Promise<void> {
  try {
    const db = await getDb();
    if (!(await readState(db, workspaceId, monitorId, false))?.due) return;
    await transactionChangingData(workspaceId, async (tx) => {
      const current = await readState(tx, workspaceId, monitorId, true);
      if (!current?.due) return;
      const { row, verdict, changed } = current;
      const next = changed
        ? { ...row, state: verdict.state, since: verdict.since ?? new Date() }
        : row;
      if (changed) {
        await tx
          .update(monitor)
          .set({ state: next.state, since: next.since })
          .where(eq(monitor.id, row.id));
      }
      await applyEffects(tx, next, current.failures);
    });
  } catch (error) {
    // A fault of ours, never the target's: logged, and tried again at the region's next check.
    logError(`Could not apply the state of monitor ${monitorId}:`, error);
  }
}
