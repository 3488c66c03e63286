import { zonedInputToIso } from "@/lib/time/zones";

export type PeriodKind = "month" | "quarter" | "year" | "custom";
export type PeriodChoice = {
  kind: PeriodKind;
  /** `2026-03` for a month, `2026-Q1` for a quarter, `2026` for a year. */
  period: string;
  /** Custom: first and last day (inclusive), `2026-03-01`. */
  fromDay: string;
  toDay: string;
};

/** The next day's date, or null for what is no date (a browser allows five-digit years). */
const dayAfter = (day: string): string | null => {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** The report's query for a choice, or null while a custom period is incomplete. */
export function reportQuery(
  choice: PeriodChoice,
  zone: string,
  excludeMaintenance: boolean,
): string | null {
  const params = new URLSearchParams({ excludeMaintenance: String(excludeMaintenance) });
  if (choice.kind === "custom") {
    if (!choice.fromDay || !choice.toDay) return null;
    const from = zonedInputToIso(`${choice.fromDay}T00:00`, zone);
    const next = dayAfter(choice.toDay);
    const to = next && zonedInputToIso(`${next}T00:00`, zone);
    if (!from || !to) return null;
    params.set("from", from);
    params.set("to", to);
  } else params.set("period", choice.period);
  return params.toString();
}
