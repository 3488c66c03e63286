import { and, eq, inArray } from "drizzle-orm";
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
 * What the monitor's state means for the page (docs/design.md §4, §8): going down opens an incident
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
  const author = {
    workspaceId: row.workspaceId,
    userId: null,
    by: { type: "monitor" as const, id: row.id, name: row.name },
  };
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

type RegionRow = Pick<
  typeof monitorRegion.$inferSelect,
  "monitorId" | "state" | "since" | "lastReportedAt" | "lastResult"
>;

const regionColumns = {
  monitorId: monitorRegion.monitorId,
  state: monitorRegion.state,
  since: monitorRegion.since,
  lastReportedAt: monitorRegion.lastReportedAt,
  lastResult: monitorRegion.lastResult,
};

/** The monitor's verdict from its regions, and whether anything is due (a change, held effects). */
function assess(row: MonitorRow, regions: RegionRow[]) {
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

async function readState(tx: Executor, workspaceId: string, monitorId: string) {
  const [row] = await tx
    .select()
    .from(monitor)
    .where(and(eq(monitor.workspaceId, workspaceId), eq(monitor.id, monitorId)))
    .for("update");
  if (!row || !row.enabled) return null;
  const regions = await tx
    .select(regionColumns)
    .from(monitorRegion)
    .where(eq(monitorRegion.monitorId, monitorId));
  return assess(row, regions);
}

/** Of the given monitors, those with something due, read in two queries whatever their number. */
async function dueAmong(monitors: Map<string, string>): Promise<Map<string, string>> {
  const db = await getDb();
  const ids = [...monitors.keys()];
  const rows = await db
    .select()
    .from(monitor)
    .where(
      and(
        inArray(monitor.workspaceId, [...new Set(monitors.values())]),
        inArray(monitor.id, ids),
        eq(monitor.enabled, true),
      ),
    );
  const regions = await db
    .select(regionColumns)
    .from(monitorRegion)
    .where(inArray(monitorRegion.monitorId, ids));
  const due = new Map<string, string>();
  for (const row of rows) {
    if (monitors.get(row.id) !== row.workspaceId) continue;
    const own = regions.filter((r) => r.monitorId === row.id);
    if (assess(row, own).due) due.set(row.id, row.workspaceId);
  }
  return due;
}

async function changeState(workspaceId: string, monitorId: string): Promise<void> {
  await transactionChangingData(workspaceId, async (tx) => {
    const current = await readState(tx, workspaceId, monitorId);
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
}

/** How many monitors one first look reads. */
const LOOK_AT_ONCE = 500;

/**
 * Brings monitors' states in line with their regions' verdicts (strict majority) and applies
 * what a change means. A first look reads them all without writing, a few hundred per query
 * (most change nothing); each change is made in its own transaction with the monitor's row
 * locked, so two checkers finishing at once cannot open two incidents.
 */
export async function evaluateMonitors(monitors: Map<string, string>): Promise<void> {
  const entries = [...monitors];
  for (let start = 0; start < entries.length; start += LOOK_AT_ONCE) {
    let due: Map<string, string>;
    try {
      due = await dueAmong(new Map(entries.slice(start, start + LOOK_AT_ONCE)));
    } catch (error) {
      logError("Could not read the state of monitors:", error);
      continue;
    }
    for (const [monitorId, workspaceId] of due) {
      try {
        await changeState(workspaceId, monitorId);
      } catch (error) {
        // A fault of ours, never the target's: logged, and tried again at the region's next check.
        logError(`Could not apply the state of monitor ${monitorId}:`, error);
      }
    }
  }
}
