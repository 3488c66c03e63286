import { IntlMessageFormat } from "intl-messageformat";
import { escapeHtml, SafeHtml } from "@/lib/content/html";
import { de } from "./messages/de";
import { en, type MessageKey, type Messages } from "./messages/en";
import { es } from "./messages/es";
import { fr } from "./messages/fr";
import { ja } from "./messages/ja";
import { ptBR } from "./messages/pt-BR";
import type { Locale } from "./locales";

export type { MessageKey } from "./messages/en";

export const CATALOGS: Record<Locale, Messages> = { en, de, fr, es, "pt-BR": ptBR, ja };

type Value = string | number | Date;
type Values = Record<string, Value>;

/** What the page and the mail say in one language, and how they write numbers, days and times. */
export type Translator = {
  locale: Locale;
  /** A message in ICU message format, its arguments filled in. */
  t(key: MessageKey, values?: Values): string;
  /** As `t`, as HTML: the message is escaped, and SafeHtml arguments go in as markup. */
  th(key: MessageKey, values?: Record<string, Value | SafeHtml>): SafeHtml;
  /** An instant, with day, month, year, time and the zone's abbreviation. */
  dateTime(date: Date, zone: string): string;
  /** A calendar date (`YYYY-MM-DD`) with its weekday. */
  day(date: string): string;
  /** A calendar date (`YYYY-MM-DD`) as day and month in words (no abbreviation's full stop). */
  dayAndMonth(date: string): string;
  /** A month (`YYYY-MM`) as words. */
  month(month: string): string;
  /** A percentage (0–100) with two decimals. */
  percent(value: number): string;
  /** A length of time in its two largest units ("3 days 4 hr", "2 hr 5 min"); "< 1 min". */
  duration(ms: number): string;
  /** Words joined as a list ("A, B and C"). */
  list(items: string[]): string;
};

const MARK = "\u0000";

function buildTranslator(locale: Locale): Translator {
  const messages = CATALOGS[locale];
  const compiled = new Map<MessageKey, IntlMessageFormat>();
  const format = (key: MessageKey, values?: Values) => {
    let message = compiled.get(key);
    if (!message) {
      message = new IntlMessageFormat(messages[key], locale);
      compiled.set(key, message);
    }
    return String(message.format(values));
  };
  // Formats in a zone, made once per zone the page asks for.
  const inZone = (options: Intl.DateTimeFormatOptions) => {
    const made = new Map<string, Intl.DateTimeFormat>();
    return (zone: string) => {
      let formatter = made.get(zone);
      if (!formatter) {
        formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
        made.set(zone, formatter);
      }
      return formatter;
    };
  };
  const dateTimeIn = inZone({ dateStyle: "medium", timeStyle: "short" });
  const zoneNameIn = inZone({ timeZoneName: "short" });
  const zoneName = (date: Date, zone: string) =>
    zoneNameIn(zone)
      .formatToParts(date)
      .find((part) => part.type === "timeZoneName")?.value ?? "";
  const utc = (date: string) => new Date(`${date}T00:00:00Z`);
  const dayFormat = new Intl.DateTimeFormat(locale, {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  const dayAndMonthFormat = new Intl.DateTimeFormat(locale, {
    timeZone: "UTC",
    day: "numeric",
    month: "long",
  });
  const monthFormat = new Intl.DateTimeFormat(locale, {
    timeZone: "UTC",
    month: "long",
    year: "numeric",
  });
  const percentFormat = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const days = new Intl.NumberFormat(locale, { style: "unit", unit: "day", unitDisplay: "long" });
  const hours = new Intl.NumberFormat(locale, {
    style: "unit",
    unit: "hour",
    unitDisplay: "short",
  });
  const minutes = new Intl.NumberFormat(locale, {
    style: "unit",
    unit: "minute",
    unitDisplay: "short",
  });
  const lists = new Intl.ListFormat(locale, { type: "conjunction" });
  const units = new Intl.ListFormat(locale, { type: "unit", style: "narrow" });
  return {
    locale,
    t: format,
    th(key, values = {}) {
      const safe: SafeHtml[] = [];
      const plain: Values = {};
      for (const [name, value] of Object.entries(values)) {
        if (value instanceof SafeHtml) {
          plain[name] = `${MARK}${safe.length}${MARK}`;
          safe.push(value);
        } else plain[name] = value;
      }
      const text = escapeHtml(format(key, plain)).replace(
        new RegExp(`${MARK}(\\d+)${MARK}`, "g"),
        (_, index: string) => safe[Number(index)]!.value,
      );
      return new SafeHtml(text);
    },
    dateTime: (date, zone) => `${dateTimeIn(zone).format(date)} ${zoneName(date, zone)}`,
    day: (date) => dayFormat.format(utc(date)),
    dayAndMonth: (date) => dayAndMonthFormat.format(utc(date)),
    month: (month) => monthFormat.format(utc(`${month}-01`)),
    percent: (value) => percentFormat.format(value),
    duration(ms) {
      const total = Math.floor(ms / 60_000);
      if (total < 1) return `< ${minutes.format(1)}`;
      // The two largest units that are not zero: "3 days 4 hr", "2 hr 5 min", "12 min".
      const parts = [
        [Math.floor(total / 1440), days],
        [Math.floor(total / 60) % 24, hours],
        [total % 60, minutes],
      ] as const;
      const first = parts.findIndex(([value]) => value > 0);
      return units.format(
        parts
          .slice(first, first + 2)
          .filter(([value]) => value > 0)
          .map(([value, unit]) => unit.format(value)),
      );
    },
    list: (items) => lists.format(items),
  };
}

const translators = new Map<Locale, Translator>();

/** The translator of a locale, built once. */
export function translator(locale: Locale): Translator {
  let found = translators.get(locale);
  if (!found) {
    found = buildTranslator(locale);
    translators.set(locale, found);
  }
  return found;
}
