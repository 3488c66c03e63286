import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, schema, type Executor } from "@/db/client";
import { transactionChangingData } from "@/lib/changes/changes";
import { declareIncident, postUpdate } from "@/lib/incidents/incidents";
import { fillTemplate, readTemplateText } from "@/lib/incidents/templates";
import { assertPublishableText } from "@/lib/content/rules";
import { logError } from "@/lib/log";
import { emitEvent } from "@/lib/outbox/outbox";
import { monitorVerdict } from "./detection";
import type { CheckResult } from "./schemas";
import { intervalMsOf, targetOf, wordingOf } from "./settings";

const { monitor, monitorOutage, monitorRegion, incident, maintenance, maintenanceComponent } =
  schema;

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
  if (!found || found.status === "resolved") return null;
  const [affected] = await tx
    .select({ status: schema.incidentComponent.status })
    .from(schema.incidentComponent)
    .where(
      and(
        eq(schema.incidentComponent.workspaceId, row.workspaceId),
        eq(schema.incidentComponent.incidentId, found.id),
        eq(schema.incidentComponent.componentId, row.componentId),
      ),
    );
  return { ...found, componentStatus: affected?.status ?? null };
}

/** The wording's placeholders filled in, kept clear of the content rules' patterns. */
function worded(text: string, names: { component: string; monitor: string }): string {
  return plain(
    text.replaceAll("{component}", names.component).replaceAll("{monitor}", names.monitor),
  );
}

/**
 * The opening title and body from the monitor's incident template, its variables filled; null
 * without one, or when the template names a variable only a person can fill (the monitor's own
 * wording is used then, so the incident still opens); so is one a name made unpublishable.
 */
async function templateWording(
  tx: Executor,
  row: MonitorRow,
): Promise<{ title: string; body: string } | null> {
  if (!row.incidentTemplateId) return null;
  const template = await readTemplateText(tx, row.workspaceId, row.incidentTemplateId);
  if (!template) return null;
  const filled = await fillTemplate(tx, row.workspaceId, template, {
    componentIds: [row.componentId],
    startedAt: row.since,
    monitor: row.name,
  });
  try {
    assertPublishableText(filled);
    return filled;
  } catch {
    return null;
  }
}

async function componentName(tx: Executor, row: MonitorRow): Promise<string> {
  const [found] = await tx
    .select({ name: schema.component.name })
    .from(schema.component)
    .where(
      and(
        eq(schema.component.workspaceId, row.workspaceId),
        eq(schema.component.id, row.componentId),
      ),
    );
  return found?.name ?? row.name;
}

/** The component status a monitor's state sets: its downStatus when down, degraded when slow. */
function impliedStatus(
  row: MonitorRow,
): "degraded_performance" | "partial_outage" | "major_outage" {
  const down = row.downStatus as "degraded_performance" | "partial_outage" | "major_outage";
  return row.state === "degraded" ? "degraded_performance" : down;
}

/**
 * Opens, moves or closes the monitor's outage record to follow its state: an outage begins when
 * the state leaves `up` (with the first failing check's cause), takes the worse state while it
 * lasts, and ends when the state returns to `up`.
 */
async function recordOutage(
  tx: Executor,
  row: MonitorRow,
  failures: CheckResult[],
  incidentId: string | null,
): Promise<void> {
  const [open] = await tx
    .select()
    .from(monitorOutage)
    .where(
      and(
        eq(monitorOutage.workspaceId, row.workspaceId),
        eq(monitorOutage.monitorId, row.id),
        isNull(monitorOutage.endedAt),
      ),
    )
    .for("update");
  if (row.state === "up") {
    if (open) {
      await tx
        .update(monitorOutage)
        .set({ endedAt: row.since })
        .where(eq(monitorOutage.id, open.id));
    }
    return;
  }
  if (row.state !== "down" && row.state !== "degraded") return;
  if (open) {
    const worse = row.state === "down" && open.state === "degraded";
    if (worse || (incidentId && !open.incidentId)) {
      await tx
        .update(monitorOutage)
        .set({
          ...(worse ? { state: "down" as const } : {}),
          ...(incidentId && !open.incidentId ? { incidentId } : {}),
        })
        .where(eq(monitorOutage.id, open.id));
    }
    return;
  }
  const cause = failures.find((f) => f.error)?.error ?? null;
  await tx.insert(monitorOutage).values({
    workspaceId: row.workspaceId,
    monitorId: row.id,
    state: row.state,
    startedAt: row.since,
    causeClass: cause?.class ?? (row.state === "degraded" ? "slow_response" : null),
    causeMessage: cause?.message.slice(0, 1000) ?? null,
    incidentId,
  });
}

