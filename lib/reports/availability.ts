import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, rowsOf, schema, type Executor } from "@/db/client";
import { assertComponentsExist } from "@/lib/components/exist";
import type { Actor } from "@/lib/contract/actor";
import { ValidationError } from "@/lib/errors";
import { lastWholePeriod } from "@/lib/time/periods";
import { zonedInputToIso } from "@/lib/time/zones";
import { workspaceTimeZone } from "@/lib/workspace/workspace";
import { parsePeriod, type AvailabilityQuery, type AvailabilityReport } from "./schemas";

const { component } = schema;

const DAY_MS = 86_400_000;
/** The longest period one report covers: a year, with room for a leap day and DST. */
export const MAX_REPORT_DAYS = 400;

export const AVAILABILITY_FORMULA =
  "availability = (observed − down) / observed × 100, rounded down to three decimals. Observed: the minutes of the period the component existed" +
  " (less maintenance when excluded). Down: minutes in partial or major outage; degraded performance counts as up." +
  " Maintenance (a window in progress on the component, or the status under maintenance) is left out of observed time when excluded, and counts as down otherwise." +
  " Overall: the same over the sum of every component's minutes.";

const pad = (n: number) => String(n).padStart(2, "0");

/** The instant a calendar month starts in `zone` (month 13 is January of the next year). */
function monthStart(year: number, month: number, zone: string): Date {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((month - 1) % 12) + 1;
  return new Date(zonedInputToIso(`${y}-${pad(m)}-01T00:00`, zone)!);
}

/**
 * The period a query names: `period` (a calendar month, quarter or year in the workspace's
 * zone), `from` and `to`, or else the last whole month.
 */
export function reportPeriod(query: AvailabilityQuery, zone: string, now: number) {
  if (query.from && query.to) return { from: new Date(query.from), to: new Date(query.to) };
  const start = parsePeriod(query.period ?? lastWholePeriod("month", now, zone));
  return {
    from: monthStart(start.year, start.month, zone),
    to: monthStart(start.year, start.month + start.months, zone),
  };
}

type Minutes = { observedMs: number; downMs: number };

const minutes = (ms: number) => Math.round(ms / 600) / 100;
// Up time over observed time, in thousandths of a percent, rounded down; the division comes last
// so that a whole step (9 of 10 minutes up: 90.000) is not lost to the float before it.
const availability = ({ observedMs, downMs }: Minutes) =>
  observedMs > 0 ? Math.floor(((observedMs - downMs) * 100_000) / observedMs) / 1000 : null;

const idArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

const DOWN = sql.raw("('partial_outage', 'major_outage')");
/** A range's length in milliseconds (null when empty). */
const spanMs = (range: string) => `(extract(epoch from upper(${range}) - lower(${range})) * 1000)`;
/** A multirange's length in milliseconds. */
const lengthMs = (multirange: string) =>
  `(select coalesce(sum(extract(epoch from upper(r) - lower(r)) * 1000), 0)::float8 from unnest(${multirange}) r)`;

/**
 * Each component's observed and down milliseconds in [from, end), from its status history and
 * the maintenance windows on it, added up in the database: one pass over the period's changes.
 */
