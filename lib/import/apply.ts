import { and, eq, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { getDb, schema, type Executor } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { config } from "@/lib/config";
import { logError } from "@/lib/log";
import { secretsReady } from "@/lib/crypto/secrets";
import { deliverNothingIn } from "@/lib/outbox/outbox";
import { transactionChangingData } from "@/lib/changes/changes";
import {
  changeComponent,
  changeGroup,
  insertComponent,
  insertGroup,
} from "@/lib/components/components";
import { setComponentStatus } from "@/lib/components/status";
import {
  announceEmail,
  announceWindowCancelled,
  announceWindowRun,
  type WindowRun,
} from "@/lib/jobs/engine";
import { wakeChecker } from "@/lib/jobs/wake";
import {
  componentIdsOf,
  endWindowNow,
  rewriteWindow,
  scheduleRun,
} from "@/lib/maintenance/maintenance";
import { insertMonitor, prepareMonitor } from "@/lib/monitors/monitors";
import { addToPage, insertPage, removeFromDefaultPage } from "@/lib/pages/pages";
import type { ComponentStatus } from "@/lib/status/labels";
import { importSubscriber } from "@/lib/subscribers/subscribers";
import {
  KINDS,
  STATUS_OF_IMPACT,
  type Bundle,
  type ImportedChange,
  type ImportedIncident,
  type Kind,
} from "./bundle";

const {
  component,
  componentGroup,
  componentStatusChange,
  importRecord,
  incident,
  incidentComponent,
  incidentTemplate,
  incidentTemplateComponent,
  incidentUpdate,
  maintenance,
  maintenanceComponent,
  maintenanceUpdate,
  monitor,
  statusPage,
} = schema;

export type Action = "create" | "update" | "unchanged" | "skip";
export type ReportItem = { kind: Kind; name: string; action: Action; note?: string };
export type ImportReport = {
  source: Bundle["source"];
  dryRun: boolean;
  /** The page the import went to; null when the source has none (monitors only). */
  page: { id: string | null; name: string; isDefault: boolean } | null;
  counts: Record<Kind, Record<Action, number>>;
  items: ReportItem[];
  /** Of the subscribers to be created: imported as confirmed, and sent an opt-in mail. */
  subscribers: { confirmed: number; optIn: number };
};

/** One import as it runs: who, from where, what the source's records became. */
type Run = {
  ctx: Actor;
  bundle: Bundle;
  /** `${kind}:${sourceId}` → the id of what it became here. */
  records: Map<string, string>;
  page: { id: string; isDefault: boolean } | null;
  report: ImportReport;
  runs: WindowRun[];
  ended: { id: string; revision: number }[];
  monitorsMade: boolean;
};

const key = (kind: string, sourceId: string) => `${kind}:${sourceId}`;

const uniqueBy = <T>(items: readonly T[], id: (item: T) => string) => [
  ...new Map(items.map((item) => [id(item), item])).values(),
];

function note(run: Run, kind: Kind, name: string, action: Action, why?: string) {
  run.report.items.push({ kind, name, action, ...(why ? { note: why } : {}) });
  run.report.counts[kind][action]++;
}

async function remember(tx: Executor, run: Run, kind: string, sourceId: string, targetId: string) {
  run.records.set(key(kind, sourceId), targetId);
  await tx
    .insert(importRecord)
    .values({
      workspaceId: run.ctx.workspaceId,
      source: run.bundle.source,
      kind,
      sourceId,
      targetId,
    })
    .onConflictDoUpdate({
      target: [
        importRecord.workspaceId,
        importRecord.source,
        importRecord.kind,
        importRecord.sourceId,
      ],
      set: { targetId },
    });
}

/** The id a source record became, if it still exists here (`table` is where it lives). */
async function found(
  tx: Executor,
  run: Run,
  kind: string,
  sourceId: string,
  table:
    | typeof component
    | typeof componentGroup
    | typeof incident
    | typeof maintenance
    | typeof incidentTemplate
    | typeof monitor
    | typeof statusPage,
): Promise<string | null> {
  const id = run.records.get(key(kind, sourceId));
  if (!id) return null;
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.workspaceId, run.ctx.workspaceId), eq(table.id, id)));
  return row?.id ?? null;
}

