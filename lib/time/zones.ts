/**
 * Wall clocks in named IANA zones: an instant's reading and offset in a zone, and a
 * datetime-local value (`2030-03-01T02:00`) to and from a UTC instant. Only
 * `Intl.DateTimeFormat` knows the zones' rules, so no zone data ships with the page. Pure: the
 * public page's days and the dashboard's forms both use it.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const INPUT = /^(\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    // h23: midnight is 00, where some engines write 24 with hour12 off.
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, format);
  }
  return format;
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number };

/** The zone's wall clock at an instant, to the second. */
export function wallAt(ms: number, zone: string): Wall & { second: number } {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(ms)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** A wall-clock reading counted as if it were UTC: comparable with others, and offset-free. */
function wallMs({ year, month, day, hour, minute }: Wall, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
export function offsetAt(ms: number, zone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const wall = wallAt(whole, zone);
  return wallMs(wall, wall.second) - whole;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * The UTC instant (ISO 8601) that a datetime-local value means in `zone`, or null when the value
 * is not one.
 *
 * A wall time the clocks skip (the spring-forward gap, 02:30 in Europe/Berlin on its change day)
 * is read with the offset from before the change, so it lands as far past the gap's start as it
 * was written: 02:30 becomes 03:30 summer time. A wall time the clocks show twice (the autumn
 * overlap) means its first occurrence, the one still in summer time. Both are what browsers do
 * with local times and what Temporal calls "compatible", so a window typed into the gap still
 * starts rather than being refused, and the same input always gives the same instant.
 */
export function zonedInputToIso(value: string, zone: string): string | null {
  const match = INPUT.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = { year, month, day, hour, minute };
  const asUtc = wallMs(wall, Number(match[6] ?? 0));
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) {
    return null;
  }
  // Offsets a day either side bracket any one change of the zone's clocks.
  const before = offsetAt(asUtc - DAY, zone);
  const after = offsetAt(asUtc + DAY, zone);
  const fits = [asUtc - before, asUtc - after].filter(
    (instant) => instant + offsetAt(instant, zone) === asUtc,
  );
  // Two fits: the overlap, earlier first. None: the gap, read with the earlier offset.
  const instant = fits.length ? Math.min(...fits) : asUtc - before;
  return new Date(instant).toISOString();
}

/** What a datetime-local input shows, in `zone`, for an instant; "" for a value that is none. */
export function isoToZonedInput(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  const { year, month, day, hour, minute } = wallAt(ms, zone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

/** An instant's wall clock in `zone`, counted as if it were UTC: a "floating" time. */
export function floatingAt(ms: number, zone: string): number {
  const wall = wallAt(ms, zone);
  return wallMs(wall, wall.second);
}

/** The instant a floating time means in `zone`, read as a typed value is (gap forward, overlap first). */
export function instantOfFloating(floating: number, zone: string): number {
  return Date.parse(zonedInputToIso(new Date(floating).toISOString().slice(0, 19), zone)!);
}
