import { Lexer, type Token, type Tokens } from "marked";
import { createElement, Fragment, type ReactNode } from "react";
import { escapeHtml, SafeHtml } from "./html";

/**
 * The one Markdown renderer: dashboard, public pages, feeds and email all show incident and
 * maintenance text through it. One walk over marked's tokens builds either React elements or
 * HTML whose every text is escaped, so text is always text: no input can produce markup it does
 * not mean, whatever the API let through when it was stored.
 */

/** Deepest nesting of quotes and lists kept; deeper prefixes are flattened to this depth. */
export const MAX_NESTING = 8;
const MAX_INDENT = MAX_NESTING * 2;

// Links keep to the web, mail and this site; `//host` and `/\host` would leave the site unseen.
const SAFE_URL = /^(https?:|mailto:|\/(?![/\\])|#)/i;
// What a browser's URL parser drops before it reads an address (WHATWG URL, basic URL parser):
// C0 controls and spaces at either end, then tab, line feed and carriage return anywhere, so
// `/<tab>/host` is `//host` to it. The rule judges what is left, which is what the link holds.
const URL_ENDS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const URL_TAB_OR_NEWLINE = /[\t\n\r]/g;

// A line's container prefix: indentation, then quote markers and list markers.
const CONTAINER_PREFIX = /^([ \t]*)((?:(?:>|[-+*](?=[ \t])|\d{1,9}[.)](?=[ \t]))[ \t]*)+)/;
const CONTAINER_MARKER = /(?:>|[-+*](?=[ \t])|\d{1,9}[.)](?=[ \t]))[ \t]*/g;

/**
 * Caps how deep quotes and lists nest, before the lexer sees the text: marked recurses once per
 * level (2,000 `>` overflow its stack) and nested lists cost it quadratic time.
 */
function capNesting(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      const indentMatch = /^[ \t]*/.exec(line)![0];
      let capped =
        indentMatch.length > MAX_INDENT ? line.slice(indentMatch.length - MAX_INDENT) : line;
      const prefix = CONTAINER_PREFIX.exec(capped);
      if (prefix) {
        const markers = prefix[2]!.match(CONTAINER_MARKER)!;
        if (markers.length > MAX_NESTING) {
          capped =
            prefix[1]! + markers.slice(0, MAX_NESTING).join("") + capped.slice(prefix[0].length);
        }
      }
      return capped;
    })
    .join("\n");
}

// A Map, so that a name every object inherits (`&constructor;`) is no entity.
const NAMED_ENTITIES = new Map<string, string>([
  ["amp", "&"],
  ["lt", "<"],
  ["gt", ">"],
  ["quot", '"'],
  ["apos", "'"],
  ["nbsp", "\u00a0"],
  ["copy", "©"],
  ["reg", "®"],
  ["trade", "™"],
  ["hellip", "…"],
  ["mdash", "—"],
  ["ndash", "–"],
  ["laquo", "«"],
  ["raquo", "»"],
  ["middot", "·"],
  ["bull", "•"],
  ["deg", "°"],
  ["times", "×"],
  ["euro", "€"],
  ["pound", "£"],
]);

/** Markdown keeps character references in text; React would show them as typed. */
function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1));
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : "\ufffd";
    }
    return NAMED_ENTITIES.get(name.toLowerCase()) ?? whole;
  });
}

/**
 * A link's destination as the address a browser will follow, or null when that address leads
 * anywhere but the web, mail or this site.
 */
function safeHref(destination: string): string | null {
  const href = decodeEntities(destination).replace(URL_ENDS, "").replace(URL_TAB_OR_NEWLINE, "");
  return SAFE_URL.test(href) ? href : null;
}

const ALIGN_CLASS = { left: "align-left", center: "align-center", right: "align-right" } as const;

type Props = Record<string, string | number | boolean | undefined> | null;

/** What the token walker builds with: React elements for pages, escaped HTML for the rest. */
type Builder<N> = {
  element(type: string, props: Props, children: N[], key: number): N;
  fragment(children: N[], key: number): N;
  text(value: string): N;
};

function walk<N>(build: Builder<N>, tokens: Token[] | undefined, depth: number): N[] {
  return (tokens ?? []).map((token, index) => renderToken(build, token, depth, index));
}