/** Our ids for the source's, each once (a source may name one twice). */
const mapped = (run: Run, kind: string, sourceIds: readonly string[]) => [
  ...new Set(sourceIds.flatMap((id) => run.records.get(key(kind, id)) ?? [])),
];

/**
 * The page the import fills: the one an earlier import of this source made; else the first page
 * while it shows nothing (a new workspace), else a new page named as the source's.
 */
async function importPage(tx: Executor, run: Run) {
  const page = run.bundle.page;
  if (!page) return;
  const known = await found(tx, run, "page", page.sourceId, statusPage);
  if (known) {
    const [row] = await tx
      .select({ isDefault: statusPage.isDefault })
      .from(statusPage)
      .where(eq(statusPage.id, known));
    run.page = { id: known, isDefault: row!.isDefault };
    note(run, "page", page.name, "unchanged");
    return;
  }
  const [first] = await tx
    .select({
      id: statusPage.id,
      componentIds: statusPage.componentIds,
      groupIds: statusPage.groupIds,
    })
    .from(statusPage)
    .where(and(eq(statusPage.workspaceId, run.ctx.workspaceId), eq(statusPage.isDefault, true)));
  const [{ components }] = (await tx
    .select({ components: sql<number>`count(*)::int` })
    .from(component)
    .where(eq(component.workspaceId, run.ctx.workspaceId))) as [{ components: number }];
  if (first && !first.componentIds.length && !first.groupIds.length && components === 0) {
    run.page = { id: first.id, isDefault: true };
    await remember(tx, run, "page", page.sourceId, first.id);
    note(
      run,
      "page",
      page.name,
      "update",
      "The first page, empty until now, shows what is imported.",
    );
    return;
  }
  const slug = await freeSlug(tx, run.ctx.workspaceId, page.slug ?? page.name);
  const made = await insertPage(
    tx,
    run.ctx,
    { name: page.name, slug, componentIds: [], groupIds: [] },
    { id: uuidv7(), oidc: {}, passwordHash: null },
  );
  run.page = { id: made.id, isDefault: false };
  await remember(tx, run, "page", page.sourceId, made.id);
  note(run, "page", page.name, "create", `At /p/${slug}.`);
}

