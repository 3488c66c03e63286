import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/locales";
import { CATALOGS } from "@/lib/i18n/translate";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { notWrittenIn, visibleText } from "@/lib/testing/language";
import { pageSnapshot, publicSnapshot } from "./snapshot";

// The public page in each language: chosen by ?locale=, else Accept-Language, else the
// workspace's default; each language built once and kept.
let admin: TestClient;
const visitor = new TestClient();
let incident: string;
let window: string;

const speaking = (language: string) => ({ headers: { "accept-language": language } });

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
  const api = await admin.post("/v1/components", { name: "API" });
  incident = (
    await admin.post("/v1/incidents", {
      title: "Slow API",
      impact: "minor",
      visibility: "published",
      body: "Looking.",
      components: [{ componentId: api.body.id, status: "degraded_performance" }],
    })
  ).body.id;
  window = (
    await admin.post("/v1/maintenances", {
      title: "Upgrade",
      body: "",
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 90_000_000).toISOString(),
      componentIds: [],
    })
  ).body.id;
});

describe("every language", () => {
  it.each(LOCALES)("%s: every page is written in it, no key or English shows", async (locale) => {
    const catalog = CATALOGS[locale];
    const today = new Date().toISOString().slice(0, 10);
    for (const path of [
      "/",
      "/history",
      `/history/${today}`,
      `/incidents/${incident}`,
      `/maintenance/${window}`,
      "/public/subscriptions",
      "/embed",
    ]) {
      const page = await visitor.get(`${path}${path.includes("?") ? "&" : "?"}locale=${locale}`);
      expect(page.status, `${locale} ${path}`).toBe(200);
      expect(page.text, `${locale} ${path}`).toContain(`<html lang="${locale}">`);
      const words = visibleText(page.text);
      expect(notWrittenIn(locale, words), `${locale} ${path}`).toEqual([]);
      // A sentence ending in an abbreviation ("27 nov.") would end in two full stops.
      expect(words, `${locale} ${path}`).not.toMatch(/[^.]\.\.(?!\.)/);
      expect(page.headers.get("content-language")).toBe(locale);
    }
    const status = (await visitor.get(`/?locale=${locale}`)).text;
    expect(status).toContain(catalog["overall.minor"]);
    expect(status).toContain(catalog["status.components"]);
    expect(status).toContain(catalog["page.subscribe"]);
    const feed = (await visitor.get(`/history.rss?locale=${locale}`)).text;
    expect(feed).toContain(`<language>${locale}</language>`);
    expect(notWrittenIn(locale, feed), `${locale} feed`).toEqual([]);
  });
});

describe("choosing the language", () => {
  it("follows Accept-Language, and says the answer varies with it", async () => {
    const german = await visitor.get("/", speaking("de-CH,de;q=0.9,en;q=0.5"));
    expect(german.text).toContain('<html lang="de">');
    expect(german.text).toContain(CATALOGS.de["status.components"]);
    expect(german.headers.get("vary")).toBe("Accept-Encoding, Accept-Language");
    const unknown = await visitor.get("/", speaking("zh-CN"));
    expect(unknown.text).toContain('<html lang="en">');
  });

  it("takes ?locale= over the browser's, and every link of the page keeps it", async () => {
    const page = await visitor.get("/?locale=fr", speaking("de"));
    expect(page.text).toContain('<html lang="fr">');
    expect(page.headers.get("vary")).toBeNull();
    expect(page.text).toContain('href="/history?locale=fr"');
    expect(page.text).toContain(`href="/incidents/${incident}?locale=fr"`);
    expect(page.text).toContain('<input type="hidden" name="locale" value="fr">');
    // The switcher and the alternates name every language.
    for (const locale of LOCALES) {
      expect(page.text).toContain(`hreflang="${locale}" lang="${locale}"`);
      expect(page.text).toContain(
        `<link rel="alternate" hreflang="${locale}" href="http://localhost:3000/?locale=${locale}">`,
      );
    }
  });

  it("falls back to the workspace's default language", async () => {
    expect((await admin.patch("/v1/workspace", { defaultLocale: "ja" })).status).toBe(200);
    const page = await visitor.get("/");
    expect(page.text).toContain('<html lang="ja">');
    expect((await visitor.get("/", speaking("es"))).text).toContain('<html lang="es">');
    const refused = await admin.patch("/v1/workspace", { defaultLocale: "xx" });
    expect(refused.status).toBe(400);
    await admin.patch("/v1/workspace", { defaultLocale: "en" });
  });

  it("keeps one copy per language until the data changes", async () => {
    const firstPage = async () => pageSnapshot(await publicSnapshot(), { slug: null, host: null })!;
    const first = await visitor.get("/", speaking("es"));
    const held = (await firstPage()).rendered;
    const copies = held.size;
    const spanish = [...held.entries()].find(([, answer]) => answer.body === first.text);
    expect(spanish?.[0]).toMatch(/\bes\b/);
    // Asked again, in another Spanish, the same copy answers: nothing is built.
    const again = await visitor.get("/", speaking("es-MX"));
    expect(again.text).toBe(first.text);
    expect((await firstPage()).rendered.size).toBe(copies);
    expect((await firstPage()).rendered.get(spanish![0])).toBe(spanish![1]);
    // Another language is a copy of its own.
    const other = await visitor.get("/", speaking("pt-BR"));
    expect(other.text).not.toBe(first.text);
    expect((await firstPage()).rendered.size).toBe(copies + 1);
    await admin.patch("/v1/workspace", { name: "Acme Cloud" });
    const changed = await visitor.get("/", speaking("es"));
    expect(changed.headers.get("etag")).not.toBe(first.headers.get("etag"));
    expect(changed.text).toContain("Acme Cloud");
    expect((await visitor.get("/", speaking("pt-BR"))).text).toContain("Acme Cloud");
  });
});
