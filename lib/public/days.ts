/** Calendar days in a time zone, as instants: what the public page's days and bars are made of. */
import { offsetAt, wallAt } from "@/lib/time/zones";

export type DayRange = { date: string; start: number; end: number };

const DAY_MS = 86_400_000;

/** The calendar date (`YYYY-MM-DD`) of an instant in a zone. */
export function dateIn(instant: number, zone: string): string {
  const f = wallAt(instant, zone);
  return `${f.year}-${String(f.month).padStart(2, "0")}-${String(f.day).padStart(2, "0")}`;
}

/** The date `days` after (or before) a date. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant a date's midnight happens in a zone (daylight-saving days included). */
export function startOfDay(date: string, zone: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetAt(guess, zone);
  return guess - offsetAt(first, zone);
}

/** The last `count` days up to and including today, oldest first. */
export function lastDays(now: number, zone: string, count: number): DayRange[] {
  const today = dateIn(now, zone);
  return Array.from({ length: count }, (_, index) => {
    const date = addDays(today, index - count + 1);
    return { date, start: startOfDay(date, zone), end: startOfDay(addDays(date, 1), zone) };
  });
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * An instant as Statuspage writes it: ISO 8601 with milliseconds, in the page's zone with its
 * offset (`2026-11-22T05:46:00.123+01:00`). Tools written for Statuspage often slice the offset.
 */
export function isoInZone(instant: number, zone: string): string {
  const offset = offsetAt(instant, zone);
  const wall = new Date(instant + offset).toISOString().slice(0, 23);
  const minutes = Math.abs(offset) / 60_000;
  return `${wall}${offset < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