async function freeSlug(tx: Executor, workspaceId: string, wanted: string) {
  // A page's slug is at most 48 characters, with room for a "-2" when taken.
  const base =
    wanted
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .slice(0, 45)
      .replace(/^-+|-+$/g, "") || "imported";
  const taken = new Set(
    (
      await tx
        .select({ slug: statusPage.slug })
        .from(statusPage)
        .where(eq(statusPage.workspaceId, workspaceId))
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** Lists something new on the import's page alone, when that page is not the first. */
async function placeOnPage(
  tx: Executor,
  run: Run,
  item: { componentId: string } | { groupId: string },
) {
  if (!run.page || run.page.isDefault) return;
  await removeFromDefaultPage(tx, run.ctx.workspaceId, item);
  await addToPage(tx, run.ctx.workspaceId, run.page.id, item);
}

async function importGroups(tx: Executor, run: Run) {
  for (const group of run.bundle.groups) {
    const id = await found(tx, run, "group", group.sourceId, componentGroup);
    if (id) {
      const [row] = await tx
        .select({ name: componentGroup.name })
        .from(componentGroup)
        .where(eq(componentGroup.id, id));
      if (row!.name === group.name) note(run, "group", group.name, "unchanged");
      else {
        await changeGroup(tx, run.ctx, id, { name: group.name });
        note(run, "group", group.name, "update");
      }
      run.records.set(key("group", group.sourceId), id);
      continue;
    }
    const made = await insertGroup(tx, run.ctx, { name: group.name });
    if (group.createdAt) {
      await tx
        .update(componentGroup)
        .set({ createdAt: group.createdAt })
        .where(eq(componentGroup.id, made.id));
    }
    await placeOnPage(tx, run, { groupId: made.id });
    await remember(tx, run, "group", group.sourceId, made.id);
    note(run, "group", group.name, "create");
  }
}

async function importComponents(tx: Executor, run: Run) {
  for (const c of run.bundle.components) {
    const groupId = c.groupSourceId
      ? (run.records.get(key("group", c.groupSourceId)) ?? null)
      : null;
    const id = await found(tx, run, "component", c.sourceId, component);
    if (id) {
      const [row] = await tx.select().from(component).where(eq(component.id, id));
      const changes = {
        ...(row!.name !== c.name ? { name: c.name } : {}),
        ...(row!.description !== c.description ? { description: c.description } : {}),
        ...(row!.groupId !== groupId ? { groupId } : {}),
        ...(row!.status !== c.status ? { status: c.status } : {}),
      };
      if (Object.keys(changes).length) {
        await changeComponent(tx, run.ctx, id, changes);
        note(run, "component", c.name, "update");
      } else note(run, "component", c.name, "unchanged");
      run.records.set(key("component", c.sourceId), id);
      continue;
    }
    const made = await insertComponent(tx, run.ctx, {
      name: c.name,
      description: c.description,
      groupId,
    });
    // Its history starts when it started at the source, so the bars do not start at zero.
    const createdAt = c.createdAt ?? new Date();
    await tx
      .update(component)
      .set({ createdAt, updatedAt: createdAt })
      .where(eq(component.id, made.id));
    await tx
      .update(componentStatusChange)
      .set({ changedAt: createdAt })
      .where(
        and(
          eq(componentStatusChange.workspaceId, run.ctx.workspaceId),
          eq(componentStatusChange.componentId, made.id),
        ),
      );
    if (c.status !== "operational") {
      await setComponentStatus(tx, {
        workspaceId: run.ctx.workspaceId,
        componentId: made.id,
        status: c.status,
        cause: "manual",
        changedBy: run.ctx.userId,
      });
    }
    if (c.updatedAt) {
      await tx.update(component).set({ updatedAt: c.updatedAt }).where(eq(component.id, made.id));
    }
    if (!groupId) await placeOnPage(tx, run, { componentId: made.id });
    await remember(tx, run, "component", c.sourceId, made.id);
    note(run, "component", c.name, "create");
  }
}

/**
 * The statuses an incident gave its components over time, from `updates` (all of them, or those
 * new since the last import): their changes when the source kept them; else, for a whole
 * incident, its impact's status from its start. Once resolved, every component it left in
 * another status returns to operational at the resolution, as on the page.
 */
function changesOf(
  i: ImportedIncident,
  updates: ImportedIncident["updates"],
  closing: boolean,
): { at: Date; change: ImportedChange }[] {
  const told = updates.flatMap((u) =>
    (u.changes ?? []).map((change) => ({ at: u.createdAt, change })),
  );
  const everTold = i.updates.some((u) => u.changes?.length);
  const during = new Map<string, ComponentStatus>();
  if (everTold) {
    for (const u of i.updates)
      for (const c of u.changes ?? []) during.set(c.componentSourceId, c.to);
  } else {
    for (const { componentSourceId, status } of i.components) {
      const held = status === "operational" ? STATUS_OF_IMPACT[i.impact] : status;
      if (held !== "operational") during.set(componentSourceId, held);
    }
    if (updates === i.updates) {
      for (const [componentSourceId, to] of during) {
        told.push({ at: i.startedAt, change: { componentSourceId, from: "operational", to } });
      }
    }
  }
  if (closing && i.resolvedAt) {
    for (const [componentSourceId, from] of during) {
      if (from === "operational") continue;
      told.push({ at: i.resolvedAt, change: { componentSourceId, from, to: "operational" } });
    }
  }
  return told;
}

async function writeHistory(
  tx: Executor,
  run: Run,
  cause: { kind: "incident" | "maintenance"; id: string },
  points: { at: Date; componentId: string; from: ComponentStatus; to: ComponentStatus }[],
) {
  if (!points.length) return;
  await tx.insert(componentStatusChange).values(
    points.map((p) => ({
      workspaceId: run.ctx.workspaceId,
      componentId: p.componentId,
      fromStatus: p.from,
      toStatus: p.to,
      cause: cause.kind,
      causeId: cause.id,
      changedAt: p.at,
    })),
  );
}

async function importIncidents(tx: Executor, run: Run) {
  /** History in our components' ids (a component not imported is left out). */
  const placed = (changes: { at: Date; change: ImportedChange }[]) =>
    changes.flatMap(({ at, change }) => {
      const id = run.records.get(key("component", change.componentSourceId));
      return id ? [{ at, componentId: id, from: change.from, to: change.to }] : [];
    });
  for (const i of run.bundle.incidents) {
    const known = await found(tx, run, "incident", i.sourceId, incident);
    const componentId = (sourceId: string) => run.records.get(key("component", sourceId));
    const updateRows = (incidentId: string, updates: ImportedIncident["updates"]) =>
      updates.map((u) => ({
        workspaceId: run.ctx.workspaceId,
        incidentId,
        status: u.status,
        body: u.body,
        createdAt: u.createdAt,
        components:
          u.changes
            ?.filter((c) => componentId(c.componentSourceId))
            .map((c) => ({
              componentId: componentId(c.componentSourceId)!,
              oldStatus: c.from,
              newStatus: c.to,
            })) ?? null,
      }));
    const fields = {
      title: i.title,
      status: i.status,
      impact: i.impact,
      startedAt: i.startedAt,
      resolvedAt: i.resolvedAt,
      updatedAt: i.updatedAt,
      postmortemBody: i.postmortem?.body ?? null,
      postmortemPublishedAt: i.postmortem?.publishedAt ?? null,
      postmortemUpdatedAt: i.postmortem ? (i.postmortem.publishedAt ?? i.updatedAt) : null,
    };
    if (known) {
      const [row] = await tx.select().from(incident).where(eq(incident.id, known));
      const fresh = i.updates.filter((u) => !run.records.has(key("incident_update", u.sourceId)));
      const changed =
        fresh.length > 0 ||
        row!.title !== i.title ||
        row!.status !== i.status ||
        row!.impact !== i.impact ||
        (row!.postmortemBody ?? null) !== fields.postmortemBody;
      if (changed) {
        await tx.update(incident).set(fields).where(eq(incident.id, known));
        await insertUpdates(tx, run, fresh, updateRows(known, fresh));
        const resolvedSince = row!.status !== "resolved" && i.status === "resolved";
        await writeHistory(
          tx,
          run,
          { kind: "incident", id: known },
          placed(changesOf(i, fresh, resolvedSince)),
        );
        note(run, "incident", i.title, "update");
      } else note(run, "incident", i.title, "unchanged");
      continue;
    }
    const [made] = await tx
      .insert(incident)
      .values({
        ...fields,
        workspaceId: run.ctx.workspaceId,
        visibility: "published",
        source: "manual",
        createdAt: i.createdAt,
      })
      .returning({ id: incident.id });
    const affected = uniqueBy(i.components, (c) => c.componentSourceId).flatMap((c) => {
      const id = componentId(c.componentSourceId);
      return id
        ? [
            {
              workspaceId: run.ctx.workspaceId,
              incidentId: made!.id,
              componentId: id,
              status: c.status,
            },
          ]
        : [];
    });
    if (affected.length) await tx.insert(incidentComponent).values(affected);
    await insertUpdates(tx, run, i.updates, updateRows(made!.id, i.updates));
    await writeHistory(
      tx,
      run,
      { kind: "incident", id: made!.id },
      placed(changesOf(i, i.updates, true)),
    );
    await remember(tx, run, "incident", i.sourceId, made!.id);
    note(run, "incident", i.title, "create");
  }
}

async function insertUpdates(
  tx: Executor,
  run: Run,
  updates: ImportedIncident["updates"],
  rows: (typeof incidentUpdate.$inferInsert)[],
) {
  if (!rows.length) return;
  const made = await tx.insert(incidentUpdate).values(rows).returning({ id: incidentUpdate.id });
  for (const [index, u] of updates.entries()) {
    await remember(tx, run, "incident_update", u.sourceId, made[index]!.id);
  }
}

async function importWindows(tx: Executor, run: Run) {
  const now = Date.now();
  for (const w of run.bundle.maintenances) {
    const componentIds = mapped(run, "component", w.componentSourceIds);
    const known = await found(tx, run, "maintenance", w.sourceId, maintenance);
    const fresh = w.notes.filter((n) => !run.records.has(key("maintenance_update", n.sourceId)));
    if (known) {
      const changed = await rewriteKnownWindow(tx, run, known, w, componentIds);
      if (changed || fresh.length) {
        await insertNotes(tx, run, known, fresh);
        note(
          run,
          "maintenance",
          w.title,
          "update",
          typeof changed === "string" ? changed : undefined,
        );
      } else note(run, "maintenance", w.title, "unchanged");
      continue;
    }
    // A window whose end has passed is over, whatever the source last said.
    const over = w.endsAt.getTime() <= now;
    const status = over ? "completed" : w.status;
    const startedAt = status === "scheduled" ? null : (w.startedAt ?? w.startsAt);
    const completedAt = status === "completed" ? (w.completedAt ?? w.endsAt) : null;
    const [made] = await tx
      .insert(maintenance)
      .values({
        workspaceId: run.ctx.workspaceId,
        title: w.title,
        body: w.body,
        status,
        startsAt: w.startsAt,
        endsAt: w.endsAt,
        startedAt,
        completedAt,
        // The source announced it; withdrawing it here tells subscribers (a cancellation).
        announcedAt: w.createdAt,
        createdAt: w.createdAt,
        updatedAt: w.updatedAt ?? w.createdAt,
      })
      .returning();
    if (componentIds.length) {
      await tx.insert(maintenanceComponent).values(
        componentIds.map((componentId) => ({
          workspaceId: run.ctx.workspaceId,
          maintenanceId: made!.id,
          componentId,
        })),
      );
    }
    await insertNotes(tx, run, made!.id, w.notes);
    if (status !== "completed") run.runs.push(await scheduleRun(tx, made!));
    if (startedAt) {
      await writeHistory(tx, run, { kind: "maintenance", id: made!.id }, [
        ...componentIds.map((componentId) => ({
          at: startedAt,
          componentId,
          from: "operational" as const,
          to: "under_maintenance" as const,
        })),
        ...(completedAt
          ? componentIds.map((componentId) => ({
              at: completedAt,
              componentId,
              from: "under_maintenance" as const,
              to: "operational" as const,
            }))
          : []),
      ]);
    }
    await remember(tx, run, "maintenance", w.sourceId, made!.id);
    note(
      run,
      "maintenance",
      w.title,
      "create",
      over && w.status !== "completed" ? "Its end has passed: imported as completed." : undefined,
    );
  }
}

/**
 * Brings a window imported before in line with the source: words always; times, components and
 * an early end while it has not ended here (the same verbs as an operator's change, so its run
 * follows). True when something changed; a sentence when the source's change could not be made.
 */
async function rewriteKnownWindow(
  tx: Executor,
  run: Run,
  id: string,
  w: Bundle["maintenances"][number],
  componentIds: string[],
): Promise<boolean | string> {
  const [row] = await tx.select().from(maintenance).where(eq(maintenance.id, id));
  const covered = (await componentIdsOf(tx, run.ctx.workspaceId, [id])).get(id) ?? [];
  const sameWords = row!.title === w.title && row!.body === w.body;
  const sameTimes =
    row!.startsAt.getTime() === w.startsAt.getTime() &&
    row!.endsAt.getTime() === w.endsAt.getTime();
  const sameComponents =
    covered.length === componentIds.length && covered.every((c) => componentIds.includes(c));
  const endedThere = w.status === "completed" && row!.status === "in_progress";
  const open = row!.status === "scheduled" || row!.status === "in_progress";
  const words = () =>
    tx
      .update(maintenance)
      .set({ title: w.title, body: w.body, updatedAt: new Date() })
      .where(eq(maintenance.id, id));
  if (!open || (sameTimes && sameComponents && !endedThere)) {
    if (sameWords) return false;
    await words();
    return true;
  }
  if (row!.status === "in_progress" && row!.startsAt.getTime() !== w.startsAt.getTime()) {
    await words();
    return "In progress here: its start stays.";
  }
  if (!sameTimes && w.endsAt.getTime() <= Date.now()) {
    await words();
    return "Its new end has passed: its times stay.";
  }
  const rerun = await rewriteWindow(tx, run.ctx, id, {
    title: w.title,
    body: w.body,
    startsAt: w.startsAt.toISOString(),
    endsAt: w.endsAt.toISOString(),
    componentIds,
    remindBeforeMinutes: row!.remindBeforeMinutes,
  });
  if (rerun) run.runs.push(rerun);
  if (endedThere) run.ended.push({ id, revision: await endWindowNow(tx, run.ctx, id) });
  return true;
}

async function insertNotes(
  tx: Executor,
  run: Run,
  maintenanceId: string,
  notes: Bundle["maintenances"][number]["notes"],
) {
  for (const n of notes) {
    const [made] = await tx
      .insert(maintenanceUpdate)
      .values({
        workspaceId: run.ctx.workspaceId,
        maintenanceId,
        status: n.status,
        body: n.body,
        createdAt: n.createdAt,
      })
      .returning({ id: maintenanceUpdate.id });
    await remember(tx, run, "maintenance_update", n.sourceId, made!.id);
  }
}

async function importTemplates(tx: Executor, run: Run) {
  for (const t of run.bundle.templates) {
    const known = await found(tx, run, "template", t.sourceId, incidentTemplate);
    if (known) {
      const [row] = await tx.select().from(incidentTemplate).where(eq(incidentTemplate.id, known));
      if (row!.name !== t.name || row!.title !== t.title || row!.body !== t.body) {
        await tx
          .update(incidentTemplate)
          .set({ name: t.name, title: t.title, body: t.body, updatedAt: new Date() })
          .where(eq(incidentTemplate.id, known));
        note(run, "template", t.name, "update");
      } else note(run, "template", t.name, "unchanged");
      continue;
    }
    const [made] = await tx
      .insert(incidentTemplate)
      .values({
        workspaceId: run.ctx.workspaceId,
        name: t.name,
        title: t.title,
        body: t.body,
        status: t.status,
        impact: "minor",
      })
      .returning({ id: incidentTemplate.id });
    const componentIds = mapped(run, "component", t.componentSourceIds);
    if (componentIds.length) {
      await tx.insert(incidentTemplateComponent).values(
        componentIds.map((componentId) => ({
          workspaceId: run.ctx.workspaceId,
          templateId: made!.id,
          componentId,
          status: "degraded_performance" as const,
        })),
      );
    }
    await recordAudit(
      tx,
      run.ctx,
      "incident_template.create",
      { type: "incident_template", id: made!.id, name: t.name },
      changesBetween(null, { name: t.name, title: t.title }),
    );
    await remember(tx, run, "template", t.sourceId, made!.id);
    note(run, "template", t.name, "create");
  }
}

async function importSubscribers(tx: Executor, run: Run) {
  if (!run.page) return;
  for (const s of run.bundle.subscribers) {
    const known = run.records.get(key("subscriber", s.sourceId));
    if (known) {
      const [still] = await tx
        .select({ id: schema.subscriber.id })
        .from(schema.subscriber)
        .where(
          and(
            eq(schema.subscriber.workspaceId, run.ctx.workspaceId),
            eq(schema.subscriber.id, known),
          ),
        );
      if (still) note(run, "subscriber", s.email, "unchanged");
      else
        note(
          run,
          "subscriber",
          s.email,
          "skip",
          "Unsubscribed here since an earlier import: not subscribed again.",
        );
      continue;
    }
    const made = await importSubscriber(tx, {
      workspaceId: run.ctx.workspaceId,
      pageId: run.page.id,
      email: s.email,
      confirmed: s.confirmed,
      componentIds: mapped(run, "component", s.componentSourceIds),
      createdAt: s.createdAt,
    });
    if ("refused" in made) {
      note(run, "subscriber", s.email, "skip", made.refused);
      continue;
    }
    await remember(tx, run, "subscriber", s.sourceId, made.id);
    if (!made.created) {
      note(run, "subscriber", s.email, "unchanged", "Already a subscriber of the page.");
      continue;
    }
    if (s.confirmed) run.report.subscribers.confirmed++;
    else run.report.subscribers.optIn++;
    note(
      run,
      "subscriber",
      s.email,
      "create",
      s.confirmed
        ? "Confirmed at the source: imported as confirmed."
        : "Not confirmed at the source: sent one opt-in mail.",
    );
  }
  if (run.bundle.subscribers.length) {
    await recordAudit(
      tx,
      run.ctx,
      "subscriber.import",
      { type: "page", id: run.page.id, name: run.bundle.page?.name ?? null },
      {
        confirmed: { from: null, to: run.report.subscribers.confirmed },
        optIn: { from: null, to: run.report.subscribers.optIn },
      },
    );
  }
}

async function importMonitors(
  tx: Executor,
  run: Run,
  prepared: Map<string, Awaited<ReturnType<typeof prepareMonitor>>>,
) {
  for (const m of run.bundle.monitors) {
    const known = await found(tx, run, "monitor", m.sourceId, monitor);
    if (known) {
      note(run, "monitor", m.label, "unchanged");
      continue;
    }
    const ready = prepared.get(m.sourceId);
    if (!ready) continue;
    const groupId = m.groupSourceId ? run.records.get(key("group", m.groupSourceId)) : undefined;
    let componentId: string | undefined;
    if (groupId) {
      componentId = (await insertComponent(tx, run.ctx, { name: m.input.name, groupId })).id;
    }
    const row = await insertMonitor(
      tx,
      run.ctx,
      { ...m.input, ...(componentId ? { componentId } : {}) },
      ready,
    );
    if (!componentId) await placeOnPage(tx, run, { componentId: row.componentId });
    run.monitorsMade = true;
    await remember(tx, run, "monitor", m.sourceId, row.id);
    note(run, "monitor", m.label, "create", m.note);
  }
}

const STEPS: {
  kinds: Kind[];
  step: (
    tx: Executor,
    run: Run,
    prepared: Map<string, Awaited<ReturnType<typeof prepareMonitor>>>,
  ) => Promise<void>;
}[] = [
  { kinds: ["page"], step: importPage },
  { kinds: ["group"], step: importGroups },
  { kinds: ["component"], step: importComponents },
  { kinds: ["incident"], step: importIncidents },
  { kinds: ["maintenance"], step: importWindows },
  { kinds: ["template"], step: importTemplates },
  { kinds: ["subscriber"], step: importSubscribers },
  { kinds: ["monitor"], step: importMonitors },
];

/** After a real run's steps: the audit entry, and the work they left to start. */
async function finish(run: Run) {
  const { counts } = run.report;
  await transactionChangingData(run.ctx.workspaceId, (tx) =>
    recordAudit(
      tx,
      run.ctx,
      "import.run",
      { type: "import", id: run.page?.id ?? null, name: run.bundle.source },
      Object.fromEntries(
        KINDS.filter((k) => counts[k].create || counts[k].update).map((k) => [
          k,
          { from: null, to: `${counts[k].create} created, ${counts[k].update} changed` },
        ]),
      ),
    ),
  ).catch((error: unknown) => {
    // The step's own failure is the one to answer; the committed records stand without it.
    logError("import: the audit entry could not be written", error);
  });
  for (const r of run.runs) announceWindowRun(r);
  for (const e of run.ended) announceWindowCancelled(e.id, e.revision);
  if (run.report.subscribers.optIn) announceEmail();
  if (run.monitorsMade) wakeChecker();
}

/** Thrown to roll a dry run back once it has done everything a real run would. */
class DryRunDone extends Error {}

/**
 * Imports a bundle: one transaction per kind of record (pages, groups, components, incidents,
 * windows, templates, subscribers, monitors), each recording what its records became, so a second
 * import changes only what changed at the source. A dry run does the same in one transaction and
 * rolls it back: its report is exactly what a real run would do. Nothing is announced: importing
 * history notifies nobody (windows still to come start and end as usual, and a subscriber not
 * confirmed at the source gets one opt-in mail).
 */
export async function applyBundle({
  ctx,
  bundle,
  dryRun,
}: {
  ctx: Actor;
  bundle: Bundle;
  dryRun: boolean;
}): Promise<ImportReport> {
  const db = await getDb();
  // Opt-in links are sealed inside the subscribers' transaction: the key must be ready before.
  await secretsReady();
  const known = await db
    .select({
      kind: importRecord.kind,
      sourceId: importRecord.sourceId,
      targetId: importRecord.targetId,
    })
    .from(importRecord)
    .where(
      and(eq(importRecord.workspaceId, ctx.workspaceId), eq(importRecord.source, bundle.source)),
    );
  const counts = Object.fromEntries(
    KINDS.map((k) => [k, { create: 0, update: 0, unchanged: 0, skip: 0 }]),
  ) as ImportReport["counts"];
  const run: Run = {
    ctx,
    bundle,
    records: new Map(known.map((r) => [key(r.kind, r.sourceId), r.targetId])),
    page: null,
    report: {
      source: bundle.source,
      dryRun,
      page: null,
      counts,
      items: [],
      subscribers: { confirmed: 0, optIn: 0 },
    },
    runs: [],
    ended: [],
    monitorsMade: false,
  };
  // Targets are checked and secrets sealed before any transaction; a refused target is skipped,
  // and so is a monitor past the workspace's limit. A monitor deleted here since is made again.
  const existing = new Set(
    (
      await db
        .select({ id: monitor.id })
        .from(monitor)
        .where(eq(monitor.workspaceId, ctx.workspaceId))
    ).map((row) => row.id),
  );
  let room = config().monitorsPerWorkspace - existing.size;
  const prepared = new Map<string, Awaited<ReturnType<typeof prepareMonitor>>>();
  const monitors = [];
  for (const m of bundle.monitors) {
    const id = run.records.get(key("monitor", m.sourceId));
    if (id && existing.has(id)) {
      monitors.push(m);
      continue;
    }
    if (room <= 0) {
      bundle.skipped.push({
        kind: "monitor",
        name: m.label,
        reason: `The workspace has the most monitors it may have (MONITORS_PER_WORKSPACE, ${config().monitorsPerWorkspace}).`,
      });
      continue;
    }
    try {
      prepared.set(m.sourceId, await prepareMonitor(m.input));
      run.records.delete(key("monitor", m.sourceId));
      monitors.push(m);
      room--;
    } catch (error) {
      bundle.skipped.push({ kind: "monitor", name: m.label, reason: (error as Error).message });
    }
  }
  run.bundle = { ...bundle, monitors };
  for (const s of bundle.skipped) note(run, s.kind, s.name, "skip", s.reason);

  if (dryRun) {
    try {
      await db.transaction(async (tx) => {
        deliverNothingIn(tx);
        for (const { step } of STEPS) await step(tx, run, prepared);
        throw new DryRunDone();
      });
    } catch (error) {
      if (!(error instanceof DryRunDone)) throw error;
    }
  } else {
    let committed = false;
    try {
      for (const { step } of STEPS) {
        await transactionChangingData(ctx.workspaceId, (tx) => {
          deliverNothingIn(tx);
          return step(tx, run, prepared);
        });
        committed = true;
      }
    } finally {
      // What committed is audited and set going even when a later kind failed.
      if (committed) await finish(run);
    }
  }
  if (run.page) {
    const [page] = await db
      .select({ id: statusPage.id, name: statusPage.name, isDefault: statusPage.isDefault })
      .from(statusPage)
      .where(and(eq(statusPage.workspaceId, ctx.workspaceId), eq(statusPage.id, run.page.id)));
    const [ws] = await db
      .select({ name: schema.workspace.name })
      .from(schema.workspace)
      .where(eq(schema.workspace.id, ctx.workspaceId));
    // A page a dry run would make does not exist: it has a name, no id yet.
    run.report.page = page
      ? { id: page.id, name: (!page.isDefault && page.name) || ws!.name, isDefault: page.isDefault }
      : { id: null, name: bundle.page?.name ?? "", isDefault: false };
  }
  return run.report;
}
