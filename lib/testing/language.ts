import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { en } from "@/lib/i18n/messages/en";
import { CATALOGS } from "@/lib/i18n/translate";

/** Any message key, as it would show if a lookup failed and the key itself were printed. */
export const MESSAGE_KEY = new RegExp(
  `\\b(${Object.keys(en)
    .map((key) => key.replace(".", "\\."))
    .join("|")})\\b`,
);

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/** The words a reader sees in an HTML answer: tags dropped, entities read. */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => entities[name]!)
    .replace(/\s+/g, " ");
}

/** Every element of an ICU message, those inside each branch of a plural or select included. */
export function elementsOf(message: string): MessageFormatElement[] {
  const found: MessageFormatElement[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      found.push(element);
      if ("options" in element) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message));
  return found;
}

/** The fixed pieces of a message: its literal text, 12 characters or more, in every branch. */
const piecesOf = (message: string) =>
  elementsOf(message)
    .flatMap((element) => (element.type === TYPE.literal ? [element.value.trim()] : []))
    .filter((piece) => piece.length >= 12);

const englishPieces = [...new Set(Object.values(en).flatMap(piecesOf))];
const catalogueText = new Map(
  LOCALES.map((locale) => [locale, Object.values(CATALOGS[locale]).join("\n")]),
);

/**
 * The English wording that `locale` says otherwise and that still appears in `text`: a message
 * that fell back to English, or English written around the catalogue.
 */
export function englishIn(locale: Locale, text: string): string[] {
  if (locale === "en") return [];
  const catalogue = catalogueText.get(locale)!;
  return englishPieces.filter((piece) => text.includes(piece) && !catalogue.includes(piece));
}

/** What is wrong with `text` as a rendering in `locale`: keys shown and English left in. */
export function notWrittenIn(locale: Locale, text: string): string[] {
  const key = MESSAGE_KEY.exec(text);
  return [...(key ? [`key ${key[0]}`] : []), ...englishIn(locale, text)];
}
