import {
  DEFAULT_LOCALE,
  LOCALES,
  localeOf,
  preferredLocale,
  type Locale,
} from "@/lib/i18n/locales";
import { config } from "@/lib/config";
import { translator, type Translator } from "@/lib/i18n/translate";

/**
 * The language a public answer is written in and how it was chosen: `?locale=` (explicit, and
 * kept by every link of the page), else the visitor's `Accept-Language`, else the workspace's
 * default language.
 */
export type Language = { locale: Locale; explicit: boolean };

/**
 * Where a status page answers: the path its links start with where it was asked for
 * (`/p/{slug}`, or none at `/` and on the page's own host), the address its absolute links
 * start with (its host when it has one).
 */
export type Site = {
  base: string;
  canonical: string;
  /** A page its reader signed in to: it offers to sign out. */
  signedIn?: boolean;
};

/** What a page is written for: its language, its words and its own links. */
export type View = Language & {
  tr: Translator;
  site: Site;
  /** An address of this page, keeping an explicitly chosen language. */
  link(path: string): string;
  /** The same address, absolute (canonical links, feeds, JSON, mail). */
  url(path: string): string;
  /** An address of this page in another language. */
  linkIn(path: string, locale: Locale): string;
  urlIn(path: string, locale: Locale): string;
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

/** The first page, at `/` of STATUS_PAGE_HOST (or BASE_URL). */
export const rootSite = (): Site => ({
  base: "",
  canonical: config().statusPageUrl,
});

export function viewOf({ locale, explicit }: Language, site: Site = rootSite()): View {
  const link = explicit
    ? (path: string) => withLocale(`${site.base}${path}`, locale)
    : (path: string) => `${site.base}${path}`;
  return {
    locale,
    explicit,
    tr: translator(locale),
    site,
    link,
    url: explicit
      ? (path) => withLocale(`${site.canonical}${path}`, locale)
      : (path) => `${site.canonical}${path}`,
    linkIn: (path, other) => withLocale(`${site.base}${path}`, other),
    urlIn: (path, other) => withLocale(`${site.canonical}${path}`, other),
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