function renderToken<N>(build: Builder<N>, token: Token, depth: number, key: number): N {
  // The lexer's own nesting is capped by capNesting; inline nesting (links in emphasis in …)
  // is bounded here, where anything deeper is shown as the text it was written as.
  if (depth > MAX_NESTING * 4) return build.text(token.raw);
  const children = (tokens: Token[] | undefined) => walk(build, tokens, depth + 1);
  const el = (type: string, props: Props, kids: N[] = []) => build.element(type, props, kids, key);
  switch (token.type) {
    case "paragraph":
      return el("p", null, children((token as Tokens.Paragraph).tokens));
    case "heading": {
      // Headings sit below the page's own (title h1, sections h2).
      const level = Math.min(6, (token as Tokens.Heading).depth + 2);
      return el(`h${level}`, null, children((token as Tokens.Heading).tokens));
    }
    case "blockquote":
      return el("blockquote", null, children((token as Tokens.Blockquote).tokens));
    case "list": {
      const list = token as Tokens.List;
      const start = list.ordered && typeof list.start === "number" && list.start !== 1;
      return el(
        list.ordered ? "ol" : "ul",
        start ? { start: list.start as number } : null,
        list.items.map((item, index) => renderToken(build, item, depth + 1, index)),
      );
    }
    case "list_item":
      return el("li", null, children((token as Tokens.ListItem).tokens));
    case "checkbox":
      return el("input", {
        type: "checkbox",
        checked: (token as Tokens.Checkbox).checked,
        disabled: true,
        readOnly: true,
      });
    case "code":
      return el("pre", null, [
        build.element("code", null, [build.text((token as Tokens.Code).text)], 0),
      ]);
    case "table": {
      const table = token as Tokens.Table;
      const cell = (c: Tokens.TableCell, index: number) =>
        build.element(
          c.header ? "th" : "td",
          { className: c.align ? ALIGN_CLASS[c.align] : undefined },
          children(c.tokens),
          index,
        );
      return el("table", null, [
        build.element("thead", null, [build.element("tr", null, table.header.map(cell), 0)], 0),
        build.element(
          "tbody",
          null,
          table.rows.map((row, index) => build.element("tr", null, row.map(cell), index)),
          1,
        ),
      ]);
    }
    case "hr":
      return el("hr", null);
    case "br":
      return el("br", null);
    case "strong":
      return el("strong", null, children((token as Tokens.Strong).tokens));
    case "em":
      return el("em", null, children((token as Tokens.Em).tokens));
    case "del":
      return el("del", null, children((token as Tokens.Del).tokens));
    case "codespan":
      return el("code", null, [build.text((token as Tokens.Codespan).text)]);
    case "link": {
      const link = token as Tokens.Link;
      const href = safeHref(link.href);
      const text = children(link.tokens);
      if (href === null) return el("span", null, text);
      return el(
        "a",
        {
          href,
          title: link.title ? decodeEntities(link.title) : undefined,
          rel: "nofollow noopener",
        },
        text,
      );
    }
    case "image":
      // Images are not shown (no tracking pixels on the page); their description is.
      return build.text(decodeEntities((token as Tokens.Image).text));
    case "text": {
      const text = token as Tokens.Text;
      return text.tokens
        ? build.fragment(children(text.tokens), key)
        : build.text(decodeEntities(text.text));
    }
    case "escape":
      return build.text((token as Tokens.Escape).text);
    case "html":
      // HTML is refused when posted; anything stored before is shown as the text it is.
      return build.text((token as Tokens.HTML).text);
    case "space":
    case "def":
      return build.fragment([], key);
    default:
      return build.text("raw" in token ? token.raw : "");
  }
}

/** The tokens of a Markdown text, or null when it cannot be parsed. */
function lex(text: string): Token[] | null {
  try {
    return new Lexer({ gfm: true, breaks: true }).lex(capNesting(text));
  } catch {
    return null;
  }
}

const reactBuilder: Builder<ReactNode> = {
  element: (type, props, children, key) => createElement(type, { key, ...props }, ...children),
  fragment: (children, key) => createElement(Fragment, { key }, ...children),
  text: (value) => value,
};

const VOID_ELEMENTS = new Set(["br", "hr", "input"]);
const ATTRIBUTE_NAMES: Record<string, string> = { className: "class", readOnly: "readonly" };

const htmlBuilder: Builder<string> = {
  element: (type, props, children) => {
    const attributes = Object.entries(props ?? {})
      .filter(([, value]) => value !== undefined && value !== false)
      .map(([name, value]) => {
        const attribute = ATTRIBUTE_NAMES[name] ?? name;
        return value === true ? ` ${attribute}` : ` ${attribute}="${escapeHtml(String(value))}"`;
      })
      .join("");
    return VOID_ELEMENTS.has(type)
      ? `<${type}${attributes}>`
      : `<${type}${attributes}>${children.join("")}</${type}>`;
  },
  fragment: (children) => children.join(""),
  text: escapeHtml,
};

/** Paragraphs of plain text, for a text the lexer could not parse. */
function plain<N>(build: Builder<N>, text: string): N[] {
  return text
    .split(/\n{2,}/)
    .map((paragraph, index) => build.element("p", null, [build.text(paragraph)], index));
}

/** Markdown text as React elements; text that cannot be parsed is shown as it is. */
export function renderMarkdown(text: string): ReactNode {
  const tokens = lex(text);
  return tokens ? walk(reactBuilder, tokens, 0) : plain(reactBuilder, text);
}

/** The same Markdown as an HTML string, for pages and messages rendered without React. */
export function markdownToHtml(text: string): SafeHtml {
  const tokens = lex(text);
  const parts = tokens ? walk(htmlBuilder, tokens, 0) : plain(htmlBuilder, text);
  return new SafeHtml(`<div class="markdown">${parts.join("")}</div>`);
}

export function Markdown({ text }: { text: string }) {
  return <div className="markdown">{renderMarkdown(text)}</div>;
}