export async function minutesPerComponent(
  tx: Executor,
  workspaceId: string,
  ids: readonly string[],
  from: Date,
  end: Date,
  excludeMaintenance: boolean,
): Promise<Map<string, Minutes>> {
  if (!ids.length || end <= from) return new Map();
  const f = from.toISOString();
  const e = end.toISOString();
  const rows = rowsOf<{
    componentId: string;
    segMs: number;
    downMs: number;
    downInMaintMs: number;
    maintMs: number;
  }>(
    await tx.execute(sql`
      with comp as (select unnest(${idArray(ids)}::uuid[]) as id),
      windows as (
        select mc.component_id, range_agg(tstzrange(greatest(m.started_at, ${f}::timestamptz),
            least(coalesce(m.completed_at, m.cancelled_at, ${e}::timestamptz), ${e}::timestamptz))) as w
        from maintenance m
        join maintenance_component mc on mc.maintenance_id = m.id
        where m.workspace_id = ${workspaceId} and mc.workspace_id = ${workspaceId}
          and mc.component_id = any(${idArray(ids)}::uuid[])
          and m.started_at is not null and m.started_at < ${e}::timestamptz
          and coalesce(m.completed_at, m.cancelled_at, 'infinity') > greatest(m.started_at, ${f}::timestamptz)
        group by mc.component_id
      ),
      sums as (
        select c.id as component_id,
          coalesce(sum(${sql.raw(spanMs("x.span"))}), 0) as seg_ms,
          coalesce(sum(${sql.raw(spanMs("x.span"))}) filter (where x.to_status in ${DOWN}), 0) as down_ms,
          tstzrange(min(lower(x.span)), max(upper(x.span))) as covered,
          range_agg(x.span) filter (where x.to_status = 'under_maintenance') as maint,
          coalesce(sum(${sql.raw(lengthMs("tstzmultirange(x.span) * w.w"))})
            filter (where x.to_status in ${DOWN} and x.span && w.w), 0) as down_in_windows_ms
        from comp c
        left join windows w on w.component_id = c.id
        -- One component at a time, in the index's order: the status it had at the start, then
        -- each change in the period, each lasting until the next.
        cross join lateral (
          select y.to_status, tstzrange(greatest(y.changed_at, ${f}::timestamptz),
            greatest(coalesce(lead(y.changed_at) over (order by y.changed_at, y.id), ${e}::timestamptz),
              ${f}::timestamptz)) as span
          from component_status_change y
          where y.workspace_id = ${workspaceId} and y.component_id = c.id
            and y.changed_at < ${e}::timestamptz
            and y.changed_at >= coalesce((select max(s.changed_at) from component_status_change s
              where s.workspace_id = ${workspaceId} and s.component_id = c.id
                and s.changed_at <= ${f}::timestamptz), ${f}::timestamptz)
        ) x
        group by c.id
      )
      select s.component_id as "componentId", s.seg_ms::float8 as "segMs", s.down_ms::float8 as "downMs",
        s.down_in_windows_ms::float8 as "downInMaintMs",
        ${sql.raw(lengthMs("(coalesce(s.maint, '{}'::tstzmultirange) + coalesce(w.w, '{}'::tstzmultirange)) * tstzmultirange(s.covered)"))} as "maintMs"
      from sums s left join windows w on w.component_id = s.component_id`),
  );
  // Segments follow one another without gaps, so the time covered and the time down are their
  // sums; only maintenance, which may overlap them anyhow, needs ranges intersected.
  return new Map(
    rows.map((row) => {
      const [seg, down, downInMaint, maint] = [
        row.segMs,
        row.downMs,
        row.downInMaintMs,
        row.maintMs,
      ].map(Number) as [number, number, number, number];
      return [
        row.componentId,
        excludeMaintenance
          ? { observedMs: seg - maint, downMs: down - downInMaint }
          : { observedMs: seg, downMs: down + maint - downInMaint },
      ];
    }),
  );
}

/** What an incident or a window is, for listing those of a period. */
const EVENTS = {
  // Published incidents only: customers never saw drafts.
  incident: {
    table: "incident",
    components: "incident_component",
    key: "incident_id",
    end: "e.resolved_at",
    columns: `e.impact, e.resolved_at as "resolvedAt"`,
    kept: "e.visibility = 'published'",
  },
  // Windows that took place: scheduled ones never started, cancelled ones before they did.
  maintenance: {
    table: "maintenance",
    components: "maintenance_component",
    key: "maintenance_id",
    end: "coalesce(e.completed_at, e.cancelled_at)",
    columns: `coalesce(e.completed_at, e.cancelled_at) as "endedAt"`,
    kept: "e.started_at is not null",
  },
} as const;

type EventRow = {
  id: string;
  title: string;
  startedAt: string;
  ms: number;
  componentIds: string[] | null;
  impact?: AvailabilityReport["incidents"][number]["impact"];
  resolvedAt?: string | null;
  endedAt?: string | null;
};

/**
 * The incidents or windows of the workspace under way at any time in [from, end) that touched
 * one of the components (any, with `everyComponent`), with their time inside the period.
 */
async function eventsIn(
  tx: Executor,
  kind: keyof typeof EVENTS,
  workspaceId: string,
  ids: readonly string[],
  period: { from: Date; end: Date; everyComponent: boolean },
): Promise<EventRow[]> {
  const { table, components, key, end, columns, kept } = EVENTS[kind];
  const raw = sql.raw;
  const f = period.from.toISOString();
  const e = period.end.toISOString();
  const theirs = sql`${raw(components)} c where c.${raw(key)} = e.id
    and c.component_id = any(${idArray(ids)}::uuid[])`;
  return rowsOf<EventRow>(
    await tx.execute(sql`
      select e.id, e.title, e.started_at as "startedAt", ${raw(columns)},
        (extract(epoch from least(coalesce(${raw(end)}, ${e}::timestamptz), ${e}::timestamptz)
          - greatest(e.started_at, ${f}::timestamptz)) * 1000)::float8 as ms,
        (select to_jsonb(array_agg(c.component_id order by c.component_id)) from ${theirs})
          as "componentIds"
      from ${raw(table)} e
      where e.workspace_id = ${workspaceId} and ${raw(kept)}
        and e.started_at < ${e}::timestamptz
        and coalesce(${raw(end)}, 'infinity') > ${f}::timestamptz
        and (${period.everyComponent} or exists (select 1 from ${theirs}))
      order by e.started_at, e.id`),
  );
}

/**
 * The availability of the workspace's components (or those asked for) over a period: per
 * component and overall, with the incidents and maintenance windows in it. See
 * AVAILABILITY_FORMULA for how minutes count.
 */
