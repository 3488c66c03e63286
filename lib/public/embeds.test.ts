import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOGS } from "@/lib/i18n/translate";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { publicSnapshot } from "./snapshot";

// What other sites embed and robots read: badges, the widget's JSON, /embed, robots.txt and
// the sitemap; and the day pages the bars link to.
let admin: TestClient;
const visitor = new TestClient();
const ids: Record<string, string> = {};
const parser = new XMLParser({ ignoreAttributes: false });
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** A badge's two texts, as an SVG reader sees them. */
async function badge(path: string) {
  const response = await visitor.get(path);
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/svg+xml");
  expect(XMLValidator.validate(response.text)).toBe(true);
  const svg = parser.parse(response.text).svg;
  const texts = svg.g[1].text.map((t: { "#text": string }) => t["#text"]);
  expect(svg["@_aria-label"]).toBe(`${texts[0]}: ${texts[1]}`);
  return { texts, fill: svg.g[0].rect[1]["@_fill"], response };
}

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
  ids.web = (await admin.post("/v1/components", { name: "Web" })).body.id;
  ids.api = (await admin.post("/v1/components", { name: "API" })).body.id;
});

describe("badges", () => {
  it("say the overall status, in the rule's words, and change with it", async () => {
    const quiet = await badge("/badge/status.svg");
    expect(quiet.texts).toEqual(["status", "Operational"]);
    expect(quiet.response.headers.get("etag")).toMatch(/^"/);
    expect(quiet.response.headers.get("access-control-allow-origin")).toBe("*");
    const revalidated = await visitor.get("/badge/status.svg", {
      headers: { "if-none-match": quiet.response.headers.get("etag")! },
    });
    expect(revalidated.status).toBe(304);
    const incident = await admin.post("/v1/incidents", {
      title: "Down",
      impact: "critical",
      visibility: "published",
      body: "Everything is down.",
      components: [{ componentId: ids.api, status: "major_outage" }],
    });
    ids.incident = incident.body.id;
    const down = await badge("/badge/status.svg");
    expect(down.texts).toEqual(["status", "Critical Service Outage"]);
    expect(down.fill).toBe("#c53030");
    expect((await badge("/badge/status.svg?locale=de")).texts[0]).toBe("Status");
  });

  it("give a component's uptime, or every component's, over 1 to 90 days", async () => {
    const web = await badge(`/badge/uptime.svg?component=${ids.web}&days=7`);
    expect(web.texts).toEqual(["uptime", "100.00 %"]);
    const api = await badge(`/badge/uptime.svg?component=${ids.api!.toUpperCase()}`);
    expect(api.texts[1]).toMatch(/^\d{1,2}\.\d\d %$/);
    expect((await badge("/badge/uptime.svg")).texts[0]).toBe("uptime");
    // Written in the page's language, whatever the reader's browser asks: they sit on other sites.
    const asked = await visitor.get("/badge/status.svg", { headers: { "accept-language": "ja" } });
    expect(asked.text).toContain("<title>status: ");
    expect(asked.headers.get("vary") ?? "").not.toContain("Accept-Language");
    for (const [path, status, code] of [
      ["/badge/uptime.svg?days=0", 400, "invalid_days"],
      ["/badge/uptime.svg?days=91", 400, "invalid_days"],
      ["/badge/uptime.svg?days=7.5", 400, "invalid_days"],
      [`/badge/uptime.svg?component=${crypto.randomUUID()}`, 404, "component_not_found"],
      ["/badge/uptime.svg?component=nonsense", 404, "component_not_found"],
      ["/badge/other.svg", 404, "not_found"],
    ] as const) {
      const refused = await visitor.get(path);
      expect(refused.status, path).toBe(status);
      expect(refused.headers.get("content-type")).toBe("application/problem+json");
      expect(refused.body.code, path).toBe(code);
    }
  });

  it("keep no answer per question a client invents", async () => {
    await visitor.get("/badge/uptime.svg");
    const before = (await publicSnapshot()).rendered.size;
    for (let days = 1; days <= 90; days++) {
      for (const id of [ids.web!, ids.api!]) {
        expect((await visitor.get(`/badge/uptime.svg?component=${id}&days=${days}`)).status).toBe(
          200,
        );
      }
    }
    expect((await publicSnapshot()).rendered.size).toBe(before);
  });
});

describe("the widget", () => {
  it("answers the status, the active incidents and the page's address, to any origin", async () => {
    const response = await visitor.get("/widget.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.body).toEqual({
      page: { name: "Acme", url: "http://localhost:3000/", updatedAt: expect.any(String) },
      locale: "en",
      status: { indicator: "critical", description: "Critical Service Outage" },
      incidents: [
        {
          id: ids.incident,
          name: "Down",
          status: "investigating",
          impact: "critical",
          url: `http://localhost:3000/incidents/${ids.incident}`,
          updatedAt: expect.any(String),
        },
      ],
      maintenances: [],
    });
  });

  it("speaks the visitor's language, or the one asked for, with links that keep it", async () => {
    const german = await visitor.get("/widget.json", { headers: { "accept-language": "de" } });
    expect(german.body.locale).toBe("de");
    expect(german.body.status.description).toBe(CATALOGS.de["overall.critical"]);
    expect(german.headers.get("vary")).toBe("Accept-Encoding, Accept-Language");
    const japanese = await visitor.get("/widget.json?locale=ja");
    expect(japanese.body.status.description).toBe(CATALOGS.ja["overall.critical"]);
    expect(japanese.body.page.url).toBe("http://localhost:3000/?locale=ja");
    expect(japanese.body.incidents[0].url).toBe(
      `http://localhost:3000/incidents/${ids.incident}?locale=ja`,
    );
  });

  it("/embed is the one page other sites may frame", async () => {
    const embed = await visitor.get("/embed");
    expect(embed.status).toBe(200);
    expect(embed.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(embed.text).toContain("Critical Service Outage");
    expect(embed.text).toContain("1 active incident");
    expect(embed.text).toContain('target="_blank"');
    const page = await visitor.get("/");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("robots and the sitemap", () => {
  it("let the public pages be indexed and list them", async () => {
    const robots = await visitor.get("/robots.txt");
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(robots.text).toContain("Disallow: /dashboard");
    expect(robots.text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    const sitemap = await visitor.get("/sitemap.xml");
    expect(XMLValidator.validate(sitemap.text)).toBe(true);
    const urls = parser.parse(sitemap.text).urlset.url;
    const locs = urls.map((u: { loc: string }) => u.loc);
    expect(locs).toContain("http://localhost:3000/");
    expect(locs).toContain(`http://localhost:3000/incidents/${ids.incident}`);
    expect(urls[0]["xhtml:link"]).toHaveLength(6);
  });
});

describe("the days of the bars", () => {
  it("each have a page with the components' uptime and the day's incidents", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const page = await visitor.get(`/history/${today}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<a href="/incidents/${ids.incident}">Down</a>`);
    expect(page.text).toMatch(/class="status s-major_outage">.*Major outage/s);
    // Today is the bars' last day: it leads back, not on.
    expect(page.text).toContain(`href="/history/${yesterday()}">← Previous day</a>`);
    expect(page.text).not.toContain("Next day");
    const old = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    for (const day of [old, "2026-02-30", "yesterday", "2999-01-01"]) {
      expect((await visitor.get(`/history/${day}`)).status, day).toBe(404);
    }
  });

  it("are linked from the bars, with the day's incidents for the popover", async () => {
    const { text } = await visitor.get("/");
    const data = JSON.parse(
      /<script type="application\/json" id="day-data">(.*?)<\/script>/s.exec(text)![1]!,
    );
    expect(data.items).toEqual([["incident", `/incidents/${ids.incident}`, "Down"]]);
    const today = new Date().toISOString().slice(0, 10);
    // The API's bar names the incident on its last day; Web's does not (it is not affected).
    expect(text).toMatch(
      new RegExp(
        `href="/history/${today}" aria-label="[^"]+"( data-down="[^"]+")? data-items="0">`,
      ),
    );
    expect(text.match(/data-items="0"/g)).toHaveLength(1);
  });
});
