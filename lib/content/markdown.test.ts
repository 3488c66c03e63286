import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown, markdownToHtml, MAX_NESTING } from "./markdown";

const react = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));
const strings = (text: string) => markdownToHtml(text).value;

const ALLOWED_TAGS = new Set([
  "div",
  "p",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "ul",
  "ol",
  "li",
  "input",
  "pre",
  "code",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "hr",
  "br",
  "strong",
  "em",
  "del",
  "a",
  "span",
]);
const ALLOWED_ATTRIBUTES = new Set([
  "class",
  "href",
  "title",
  "rel",
  "start",
  "type",
  "checked",
  "disabled",
  "readonly",
]);

/** Every element and attribute in the markup is one the renderer means to produce. */
function assertInert(markup: string) {
  for (const [, name, attributes] of markup.matchAll(/<\/?([a-zA-Z0-9-]+)([^>]*)>/g)) {
    expect(ALLOWED_TAGS, `element <${name}> in ${markup}`).toContain(name!.toLowerCase());
    const rest = attributes!.replace(/\s([a-zA-Z-]+)(="[^"]*")?/g, (_, attribute: string) => {
      expect(ALLOWED_ATTRIBUTES, `attribute ${attribute} in ${markup}`).toContain(
        attribute.toLowerCase(),
      );
      return "";
    });
    expect(rest.replace(/\/$/, "").trim(), `unparsed attribute text in ${markup}`).toBe("");
  }
  for (const [, href] of markup.matchAll(/href="([^"]*)"/g)) {
    expect(href).toMatch(/^(https?:|mailto:|\/[^/\\]|\/$|#)/i);
  }
}

describe.each([
  ["React elements", react],
  ["an HTML string", strings],
])("Markdown rendered as %s", (_, html) => {
  it.each([
    ["an image whose description is a tag", "![<img src=x onerror=alert(document.domain) ](x)"],
    ["an image whose description closes the tag", '![x" onerror="alert(1)](x)'],
    ["a raw tag", "<img src=x onerror=alert(1)>"],
    ["an unclosed tag", "<img src=x onerror=alert(1) "],
    ["a script block", "<script>alert(1)</script>"],
    ["a javascript: link", "[click](javascript:alert(1))"],
    ["a mixed-case javascript: link", "[click](JaVaScRiPt:alert(1))"],
    ["an entity-encoded javascript: link", "[click](java&#115;cript:alert(1))"],
    ["a javascript: autolink", "<javascript:alert(1)>"],
    ["a data: link", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["a protocol-relative link", "[x](//evil.example)"],
    ["a backslash link", "[x](/\\evil.example)"],
    [
      "a title that closes its attribute",
      '[x](https://example.com "a\\" onmouseover=\\"alert(1)")',
    ],
    ["an anchor tag", '<a href="javascript:alert(1)">x</a>'],
    ["a code span", "`</code><script>alert(1)</script>`"],
    ["a code block", "```\n</code></pre><script>alert(1)</script>\n```"],
    ["a table cell", "| a |\n|---|\n| <img src=x onerror=alert(1)> |"],
    ["entities that spell a tag", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ["an svg", "<svg onload=alert(1)>"],
    ["a link text with a tag", "[<img src=x onerror=alert(1)>](https://example.com)"],
  ])("renders %s as text", (_, text) => {
    const markup = html(text);
    assertInert(markup);
    expect(markup).not.toMatch(/<(img|script|svg|iframe)/i);
  });

  it("keeps what the text means: emphasis, links, lists, tables, code and entities", () => {
    const markup = html(
      [
        "# Impact",
        "**Fixed** the _loader_ ~~today~~; see [status](https://example.com/a?b=1&amp;c=2) and www.example.com.",
        "",
        "3. three",
        "4. four",
        "",
        "- [x] done",
        "",
        "| left | right |",
        "|:-----|------:|",
        "| 1    | 2     |",
        "",
        "> quoted `x < y`",
        "",
        "Fish &amp; chips &copy; &#169; &#x1F600;",
      ].join("\n"),
    );
    assertInert(markup);
    expect(markup).toContain("<h3>Impact</h3>");
    expect(markup).toContain("<strong>Fixed</strong>");
    expect(markup).toContain("<em>loader</em>");
    expect(markup).toContain("<del>today</del>");
    expect(markup).toContain(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener">status</a>',
    );
    expect(markup).toContain('<a href="http://www.example.com"');
    expect(markup).toContain('<ol start="3"><li>three</li><li>four</li></ol>');
    expect(markup).toMatch(
      /<li><input (?=[^>]*type="checkbox")(?=[^>]*disabled)(?=[^>]*checked)[^>]*>done<\/li>/,
    );
    expect(markup).toContain('<th class="align-left">left</th><th class="align-right">right</th>');
    expect(markup).toContain("<blockquote><p>quoted <code>x &lt; y</code></p></blockquote>");
    expect(markup).toContain("Fish &amp; chips © © 😀");
  });

  it("keeps a valid link exactly as written, without encoding it twice", () => {
    const markup = html("[a](https://example.com/a%20b?x=%2F&y=1#top) [b](/incidents/x)");
    expect(markup).toContain('href="https://example.com/a%20b?x=%2F&amp;y=1#top"');
    expect(markup).toContain('href="/incidents/x"');
  });

  it.each([
    ["2,000 nested quotes", ">".repeat(2000) + " deep"],
    ["10,000 nested list markers on a line", "- ".repeat(10_000) + "deep"],
    ["alternating quotes and lists", "> - ".repeat(5000) + "deep"],
    ["6,000 nested ordered lists", "1. ".repeat(6000) + "deep"],
    [
      "a list indented one level per line",
      Array.from({ length: 141 }, (_, i) => "  ".repeat(i) + "- deep").join("\n"),
    ],
  ])("renders %s without overflowing, nested at most MAX_NESTING deep", (_, text) => {
    const markup = html(text);
    expect(markup).toContain("deep");
    let depth = 0;
    let deepest = 0;
    for (const [tag] of markup.matchAll(/<\/?(blockquote|ul|ol)>/g)) {
      depth += tag.startsWith("</") ? -1 : 1;
      deepest = Math.max(deepest, depth);
    }
    expect(deepest).toBeGreaterThan(1);
    expect(deepest).toBeLessThanOrEqual(MAX_NESTING * 2);
  });
});
