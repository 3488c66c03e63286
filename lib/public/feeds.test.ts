import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { escapeHtml } from "@/lib/content/html";
import { markdownToHtml } from "@/lib/content/markdown";
import { OWNER, setUpOwner, TestClient } from "@/lib/testing/client";

// Text that has broken feeds elsewhere: CDATA terminators (one and several), markup characters
// that stay text, entities written as text, quotes, and text far from ASCII. Each passes the
// content rules, so an editor can publish it.
const WORKSPACE = 'R&amp;D ]]> ]]> <Ops> "Q" \'s';
const TITLES = [
  "Checkout ]]> fails ]]> twice ]]>",
  "]]>]]>]]>",
  "a < b & c > d; 1 <2 && 3 >= 2",
  "&amp; &lt; &#x3c; &#60; &unknown; & ; &",
  "\"double\" and 'single' quotes",
  "Émoji 😀 ùñíçødé — 中文 עברית \u2028 \u2029 \u00a0 \ud83c\udff3\ufe0f\u200d\ud83c\udf08",
  "Noncharacters \ufffe and \uffff",
];
// U+FFFE and U+FFFF pass the text rule but are not XML characters: they read back as U+FFFD.
const readBack = (text: string) => text.replace(/[\ufffe\uffff]/g, "\ufffd");
const BODY = [
  "Still ]]> broken ]]> here; a < b && c > d and &amp; &lt; &#60;",
  "",
  "`code ]]> span ]]>`",
  "",
  "```",
  "block ]]> ]]> x ]]>",
  "```",
  "",
  "[link ]]> text ]]>](https://example.com/?q=]]>&x=]]>)",
].join("\n");

// Parsed as strictly as the parser allows: text kept as written (no trimming, no numbers).
const parser = new XMLParser({
  ignoreAttributes: false,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
});

const visitor = new TestClient();

async function feed(path: string) {
  const response = await visitor.get(path);
  expect(response.status, response.text.slice(0, 200)).toBe(200);
  expect(XMLValidator.validate(response.text)).toBe(true);
  return parser.parse(response.text);
}

beforeAll(async () => {
  const { client } = await setUpOwner({ ...OWNER, workspaceName: WORKSPACE });
  for (const title of TITLES) {
    const created = await client.post("/v1/incidents", {
      title,
      impact: "minor",
      body: BODY,
      visibility: "published",
    });
    expect(created.status, created.text).toBe(201);
  }
});

describe("the feeds, whatever the published text", () => {
  it("RSS is well-formed XML whose every text reads back as it was written", async () => {
    const channel = (await feed("/history.rss")).rss.channel;
    expect(channel.title).toBe(`${WORKSPACE} status`);
    expect(channel.copyright).toBe(WORKSPACE);
    const items = [channel.item].flat() as Record<string, string>[];
    expect(items.map((item) => item.title).sort()).toEqual(TITLES.map(readBack).sort());
    for (const item of items) {
      // A feed reader reads the description as HTML: escaped, it shows exactly the text.
      expect(item.description).toBe(escapeHtml(`Investigating: ${BODY}`));
      expect(item["content:encoded"]).toContain(markdownToHtml(BODY).value);
    }
  });

  it("Atom is well-formed XML whose every text reads back as it was written", async () => {
    const atom = (await feed("/history.atom")).feed;
    expect(atom.title).toBe(`${WORKSPACE} status`);
    expect(atom.rights).toBe(WORKSPACE);
    const entries = [atom.entry].flat() as Record<string, { "#text": string; "@_type": string }>[];
    expect(entries.map((entry) => entry.title!["#text"]).sort()).toEqual(
      TITLES.map(readBack).sort(),
    );
    for (const entry of entries) {
      expect(entry.title!["@_type"]).toBe("text");
      expect(entry.summary).toEqual({ "#text": `Investigating: ${BODY}`, "@_type": "text" });
      expect(entry.content!["@_type"]).toBe("html");
      expect(entry.content!["#text"]).toContain(markdownToHtml(BODY).value);
    }
  });
});
