import {
  DEFAULT_LOCALE,
  LOCALES,
  localeOf,
  preferredLocale,
  type Locale,
} from "@/lib/i18n/locales";
import { translator, type Translator } from "@/lib/i18n/translate";

/**
 * The language a public answer is written in and how it was chosen: `?locale=` (explicit, and
 * kept by every link of the page), else the visitor's `Accept-Language`, else the workspace's
 * default language.
 */
export type Language = { locale: Locale; explicit: boolean };

/** What a page is written for: its language, its words and its own links. */
export type View = Language & {
  tr: Translator;
  /** An address of this site, keeping an explicitly chosen language. */
  link(path: string): string;
};

/** The language a request asks for; `fallback` when it names none spoken here. */
export function languageOf(
  search: URLSearchParams,
  acceptLanguage: string | null | undefined,
  fallback: Locale = DEFAULT_LOCALE,
): Language {
  const asked = localeOf(search.get("locale"));
  if (asked) return { locale: asked, explicit: true };
  return { locale: preferredLocale(acceptLanguage) ?? fallback, explicit: false };
}

export function viewOf({ locale, explicit }: Language): View {
  return {
    locale,
    explicit,
    tr: translator(locale),
    link: explicit ? (path) => withLocale(path, locale) : (path) => path,
  };
}

/** An address with `?locale=` set (replacing one it had). */
export function withLocale(path: string, locale: Locale): string {
  const [pathname = "/", query = ""] = path.split("?");
  const params = new URLSearchParams(query);
  params.set("locale", locale);
  return `${pathname}?${params.toString()}`;
}

/** The key an answer is kept under in one language. */
export const keyIn = (language: Language, key: string) =>
  `${language.locale}${language.explicit ? "!" : ""}:${key}`;

export { LOCALES };
