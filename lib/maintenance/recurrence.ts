import { RRule, type Options } from "rrule";
import { floatingAt, instantOfFloating } from "@/lib/time/zones";

const DAY = 24 * 60 * 60_000;

/**
 * The RRULE properties a series may use. The first window gives the day and the time of day
 * (DTSTART, in the workspace's zone), so DTSTART, TZID and the parts that would add times within
 * a day are refused; a window that repeats within hours is not maintenance.
 */
const ALLOWED = new Set([
  "FREQ",
  "INTERVAL",
  "COUNT",
  "UNTIL",
  "BYDAY",
  "BYMONTHDAY",
  "BYMONTH",
  "BYYEARDAY",
  "BYWEEKNO",
  "BYSETPOS",
  "WKST",
]);
const FREQUENCIES = new Map([
  ["DAILY", RRule.DAILY],
  ["WEEKLY", RRule.WEEKLY],
  ["MONTHLY", RRule.MONTHLY],
  ["YEARLY", RRule.YEARLY],
]);

/** The rule in its one written form (`FREQ=WEEKLY;BYDAY=SU`), or why it is not one. */
export function normalizeRecurrence(text: string): { rule: string } | { error: string } {
  const body = text.trim().replace(/^RRULE:/i, "");
  if (!body || /[\r\n]/.test(body))
    return { error: "Must be one RRULE, as `FREQ=WEEKLY;BYDAY=SU`." };
  const names = new Set<string>();
  for (const part of body.split(";")) {
    const [name, value] = part.split("=");
    const key = name?.trim().toUpperCase() ?? "";
    if (!ALLOWED.has(key)) {
      return {
        error: `${key || part} is not allowed here: the first window gives the start day and time; use ${[...ALLOWED].join(", ")}.`,
      };
    }
    if (!value?.trim()) return { error: `${key} needs a value.` };
    if (names.has(key)) return { error: `${key} is given twice.` };
    names.add(key);
  }
  if (!names.has("FREQ")) return { error: "FREQ is required." };
  if (names.has("COUNT") && names.has("UNTIL")) return { error: "Give COUNT or UNTIL, not both." };
  let options: Partial<Options>;
  try {
    options = RRule.parseString(body.toUpperCase());
  } catch (error) {
    return { error: (error as Error).message };
  }
  const freq = /FREQ=([A-Z]+)/i.exec(body)![1]!.toUpperCase();
  if (!FREQUENCIES.has(freq)) return { error: "FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY." };
  if (options.interval !== undefined && !(options.interval >= 1 && options.interval <= 1000)) {
    return { error: "INTERVAL must be 1 to 1000." };
  }
  if (options.count !== undefined && !(options.count! >= 1 && options.count! <= 10_000)) {
    return { error: "COUNT must be 1 to 10000." };
  }
  if (options.until !== undefined && Number.isNaN(options.until?.getTime())) {
    return { error: "UNTIL must be a date or a UTC date-time." };
  }
  try {
    return { rule: new RRule(options).toString().replace(/^RRULE:/, "") };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

export type Recurring = { recurrence: string; timeZone: string; startsAt: Date };

/**
 * The rule over the zone's wall clock: DTSTART is the first window's local start as a floating
 * time, so every occurrence keeps that local time whatever the offset is then; UNTIL, an instant,
 * is moved onto the same clock.
 */
function ruleOf({ recurrence, timeZone, startsAt }: Recurring): RRule {
  const options = RRule.parseString(recurrence);
  return new RRule({
    ...options,
    dtstart: new Date(floatingAt(startsAt.getTime(), timeZone)),
    ...(options.until ? { until: new Date(floatingAt(options.until.getTime(), timeZone)) } : {}),
  });
}

/** The starts the rule gives in [from, to), as instants, at most `limit` of them. */
export function occurrenceStarts(series: Recurring, from: Date, to: Date, limit = 1000): Date[] {
  const zone = series.timeZone;
  // A day either side of the floating bounds covers any offset; the instants are then cut exactly.
  const floating = ruleOf(series).between(
    new Date(floatingAt(from.getTime(), zone) - DAY),
    new Date(floatingAt(to.getTime(), zone) + DAY),
    true,
    (_, index) => index < limit + 2,
  );
  return floating
    .map((date) => instantOfFloating(date.getTime(), zone))
    .filter((ms) => ms >= from.getTime() && ms < to.getTime())
    .slice(0, limit)
    .map((ms) => new Date(ms));
}

/** The first `count` starts from the series' own start. */
export function firstStarts(series: Recurring, count: number): Date[] {
  return ruleOf(series)
    .all((_, index) => index < count)
    .map((date) => new Date(instantOfFloating(date.getTime(), series.timeZone)));
}

/** The shortest time between two consecutive starts among the first hundred; null with fewer than two. */
export function shortestGap(series: Recurring): number | null {
  const starts = firstStarts(series, 100).map((date) => date.getTime());
  let gap: number | null = null;
  for (let i = 1; i < starts.length; i += 1) {
    const between = starts[i]! - starts[i - 1]!;
    if (gap === null || between < gap) gap = between;
  }
  return gap;
}
