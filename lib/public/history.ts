import { and, desc, eq, gte, lt } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import { dateIn, startOfDay } from "./days";
import { loadIncidents, type PublicData } from "./load";
import { historyPage, type HistoryMonth } from "./pages";
import { rendered, type Rendered } from "./snapshot";
import type { View } from "./view";

/** Months a page of `/history` covers. */
export const MONTHS_PER_PAGE = 3;
/** The deepest page anyone may ask for (about 25 years). */
export const MAX_HISTORY_PAGE = 100;

/** The month (`YYYY-MM`) `months` after (or before) another. */
function addMonths(month: string, months: number): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  const total = year * 12 + (index - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
}

/** Page `page` of `/history`: its months (newest first) with their published incidents. */
export async function historyAnswer(
  data: PublicData,
  view: View,
  page: number,
  shows: (componentIds: string[]) => boolean = () => true,
): Promise<Rendered> {
  const { id, timeZone, createdAt } = data.workspace;
  const newest = addMonths(dateIn(Date.now(), timeZone).slice(0, 7), -(page - 1) * MONTHS_PER_PAGE);
  const months = Array.from({ length: MONTHS_PER_PAGE }, (_, i) => addMonths(newest, -i));
  const from = new Date(startOfDay(`${months.at(-1)}-01`, timeZone));
  const to = new Date(startOfDay(`${addMonths(newest, 1)}-01`, timeZone));
  const db = await getDb();
  const { incident } = schema;
  const rows = await db
    .select({ id: incident.id })
    .from(incident)
    .where(
      and(
        eq(incident.workspaceId, id),
        eq(incident.visibility, "published"),
        gte(incident.startedAt, from),
        lt(incident.startedAt, to),
      ),
    )
    .orderBy(desc(incident.startedAt), desc(incident.id));
  const incidents = await loadIncidents(
    db,
    id,
    rows.map((row) => row.id),
  );
  const onPage = incidents.filter((i) => shows(i.components.map((c) => c.componentId)));
  const byMonth: HistoryMonth[] = months.map((month) => ({
    month,
    incidents: onPage.filter((i) => dateIn(i.startedAt.getTime(), timeZone).startsWith(month)),
  }));
  const older = from > createdAt && page < MAX_HISTORY_PAGE;
  return rendered("html", historyPage(data, view, byMonth, { page, older }));
}
