import { wallAt } from "./zones";

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The last whole month (`2026-10`), quarter (`2026-Q3`) or year (`2025`) on the zone's
 * calendar at `now`: the report a form opens on, the one the API answers without a period, and
 * the one mailed each month.
 */
export function lastWholePeriod(kind: "month" | "quarter" | "year", now: number, zone: string) {
  const { year, month } = wallAt(now, zone);
  if (kind === "year") return String(year - 1);
  if (kind === "quarter") {
    const quarter = Math.floor((month - 1) / 3);
    return quarter === 0 ? `${year - 1}-Q4` : `${year}-Q${quarter}`;
  }
  return month === 1 ? `${year - 1}-12` : `${year}-${pad(month - 1)}`;
}
