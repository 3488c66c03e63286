/**
 * HTML built from strings, for pages served without React (the public status page, feeds,
 * email): every value put into a template is escaped unless it is already SafeHtml, so text
 * can never become markup. Attribute values must be quoted in the template.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** What a template takes: its kind of safe text as it is, anything else escaped. */
type Part<Safe> =
  Safe | SafeHtml | string | number | null | undefined | false | readonly Part<Safe>[];

/**
 * A tagged template that escapes every value with `escape` unless it is already `Safe` (arrays
 * are joined; null, undefined and false are empty), and answers `Safe`.
 */
function escapingTemplate<Safe extends { readonly value: string }>(
  SafeText: new (value: string) => Safe,
  escape: (text: string) => string,
) {
  const render = (value: Part<Safe>): string => {
    if (value === null || value === undefined || value === false) return "";
    if (value instanceof SafeText) return value.value;
    if (Array.isArray(value)) return (value as readonly Part<Safe>[]).map(render).join("");
    return escape(String(value));
  };
  return (strings: TemplateStringsArray, ...values: Part<Safe>[]): Safe => {
    let out = strings[0]!;
    values.forEach((value, index) => {
      out += render(value) + strings[index + 1]!;
    });
    return new SafeText(out);
  };
}

/** A template whose values are escaped as HTML. */
export const html = escapingTemplate(SafeHtml, escapeHtml);

/**
 * XML built from strings, for the feeds: every value is escaped unless it is already SafeXml
 * (HTML, even SafeHtml, is text in XML and is escaped like any text), and characters XML 1.0
 * cannot carry at all become U+FFFD, so no text can end an element or make the document
 * unreadable. Text is never wrapped in CDATA, which a `]]>` in the text would close.
 */
export class SafeXml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
// Everything outside XML 1.0's Char production: C0 controls but tab, line feed and carriage
// return, U+FFFE, U+FFFF and lone surrogates.
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, "\ufffd").replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

/** A template whose values are escaped as XML; SafeHtml in it is text like any other. */
export const xml = escapingTemplate(SafeXml, escapeXml);