/**
 * What the monitor's state means for the page (docs/design.md §4, §8, §29): going down (or
 * degraded: slower than allowed) opens an incident in the monitor's customer-facing wording
 * (published with `auto`, which moves the component; a draft with `manual`); moving between
 * down and degraded moves the component; recovery resolves it (with `manual`, only while it is
 * still a draft: a person who published it resolves it). The error detail stays in the
 * dashboard (outages, failures). While the component is under an in-progress maintenance
 * nothing is opened or resolved; the effect is held and applied at the first evaluation after
 * the window ends.
 */
async function applyEffects(tx: Executor, row: MonitorRow, failures: CheckResult[]) {
  const done = async (set: Partial<MonitorRow>) => {
    await recordOutage(tx, row, failures, set.incidentId ?? row.incidentId ?? null);
    await tx
      .update(monitor)
      .set({ effectsHeld: false, ...set })
      .where(eq(monitor.id, row.id));
  };
  if (row.state === "pending" || row.state === "paused") return done({});
  if (row.publishPolicy === "none") return done({});
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
  const wording = wordingOf(row);
  const names = { component: await componentName(tx, row), monitor: row.name };
  if (row.state === "down" || row.state === "degraded") {
    const status = impliedStatus(row);
    if (open) {
      if (
        open.visibility === "published" &&
        row.publishPolicy === "auto" &&
        open.componentStatus !== status
      ) {
        await postUpdate(tx, author, open.id, {
          status: open.status,
          body: worded(wording.body, names),
          impact: IMPACT[status],
          components: [{ componentId: row.componentId, status }],
        });
      }
      return done({});
    }
    const opening = (await templateWording(tx, row)) ?? {
      title: worded(wording.title, names),
      body: worded(wording.body, names),
    };
    const created = await declareIncident(
      tx,
      author,
      {
        title: opening.title.slice(0, 200),
        impact: IMPACT[status],
        body: opening.body,
        status: "investigating",
        visibility: row.publishPolicy === "auto" ? "published" : "draft",
        components: [{ componentId: row.componentId, status }],
        startedAt: row.since.toISOString(),
      },
      "monitor",
    );
    return done({ incidentId: created.id });
  }
  if (open && (row.publishPolicy === "auto" || open.visibility === "draft")) {
    await postUpdate(tx, author, open.id, {
      status: "resolved",
      body: worded(wording.resolvedBody, names),
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
    { intervalMs: intervalMsOf(row), now: Date.now() },
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

export type CertificateSeen = { monitorId: string; workspaceId: string; expiresAt: Date };

/**
 * Announces certificates inside their monitor's warning window (`monitor.certificate_expiring`,
 * to endpoints and to the workspace's admins), once per certificate: the monitor remembers the
 * expiry it warned of, and a renewed certificate (another expiry) is announced on its own.
 */
export async function warnOfCertificates(seen: CertificateSeen[]): Promise<void> {
  for (const { monitorId, workspaceId, expiresAt } of seen) {
    try {
      await transactionChangingData(workspaceId, async (tx) => {
        const [row] = await tx
          .update(monitor)
          .set({ certificateWarnedFor: expiresAt })
          .where(
            and(
              eq(monitor.workspaceId, workspaceId),
              eq(monitor.id, monitorId),
              sql`${monitor.certificateWarnedFor} is distinct from ${expiresAt.toISOString()}::timestamptz`,
            ),
          )
          .returning();
        if (!row) return;
        await emitEvent(tx, {
          workspaceId,
          type: "monitor.certificate_expiring",
          subject: {
            kind: "monitor",
            resource: {
              id: row.id,
              name: row.name,
              type: row.type,
              componentId: row.componentId,
              target: targetOf(row),
              certificateExpiresAt: expiresAt.toISOString(),
              daysLeft: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 86_400_000)),
            },
          },
        });
      });
    } catch (error) {
      logError(`Could not announce the certificate of monitor ${monitorId}:`, error);
    }
  }
}
