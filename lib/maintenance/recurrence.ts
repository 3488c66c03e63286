import { runInNewContext } from "node:vm";
import * as rrule from "rrule";
import { ValidationError } from "@/lib/errors";
import { floatingAt, instantOfFloating } from "@/lib/time/zones";

/**
 * `rrule` ships ES modules for bundlers and one UMD file for Node, whose exports Node cannot name:
 * run as a plain Node process (the checker, the CLIs), the module arrives as `default`.
 */
const { RRule } =
  "RRule" in rrule ? rrule : (rrule as unknown as { default: typeof rrule }).default;

const DAY = 24 * 60 * 60_000;

/** How long one expansion of a rule may run before it counts as one that never ends. */
const BUDGET_MS = 1000;

const DAY_NAME = "(?:MO|TU|WE|TH|FR|SA|SU)";
const integerList = (min: number, max: number, signed: boolean) => (value: string) =>
  value.split(",").every((part) => {
    if (!(signed ? /^[+-]?\d{1,4}$/ : /^\d{1,4}$/).test(part)) return false;
    const n = Math.abs(Number(part));
    return n >= min && n <= max;
  });

/**
 * The RRULE properties a series may use, each with the shape of its value. The first window gives
 * the day and the time of day (DTSTART, in the workspace's zone), so DTSTART, TZID and the parts
 * that would add times within a day are refused: a window that repeats within hours is not
 * maintenance. BYYEARDAY and BYWEEKNO are left out too: with them a rule can match so rarely that
 * finding its windows takes seconds.
 */
const PARTS: Record<string, { check: (value: string) => boolean; expected: string }> = {
  FREQ: {
    check: (v) => /^(DAILY|WEEKLY|MONTHLY|YEARLY)$/.test(v),
    expected: "DAILY, WEEKLY, MONTHLY or YEARLY",
  },
  INTERVAL: { check: integerList(1, 1000, false), expected: "a whole number from 1 to 1000" },
  COUNT: { check: integerList(1, 10_000, false), expected: "a whole number from 1 to 10000" },
  UNTIL: {
    check: (v) => /^\d{8}(T\d{6}Z)?$/.test(v),
    expected: "a date (20301231) or a UTC time (20301231T235959Z)",
  },
  BYDAY: {
    check: (v) =>
      v.split(",").every((part) => {
        const match = new RegExp(`^([+-]?\\d{1,2})?${DAY_NAME}$`).exec(part);
        if (!match) return false;
        const n = match[1] === undefined ? 1 : Math.abs(Number(match[1]));
        return n >= 1 && n <= 53;
      }),
    expected: "days as MO,TU or 1MO,-1FR",
  },
  BYMONTHDAY: {
    check: integerList(1, 31, true),
    expected: "days of the month, 1 to 31 or -1 to -31",
  },
  BYMONTH: { check: integerList(1, 12, false), expected: "months, 1 to 12" },
  BYSETPOS: { check: integerList(1, 366, true), expected: "positions, 1 to 366 or -1 to -366" },
  WKST: { check: (v) => new RegExp(`^${DAY_NAME}$`).test(v), expected: "a day, as MO" },
};

/** The days a month can have at most, February in a leap year. */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Runs `compute` for at most BUDGET_MS, or refuses the rule. A rule whose next match lies
 * thousands of years away makes `rrule` walk every day until then, on the thread that serves
 * every request: the budget stops it (V8 ends the running script, wherever its code was defined).
 */
function withinBudget<T>(compute: () => T): T {
  try {
    return runInNewContext("compute()", { compute }, { timeout: BUDGET_MS }) as T;
  } catch (error) {
    if ((error as { code?: string }).code !== "ERR_SCRIPT_EXECUTION_TIMEOUT") throw error;
    throw ValidationError.field(
      "recurrence",
      "The rule's windows take too long to find: it matches too rarely, or never, after the first window's start.",
    );
  }
}

