import { TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { elementsOf } from "@/lib/testing/language";
import { LOCALES, localeOf, preferredLocale } from "./locales";
import { en, type MessageKey } from "./messages/en";
import { CATALOGS, translator } from "./translate";

/** The arguments a message takes, by name and kind. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  for (const element of elementsOf(message)) {
    if ("value" in element && element.type !== TYPE.literal) {
      found.add(`${String(element.value)}:${element.type}`);
    }
  }
  return [...found].sort();
}

// Words that are the same in a language as in English (format names, placeholders only).
const SAME_AS_ENGLISH = new Set([
  "page.rss",
  "page.atom",
  "bar.problemDay",
  "de:mail.status",
  "de:page.siteLinks",
  "fr:mail.impact",
  "pt-BR:badge.status",
  "pt-BR:mail.status",
  "pt-BR:page.siteLinks",
  "text.labelled",
  "text.heading",
  "text.percent",
]);

describe("the catalogs", () => {
  const keys = Object.keys(en) as MessageKey[];

  it.each(LOCALES.filter((l) => l !== "en"))(
    "%s has every key of English, no other, each translated, with the same arguments",
    (locale) => {
      const catalog = CATALOGS[locale];
      expect(Object.keys(catalog).sort()).toEqual([...keys].sort());
      const untranslated = keys.filter(
        (key) =>
          catalog[key] === en[key] &&
          !SAME_AS_ENGLISH.has(key) &&
          !SAME_AS_ENGLISH.has(`${locale}:${key}`),
      );
      expect(untranslated).toEqual([]);
      for (const key of keys) {
        expect(argumentsOf(catalog[key]), `${locale} ${key}`).toEqual(argumentsOf(en[key]));
      }
    },
  );

  it.each(LOCALES)("%s formats every message, plurals at 0, 1, 2 and 5", (locale) => {
    const { t } = translator(locale);
    for (const key of keys) {
      for (const count of [0, 1, 2, 5]) {
        const values = Object.fromEntries(
          argumentsOf(en[key]).map((argument) => {
            const [name, kind] = argument.split(":");
            return [name, Number(kind) === TYPE.plural ? count : `«${name}»`];
          }),
        );
        const text = t(key, values);
        expect(text, `${locale} ${key}`).not.toBe("");
        expect(text, `${locale} ${key}`).not.toMatch(/[{}]/);
      }
    }
  });
});

describe("choosing a language", () => {
  it.each([
    ["de", "de"],
    ["DE-at", "de"],
    ["pt", "pt-BR"],
    ["pt-PT", "pt-BR"],
    ["pt_br", "pt-BR"],
    ["ja-JP", "ja"],
    ["zh", null],
    ["", null],
  ])("the tag %j is %j", (tag, locale) => {
    expect(localeOf(tag)).toBe(locale);
  });

  it.each([
    ["de-CH,de;q=0.9,en;q=0.8", "de"],
    ["zh-CN,zh;q=0.9,fr;q=0.5,en;q=0.3", "fr"],
    ["en;q=0.2, ja", "ja"],
    ["es;q=0, pt-BR;q=0.1", "pt-BR"],
    ["*", null],
    ["zh, ko", null],
    ["de;q=abc, fr", "fr"],
    [null, null],
  ])("Accept-Language %j prefers %j", (header, locale) => {
    expect(preferredLocale(header)).toBe(locale);
  });
});

describe("formatting", () => {
  it("writes numbers, durations, days and times as each language does", () => {
    expect(translator("en").percent(99.5)).toBe("99.50");
    expect(translator("de").percent(99.5)).toBe("99,50");
    expect(translator("en").duration(2 * 3_600_000 + 5 * 60_000)).toBe("2 hr 5 min");
    expect(translator("en").duration(30_000)).toBe("< 1 min");
    expect(translator("en").duration(3 * 86_400_000 + 4 * 3_600_000 + 60_000)).toBe("3 days 4 hr");
    expect(translator("en").duration(86_400_000 + 60_000)).toBe("1 day");
    expect(translator("de").duration(2 * 86_400_000)).toBe("2 Tage");
    expect(translator("de").day("2026-11-20")).toBe("Fr., 20. Nov. 2026");
    expect(translator("ja").month("2026-11")).toBe("2026年11月");
    const at = new Date("2026-11-20T13:05:00Z");
    expect(translator("en").dateTime(at, "Europe/Berlin")).toBe("Nov 20, 2026, 2:05 PM GMT+1");
    expect(translator("fr").dateTime(at, "Etc/UTC")).toBe("20 nov. 2026, 13:05 UTC");
  });

  it("escapes a message as HTML and puts markup arguments in whole", async () => {
    const { html } = await import("@/lib/content/html");
    const { th } = translator("en");
    expect(th("status.affects", { names: "<b>" }).value).toBe("Affects: &lt;b&gt;");
    expect(th("status.updated", { time: html`<time>now</time>` }).value).toBe(
      "Last updated <time>now</time>",
    );
  });
});