export async function availabilityReport({
  ctx,
  query,
  now = Date.now(),
}: {
  ctx: Pick<Actor, "workspaceId">;
  query: AvailabilityQuery;
  now?: number;
}): Promise<AvailabilityReport> {
  const db = await getDb();
  const timeZone = await workspaceTimeZone(db, ctx.workspaceId);
  const { from, to } = reportPeriod(query, timeZone, now);
  if (to <= from) {
    throw new ValidationError([{ field: "to", message: "Must be after from." }]);
  }
  if (to.getTime() - from.getTime() > MAX_REPORT_DAYS * DAY_MS) {
    throw new ValidationError([
      { field: query.period ? "period" : "to", message: `At most ${MAX_REPORT_DAYS} days.` },
    ]);
  }
  // A period still to come has nothing observed yet: it ends where it begins.
  const end = new Date(Math.max(from.getTime(), Math.min(to.getTime(), now)));

  return db.transaction(
    async (tx) => {
      // Compiling this query with JIT took 0.7 s of 1.9 s over 400 days of 200 components, more
      // than it saved; and the period's changes are sorted once, which fits in memory.
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`set local work_mem = '64MB'`);
      if (query.componentIds) {
        // Each id as it was listed, so a refusal names its own place in the list.
        await assertComponentsExist(
          tx,
          ctx.workspaceId,
          query.componentIds,
          (index) => `componentIds.${index}`,
        );
      }
      const asked = query.componentIds ? [...new Set(query.componentIds)] : null;
      const components = await tx
        .select({ id: component.id, name: component.name })
        .from(component)
        .where(
          and(
            eq(component.workspaceId, ctx.workspaceId),
            asked ? inArray(component.id, asked) : undefined,
          ),
        )
        .orderBy(asc(component.position));
      const ids = components.map((c) => c.id);
      const period = { from, end, everyComponent: !asked };
      const [perComponent, incidents, maintenances] = await Promise.all([
        minutesPerComponent(tx, ctx.workspaceId, ids, from, end, query.excludeMaintenance),
        end > from ? eventsIn(tx, "incident", ctx.workspaceId, ids, period) : [],
        end > from ? eventsIn(tx, "maintenance", ctx.workspaceId, ids, period) : [],
      ]);
      const total: Minutes = { observedMs: 0, downMs: 0 };
      const rows = components.map((c) => {
        const counted = perComponent.get(c.id) ?? { observedMs: 0, downMs: 0 };
        total.observedMs += counted.observedMs;
        total.downMs += counted.downMs;
        return {
          componentId: c.id,
          name: c.name,
          observedMinutes: minutes(counted.observedMs),
          downtimeMinutes: minutes(counted.downMs),
          availabilityPercent: availability(counted),
        };
      });
      return {
        from,
        to: end,
        timeZone,
        excludeMaintenance: query.excludeMaintenance,
        formula: AVAILABILITY_FORMULA,
        overall: {
          observedMinutes: minutes(total.observedMs),
          downtimeMinutes: minutes(total.downMs),
          availabilityPercent: availability(total),
        },
        components: rows,
        incidents: incidents.map((i) => ({
          id: i.id,
          title: i.title,
          impact: i.impact!,
          startedAt: new Date(i.startedAt),
          resolvedAt: i.resolvedAt ? new Date(i.resolvedAt) : null,
          minutesInPeriod: minutes(Number(i.ms)),
          componentIds: i.componentIds ?? [],
        })),
        maintenances: maintenances.map((m) => ({
          id: m.id,
          title: m.title,
          startedAt: new Date(m.startedAt),
          endedAt: m.endedAt ? new Date(m.endedAt) : null,
          minutesInPeriod: minutes(Number(m.ms)),
          componentIds: m.componentIds ?? [],
        })),
      };
    },
    { accessMode: "read only", isolationLevel: "repeatable read" },
  );
}

const csvCell = (value: string | number | null) => {
  if (value === null) return "";
  const text = String(value);
  // A cell that a spreadsheet would read as a formula is quoted and prefixed, so it stays text.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === "string" ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The report as CSV: one row per component, the overall row, then each incident and window. */
export function availabilityCsv(report: AvailabilityReport): string {
  const iso = (value: Date | string | null) =>
    value === null ? null : new Date(value).toISOString();
  const header = [
    "type",
    "id",
    "name",
    "start",
    "end",
    "observed_minutes",
    "downtime_minutes",
    "availability_percent",
    "impact",
  ];
  const from = iso(report.from);
  const to = iso(report.to);
  const rows: (string | number | null)[][] = [
    ...report.components.map((c) => [
      "component",
      c.componentId,
      c.name,
      from,
      to,
      c.observedMinutes,
      c.downtimeMinutes,
      c.availabilityPercent,
      null,
    ]),
    [
      "overall",
      null,
      "Overall",
      from,
      to,
      report.overall.observedMinutes,
      report.overall.downtimeMinutes,
      report.overall.availabilityPercent,
      null,
    ],
    ...report.incidents.map((i) => [
      "incident",
      i.id,
      i.title,
      iso(i.startedAt),
      iso(i.resolvedAt),
      i.minutesInPeriod,
      null,
      null,
      i.impact,
    ]),
    ...report.maintenances.map((m) => [
      "maintenance",
      m.id,
      m.title,
      iso(m.startedAt),
      iso(m.endedAt),
      m.minutesInPeriod,
      null,
      null,
      null,
    ]),
  ];
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
