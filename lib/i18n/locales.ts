/**
 * The languages the public page, the subscription pages, subscribers' email and the feeds speak.
 * Plain data, no server code.
 */
export const LOCALES = ["en", "de", "fr", "es", "pt-BR", "ja"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language in its own words, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  ja: "日本語",
};

const BY_LOWER = new Map<string, Locale>(LOCALES.map((locale) => [locale.toLowerCase(), locale]));
const BY_LANGUAGE = new Map<string, Locale>(
  LOCALES.map((locale) => [locale.split("-")[0]!.toLowerCase(), locale]),
);

/**
 * The locale a language tag names: the same tag in any case (`pt-br`), else the locale of its
 * language (`de-AT` → `de`, `pt-PT` → `pt-BR`); null for a language not spoken here.
 */
export function localeOf(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase().replaceAll("_", "-");
  return BY_LOWER.get(lower) ?? BY_LANGUAGE.get(lower.split("-")[0]!) ?? null;
}

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/**
 * The locale an `Accept-Language` header prefers (RFC 9110 §12.5.4): the tags by weight,
 * highest first, the first one spoken here wins; `*` and q=0 choose nothing. Null when none is.
 */
export function preferredLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .slice(0, 32)
    .map((part, index) => {
      const [tag = "", ...parameters] = part.split(";");
      const quality = parameters.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
      const weight = quality === undefined ? 1 : Number(quality.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0 && entry.tag && entry.tag !== "*")
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = localeOf(tag);
    if (locale) return locale;
  }
  return null;
}
