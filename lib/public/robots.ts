import { xml } from "@/lib/content/html";
import { LOCALES } from "@/lib/i18n/locales";
import type { PublicData } from "./load";
import { withLocale, type Site } from "./view";

/** `/robots.txt`: the public pages may be indexed; the team's side and private links may not. */
export function robotsTxt(site: Site): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /public/subscriptions/",
    "Disallow: /v1/",
    "Disallow: /auth/",
    "Disallow: /embed",
    `Sitemap: ${site.canonical}/sitemap.xml`,
    "",
  ].join("\n");
}

/**
 * `/sitemap.xml`: the status page, its history, the incidents and windows it shows, each with
 * the addresses of its other languages.
 */
export function sitemapXml(data: PublicData, site: Site): string {
  const base = site.canonical;
  const entry = (path: string, modified: Date) => xml`<url>
<loc>${base}${path}</loc>
<lastmod>${modified.toISOString()}</lastmod>
${LOCALES.map((locale) => xml`<xhtml:link rel="alternate" hreflang="${locale}" href="${base}${withLocale(path, locale)}"/>`)}
</url>
`;
  return xml`<?xml version="1.0" encoding="utf-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entry("/", data.updatedAt)}${entry("/history", data.updatedAt)}${data.incidents.map((i) =>
    entry(`/incidents/${i.id}`, i.updatedAt),
  )}${data.maintenances.map((m) => entry(`/maintenance/${m.id}`, m.updatedAt))}</urlset>
`.value;
}
