import type { ComponentStatus } from "@/lib/components/schemas";
import { worse } from "@/lib/status/labels";
import type { DayRange } from "./days";

/** How much of the time a status counts as down (as Statuspage counts it). */
export const DOWNTIME_WEIGHT: Record<ComponentStatus, number> = {
  operational: 0,
  under_maintenance: 0,
  degraded_performance: 0,
  partial_outage: 0.3,
  major_outage: 1,
};

/** A status a component took at an instant (its history, oldest first). */
export type StatusPoint = { at: number; status: ComponentStatus };

/**
 * One day of a bar: the worst status it held, its uptime and its down time in minutes (weighted
 * as the uptime is); null = no data that day.
 */
export type DayUptime = {
  date: string;
  worst: ComponentStatus | null;
  percent: number | null;
  downMinutes: number | null;
};
export type Uptime = { days: DayUptime[]; percent: number | null };

/** Rounded down, so any downtime at all never reads 100.00 %. */
const percentOf = (down: number, covered: number) =>
  Math.floor((1 - down / covered) * 10_000) / 100;

/**
 * A component's uptime over `days`, from its status history. Time before `since` (when it was
 * created) is no data and left out; so is time after `now`. Down time is weighted by status.
 */
export function componentUptime(
  history: StatusPoint[],
  since: number,
  days: DayRange[],
  now: number,
): Uptime {
  const segments = history.map((point, index) => ({
    from: Math.max(point.at, since),
    to: Math.min(history[index + 1]?.at ?? now, now),
    status: point.status,
  }));
  let totalDown = 0;
  let totalCovered = 0;
  const perDay = days.map(({ date, start, end }): DayUptime => {
    const covered = Math.min(end, now) - Math.max(start, since);
    if (covered <= 0) return { date, worst: null, percent: null, downMinutes: null };
    let down = 0;
    let worst: ComponentStatus = "operational";
    for (const segment of segments) {
      const overlap = Math.min(segment.to, end) - Math.max(segment.from, start);
      if (overlap <= 0) continue;
      down += overlap * DOWNTIME_WEIGHT[segment.status];
      worst = worse(worst, segment.status);
    }
    totalDown += down;
    totalCovered += covered;
    return {
      date,
      worst,
      percent: percentOf(down, covered),
      // Rounded up, as uptime is rounded down: any downtime never reads "no downtime".
      downMinutes: Math.ceil(down / 60_000),
    };
  });
  return { days: perDay, percent: totalCovered > 0 ? percentOf(totalDown, totalCovered) : null };
}

const mean = (values: number[]) =>
  values.length
    ? Math.floor((values.reduce((sum, value) => sum + value, 0) / values.length) * 100) / 100
    : null;

/** A group's uptime: the mean of its components', day by day; a day's colour is the worst. */
export function groupUptime(children: Uptime[], days: DayRange[]): Uptime {
  const perDay = days.map(({ date }, index): DayUptime => {
    const present = children.map((child) => child.days[index]!).filter((d) => d.worst !== null);
    return {
      date,
      worst: present.length
        ? present.reduce<ComponentStatus>((w, d) => worse(w, d.worst!), "operational")
        : null,
      percent: mean(present.map((d) => d.percent!)),
      downMinutes: present.length
        ? Math.ceil(present.reduce((sum, d) => sum + d.downMinutes!, 0) / present.length)
        : null,
    };
  });
  const percents = children.map((child) => child.percent).filter((p): p is number => p !== null);
  return { days: perDay, percent: mean(percents) };
}
