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

  // Whatever the destination spells, the address a browser follows (its own URL parser, which
  // drops tabs and line breaks anywhere and controls and spaces at the ends) is the web, mail or
  // this site: a link to another host names its scheme.
  it.each([
    ["a tab entity", "[x](/&#9;/evil.example)"],
    ["a hexadecimal tab entity", "[x](/&#x9;/evil.example)"],
    ["a line feed entity", "[x](/&#10;/evil.example)"],
    ["a padded line feed entity", "[x](/&#0010;/evil.example)"],
    ["a carriage return entity", "[x](/&#13;/evil.example)"],
    ["all three", "[x](/&#9;&#10;&#13;/evil.example)"],
    ["a named tab", "[x](/&Tab;/evil.example)"],
    ["a named line feed", "[x](/&NewLine;/evil.example)"],
    ["a raw tab", "[x](</\t/evil.example>)"],
    ["a raw tab before the slashes", "[x](<\t//evil.example>)"],
    ["a tab before a backslash", "[x](/&#9;\\evil.example)"],
    ["an entity backslash", "[x](/&#92;evil.example)"],
    ["an entity backslash after a tab", "[x](/&#9;&#92;evil.example)"],
    ["two entity backslashes", "[x](&#92;&#92;evil.example)"],
    ["an escaped slash", "[x](/\\/evil.example)"],
    ["a leading space", "[x](&#32;//evil.example)"],
    ["a leading control", "[x](&#1;//evil.example)"],
    ["leading controls and a tab", "[x](&#31;&#32;/&#9;/evil.example)"],
    ["a leading NUL", "[x](&#0;//evil.example)"],
    ["a reference definition", "[x][r]\n\n[r]: /&#9;/evil.example"],
    ["javascript: split by a tab", "[x](java&#9;script:alert(1))"],
    ["javascript: split by a line feed", "[x](jav&#10;ascript:alert(1))"],
    ["javascript: split by a carriage return", "[x](JAVA&#13;SCRIPT:alert(1))"],
    ["javascript: after a tab", "[x](&#9;javascript:alert(1))"],
    ["javascript: after controls", "[x](&#1;&#2;&#32;javascript:alert(1))"],
    ["javascript: with an entity colon", "[x](javascript&#58;alert(1))"],
    ["javascript: in a raw-tab destination", "[x](<java\tscript:alert(1)>)"],
    ["a data: URL split by a tab", "[x](da&#9;ta:text/html,x)"],
    ["a percent-encoded tab", "[x](/%09/evil.example)"],
    ["a percent-encoded slash", "[x](/%2F/evil.example)"],
  ])("follows %s only to the web, mail or this site", (_, text) => {
    const base = "https://status.example/incidents/1";
    for (const [, href] of html(text).matchAll(/href="([^"]*)"/g)) {
      const written = href!
        .replaceAll("&quot;", '"')
        .replaceAll("&#39;", "'")
        .replaceAll("&lt;", "<")
        .replaceAll("&gt;", ">")
        .replaceAll("&amp;", "&");
      const followed = new URL(written, base);
      expect(["http:", "https:", "mailto:"], written).toContain(followed.protocol);
      if (!/^(https?|mailto):/i.test(written)) {
        expect(followed.origin, `${JSON.stringify(written)} from ${text}`).toBe(
          new URL(base).origin,
        );
      }
    }
  });

  it.each([
    ["[x](/%09/evil.example)", "/%09/evil.example"],
    ["[x](/ok&#9;)", "/ok"],
    ["[x](/o&#10;k)", "/ok"],
    ["[x](&#9;https://example.com/a)", "https://example.com/a"],
    ["[x](h&#9;ttps://example.com/a)", "https://example.com/a"],
    ["[x](mail&#13;to:ops@example.com)", "mailto:ops@example.com"],
    ["[x](&#1;#top)", "#top"],
  ])("links %j to %s, as a browser reads it", (text, href) => {
    expect(html(text)).toContain(`href="${href}"`);
  });

  it.each(["&constructor;", "&__proto__;", "&toString;", "&hasOwnProperty;", "&valueOf;"])(
    "shows %s, a name every object inherits, as the text it is",
    (entity) => {
      const written = entity.replace("&", "&amp;");
      const markup = html(`a ${entity} b [link](/p?${entity} "${entity}") ![${entity}](x)`);
      expect(markup).toContain(`href="/p?${written}"`);
      expect(markup).toContain(`title="${written}"`);
      expect(markup).toContain(`</a> ${written}</p>`);
      expect(markup).not.toMatch(/native code|\[object/);
    },
  );

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