/** The rule in its one written form (`FREQ=WEEKLY;BYDAY=SU`), or why it is not one. */
export function normalizeRecurrence(text: string): { rule: string } | { error: string } {
  const body = text
    .trim()
    .replace(/^RRULE:/i, "")
    .toUpperCase();
  if (!body || /[\r\n]/.test(body))
    return { error: "Must be one RRULE, as `FREQ=WEEKLY;BYDAY=SU`." };
  const parts = new Map<string, string>();
  for (const part of body.split(";")) {
    const [name = "", value, ...rest] = part.split("=");
    const key = name.trim();
    const part_ = PARTS[key];
    if (!part_) {
      return {
        error: `${key || part} is not allowed here: the first window gives the start day and time; use ${Object.keys(PARTS).join(", ")}.`,
      };
    }
    if (!value?.trim() || rest.length)
      return { error: `${key} needs one value: ${part_.expected}.` };
    if (parts.has(key)) return { error: `${key} is given twice.` };
    if (!part_.check(value.trim())) return { error: `${key} must be ${part_.expected}.` };
    parts.set(key, value.trim());
  }
  if (!parts.has("FREQ")) return { error: "FREQ is required." };
  if (parts.has("COUNT") && parts.has("UNTIL")) return { error: "Give COUNT or UNTIL, not both." };
  const months = parts.get("BYMONTH")?.split(",").map(Number) ?? [1, 3];
  const days = parts
    .get("BYMONTHDAY")
    ?.split(",")
    .map((d) => Math.abs(Number(d))) ?? [1];
  if (!months.some((m) => days.some((d) => d <= MONTH_DAYS[m - 1]!))) {
    return { error: "BYMONTHDAY names no day that BYMONTH's months have." };
  }
  const rule = [...parts].map(([key, value]) => `${key}=${value}`).join(";");
  try {
    RRule.parseString(rule);
  } catch (error) {
    return { error: (error as Error).message };
  }
  return { rule };
}

export type Recurring = { recurrence: string; timeZone: string; startsAt: Date };

/**
 * The rule over the zone's wall clock: DTSTART is the first window's local start as a floating
 * time, so every occurrence keeps that local time whatever the offset is then. UNTIL, a UTC
 * time, is moved onto the same clock; a date alone means the end of that local day.
 */
function ruleOf({ recurrence, timeZone, startsAt }: Recurring): rrule.RRule {
  const options = RRule.parseString(recurrence);
  const until = /UNTIL=(\d{4})(\d{2})(\d{2})(T\d{6}Z)?/.exec(recurrence);
  return new RRule({
    ...options,
    dtstart: new Date(floatingAt(startsAt.getTime(), timeZone)),
    ...(until
      ? {
          until: new Date(
            until[4]
              ? floatingAt(options.until!.getTime(), timeZone)
              : Date.UTC(Number(until[1]), Number(until[2]) - 1, Number(until[3]), 23, 59, 59),
          ),
        }
      : {}),
  });
}

/** The starts the rule gives in [from, to), as instants, at most `limit` of them. */
export function occurrenceStarts(series: Recurring, from: Date, to: Date, limit = 1000): Date[] {
  const zone = series.timeZone;
  // A day either side of the floating bounds covers any offset; the instants are then cut exactly.
  const floating = withinBudget(() =>
    ruleOf(series).between(
      new Date(floatingAt(from.getTime(), zone) - DAY),
      new Date(floatingAt(to.getTime(), zone) + DAY),
      true,
      (_, index) => index < limit + 2,
    ),
  );
  return floating
    .map((date) => instantOfFloating(date.getTime(), zone))
    .filter((ms) => ms >= from.getTime() && ms < to.getTime())
    .slice(0, limit)
    .map((ms) => new Date(ms));
}

/** The first `count` starts from the series' own start. */
export function firstStarts(series: Recurring, count: number): Date[] {
  return withinBudget(() => ruleOf(series).all((_, index) => index < count)).map(
    (date) => new Date(instantOfFloating(date.getTime(), series.timeZone)),
  );
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
