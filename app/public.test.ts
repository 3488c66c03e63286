import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL } from "@/lib/public/respond";
import { setUpOwner, TestClient } from "@/lib/testing/client";

// The public pages, read as a visitor without an account would: through the real route handlers.
let editor: TestClient;
const visitor = new TestClient();
const ids: Record<string, string> = {};

async function create(path: string, body: unknown) {
  const response = await editor.post(path, body);
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string };
}

const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

async function page(path: string, status = 200) {
  const response = await visitor.get(path);
  expect(response.status, `${path}: ${response.text.slice(0, 200)}`).toBe(status);
  return response;
}

describe("before setup", () => {
  it("says the deployment is not set up and leads to /setup", async () => {
    const response = await page("/");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.text).toContain("has not been set up yet");
    expect(response.text).toContain('href="/setup"');
    expect((await visitor.get("/api/v2/summary.json")).status).toBe(404);
  });
});

describe("after setup", () => {
  beforeAll(async () => {
    ({ client: editor } = await setUpOwner());
    ids.web = (
      await create("/v1/components", { name: "Web <site>", description: "Pages & assets" })
    ).id;
    ids.core = (await create("/v1/component-groups", { name: "Core" })).id;
    ids.api = (await create("/v1/components", { name: "API", groupId: ids.core })).id;
    ids.quiet = (await create("/v1/component-groups", { name: "Quiet group" })).id;
    ids.mail = (await create("/v1/components", { name: "Mail", groupId: ids.quiet })).id;
    ids.incident = (
      await create("/v1/incidents", {
        title: "API errors & timeouts",
        impact: "major",
        body: "We see **errors**; see [details](https://example.com/a%20b) and [x](//evil.example).",
        visibility: "published",
        components: [{ componentId: ids.api, status: "partial_outage" }],
      })
    ).id;
    await editor.post(`/v1/incidents/${ids.incident}/updates`, {
      status: "identified",
      body: "A bad deploy.",
    });
    ids.draft = (
      await create("/v1/incidents", { title: "Secret draft", impact: "minor", body: "Hidden." })
    ).id;
    ids.window = (
      await create("/v1/maintenances", {
        title: "Mail server move",
        body: "Mail may queue.",
        startsAt: soon(86_400_000),
        endsAt: soon(90_000_000),
        componentIds: [ids.mail],
      })
    ).id;
    ids.cancelled = (
      await create("/v1/maintenances", {
        title: "Called off",
        body: "",
        startsAt: soon(86_400_000),
        endsAt: soon(90_000_000),
        componentIds: [],
      })
    ).id;
    await editor.post(`/v1/maintenances/${ids.cancelled}/cancel`);
  });

  it("shows the banner, the active incident with its timeline, maintenance and components", async () => {
    const { text, headers } = await page("/");
    expect(headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(headers.get("content-security-policy")).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(text).toContain("<title>Acme status</title>");
    // A partial outage and a major-impact incident: "major", in the words of the impact.
    expect(text).toMatch(/<h1 id="overall">Major Service Outage<\/h1>/);
    expect(text).toContain('class="banner indicator-major"');
    // The active incident first, with every update newest first, its Markdown rendered safely.
    const active = text.slice(
      text.indexOf('id="active-heading"'),
      text.indexOf('id="maintenance-heading"'),
    );
    expect(active).toContain(`<a href="/incidents/${ids.incident}">API errors &amp; timeouts</a>`);
    expect(active.indexOf("Identified")).toBeLessThan(active.indexOf("Investigating"));
    expect(active).toContain("<strong>errors</strong>");
    expect(active).toContain('href="https://example.com/a%20b"');
    expect(active).not.toContain('evil.example"');
    expect(active).toContain("Affects: API");
    // Upcoming maintenance; never the cancelled window or the draft.
    expect(text).toContain(`<a href="/maintenance/${ids.window}">Mail server move</a>`);
    expect(text).not.toContain("Called off");
    expect(text).not.toContain("Secret draft");
    // Components with status text (not colour alone), escaped names, and uptime bars.
    expect(text).toContain('<span class="component-name">Web &lt;site&gt;</span>');
    expect(text).toContain('<span class="description">Pages &amp; assets</span>');
    expect(text).toMatch(/class="status s-partial_outage">.*Partial outage<\/span>/s);
    expect(text).toContain(
      'role="group" aria-label="Web &lt;site&gt;: 100.00 % uptime over the last 90 days. No problems."',
    );
    // API has been in a partial outage for most of its short life.
    expect(text).toMatch(
      /aria-label="API: \d\d\.\d\d % uptime over the last 90 days\. Days with problems: [^"]+: Partial outage/,
    );
    // Each component's day a link to its page, only today's in the tab order; a group's bar,
    // inside its <summary> (a control itself), is a picture.
    const today = new Date().toISOString().slice(0, 10);
    expect(text.match(/<a class="day /g)?.length).toBe(90 * 3);
    expect(text).toContain(`href="/history/${today}" aria-label=`);
    expect(text.match(/<a class="day [^>]*tabindex="-1"/g)?.length).toBe(89 * 3);
    expect(text).toMatch(/<summary>.*<span class="bar" role="img" aria-label="Core: /s);
    expect(text).toContain("100.00 % uptime");
    // A group with a problem opens by itself; a quiet one stays closed.
    expect(text).toMatch(
      /<details open>\s*<summary><span class="row-head"><span class="component-name">Core<\/span>/,
    );
    expect(text).toMatch(
      /<details>\s*<summary><span class="row-head"><span class="component-name">Quiet group<\/span>/,
    );
    // Two weeks without a resolved incident: one line (the open incident is shown once, above).
    expect(text.match(/<div class="past-day">/g)).toBeNull();
    expect(text.match(/No incidents reported from [^<]+ to [^<]+\./g)).toHaveLength(1);
    expect(text.match(/API errors &amp; timeouts<\/a>/g)).toHaveLength(1);
    expect(text).toContain('href="/history"');
    expect(text).toContain('<link rel="alternate" type="application/rss+xml"');
    expect(text).toContain('<link rel="alternate" type="application/atom+xml"');
    // The page's own files, linked with a version that changes with their bytes.
    expect(text).toMatch(/<script src="\/status\.js\?v=[\w-]{8}" defer><\/script>/);
    expect(text).toMatch(/<link rel="stylesheet" href="\/status\.css\?v=[\w-]{8}">/);
    // No other script: the bars' popover data is a data block, never run.
    expect(text).not.toMatch(
      /<script(?! src="\/status\.js\?v=| type="application\/json" id="day-data">)/,
    );
  });

  it("gives every visitor the same bytes, signed in or not", async () => {
    const anonymous = await page("/");
    const member = await editor.get("/");
    expect(member.text).toBe(anonymous.text);
    expect(member.headers.get("etag")).toBe(anonymous.headers.get("etag"));
    expect(member.headers.getSetCookie()).toEqual([]);
    const revalidated = await visitor.get("/", {
      headers: { "if-none-match": anonymous.headers.get("etag")! },
    });
    expect(revalidated.status).toBe(304);
  });

  it("shows a published incident's page, and 404 for a draft or an unknown id", async () => {
    const { text } = await page(`/incidents/${ids.incident}`);
    expect(text).toContain("<h1>API errors &amp; timeouts</h1>");
    expect(text).toContain("A bad deploy.");
    expect(text).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z" data-local>/);
    expect((await page(`/incidents/${ids.draft}`, 404)).text).toContain("Not found");
    await page("/incidents/019a0000-0000-7000-8000-000000000000", 404);
    await page("/incidents/not-an-id", 404);
  });

  it("shows a maintenance window's page, and 404 for a cancelled one", async () => {
    const { text } = await page(`/maintenance/${ids.window}`);
    expect(text).toContain("<h1>Mail server move</h1>");
    expect(text).toContain("Mail may queue.");
    expect(text).toContain("Affects: Mail");
    await page(`/maintenance/${ids.cancelled}`, 404);
  });

  it("lists past incidents by month, three months a page", async () => {
    const old = await create("/v1/incidents", {
      title: "Long ago",
      impact: "minor",
      body: "Over.",
      status: "resolved",
      visibility: "published",
      startedAt: new Date(Date.now() - 100 * 86_400_000).toISOString(),
    });
    const first = (await page("/history")).text;
    expect(first).toContain("<h1>Incident history</h1>");
    expect(first.match(/<section class="month"/g)).toHaveLength(3);
    expect(first).toContain("API errors &amp; timeouts");
    expect(first).not.toContain("Long ago");
    expect(first).not.toContain("Secret draft");
    // The workspace is new, so there is nothing older to page to.
    expect(first).not.toContain("Older →");
    const second = (await page("/history?page=2")).text;
    expect(second).toContain(`<a href="/incidents/${old.id}">Long ago</a>`);
    expect(second).toContain('href="/history">← Newer</a>');
    await page("/history?page=0", 404);
    await page("/history?page=abc", 404);
  });

  it("offers RSS and Atom feeds of the published incidents, each with all its updates", async () => {
    const parser = new XMLParser({ ignoreAttributes: false });
    const rss = await page("/history.rss");
    expect(rss.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(rss.headers.get("access-control-allow-origin")).toBe("*");
    const channel = parser.parse(rss.text).rss.channel;
    expect(channel.title).toBe("Acme status");
    const items = [channel.item].flat();
    const item = items.find(
      (i: any) => i.title === "API errors &amp; timeouts" || i.title === "API errors & timeouts",
    );
    expect(item.guid["#text"] ?? item.guid).toBe(`http://localhost:3000/incidents/${ids.incident}`);
    const content = item["content:encoded"] as string;
    expect(content.indexOf("Identified")).toBeLessThan(content.indexOf("Investigating"));
    expect(content).toContain("<strong>errors</strong>");
    expect(rss.text).not.toContain("Secret draft");

    const atom = await page("/history.atom");
    expect(atom.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const feed = parser.parse(atom.text).feed;
    const entries = [feed.entry].flat();
    expect(entries.map((e: any) => e.id)).toContain(
      `http://localhost:3000/incidents/${ids.incident}`,
    );
    expect(entries).toHaveLength(items.length);
    // The entry keeps its id as updates arrive.
    await editor.post(`/v1/incidents/${ids.incident}/updates`, {
      status: "monitoring",
      body: "Fixed.",
    });
    const later = [parser.parse((await page("/history.atom")).text).feed.entry].flat();
    expect(later.map((e: any) => e.id)).toEqual(entries.map((e: any) => e.id));
  });
  it("says when its data last changed, and how long each resolved incident lasted", async () => {
    const started = new Date(Date.now() - (2 * 60 + 5) * 60_000);
    const quick = await create("/v1/incidents", {
      title: "Slow sign-ins",
      impact: "minor",
      body: "Looking.",
      visibility: "published",
      startedAt: started.toISOString(),
    });
    const resolved = await editor.post(`/v1/incidents/${quick.id}/updates`, {
      status: "resolved",
      body: "Fixed.",
    });
    expect(resolved.status, resolved.text).toBe(201);
    const resolvedAt = new Date(resolved.body.resolvedAt ?? resolved.body.createdAt);
    const { text } = await page("/");
    const past = text.slice(text.indexOf('id="past-heading"'));
    expect(past).toContain("Slow sign-ins");
    expect(past).toContain("Resolved after 2 hr 5 min");
    // The time of the latest change, which the page's script counts from ("12 seconds ago").
    const updated = /<p class="updated">Last updated <time datetime="([^"]+)" data-relative>/.exec(
      text,
    );
    expect(updated).not.toBeNull();
    expect(new Date(updated![1]!).getTime()).toBeGreaterThanOrEqual(resolvedAt.getTime() - 1_000);
  });
});
