import { config } from "@/lib/config";
import { escapeHtml, html, xml, type SafeHtml } from "@/lib/content/html";
import { markdownToHtml } from "@/lib/content/markdown";
import { LIST_LIMIT, type PublicData } from "./load";
import type { View } from "./view";

/** Characters of a summary, counted in code points so that no emoji is cut in half. */
const SUMMARY_LENGTH = 300;

type Entry = {
  title: string;
  /** The incident's page address, the same in every language. */
  id: string;
  link: string;
  updated: Date;
  published: Date;
  /** Plain text. */
  summary: string;
  content: SafeHtml;
};

/** An open incident's latest promises, as a feed entry's first paragraph. */
function promisesOf(incident: PublicData["incidents"][number], view: View, zone: string): SafeHtml {
  const latest = incident.updates[0];
  if (incident.resolvedAt || !latest) return html``;
  const { t, dateTime } = view.tr;
  const lines = [
    latest.estimatedResolutionAt
      ? t("incident.estimatedResolution", { time: dateTime(latest.estimatedResolutionAt, zone) })
      : null,
    latest.nextUpdateBy
      ? t("incident.nextUpdateBy", { time: dateTime(latest.nextUpdateBy, zone) })
      : null,
  ].filter((line) => line !== null);
  return lines.length ? html`<p><em>${lines.join(" · ")}</em></p>` : html``;
}

/**
 * The 50 newest published incidents as feed entries: one per incident (its page's address is
 * its id, so it stays the same as updates arrive), holding every update, newest first.
 */
function entries(data: PublicData, view: View): Entry[] {
  const base = view.site.canonical;
  const { t } = view.tr;
  return data.incidents.slice(0, LIST_LIMIT).map((incident) => {
    const newest = incident.updates[0];
    const opening = Array.from(newest?.body ?? "")
      .slice(0, SUMMARY_LENGTH)
      .join("");
    return {
      title: incident.title,
      id: `${base}/incidents/${incident.id}`,
      link: view.url(`/incidents/${incident.id}`),
      updated: newest?.createdAt ?? incident.updatedAt,
      published: incident.startedAt,
      summary: t("text.labelled", { label: t(`incident.${incident.status}`), value: opening }),
      content: html`${promisesOf(incident, view, data.workspace.timeZone)}${incident.updates.map(
        (update) =>
          html`<p><strong>${t(`incident.${update.status}`)}</strong> – ${view.tr.dateTime(update.createdAt, data.workspace.timeZone)}</p>${markdownToHtml(update.body)}`,
      )}`,
    };
  });
}

// Both feeds are written through the `xml` template, never in CDATA: every text, titles and the
// workspace's name included, is escaped, so nothing an editor writes can end an element early.

export function rssFeed(data: PublicData, view: View): string {
  const name = data.workspace.name;
  const { t } = view.tr;
  return xml`<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${t("feed.title", { name })}</title>
<link>${view.url("/")}</link>
<description>${t("feed.description", { name })}</description>
<lastBuildDate>${data.updatedAt.toUTCString()}</lastBuildDate>
<docs>https://validator.w3.org/feed/docs/rss2.html</docs>
<generator>Allclear</generator>
<language>${view.locale}</language>
<copyright>${name}</copyright>
<atom:link href="${view.url("/history.rss")}" rel="self" type="application/rss+xml"/>
${entries(data, view).map(
  // Readers take an item's description as HTML, so its text is escaped as HTML first.
  (entry) => xml`<item>
<title>${entry.title}</title>
<link>${entry.link}</link>
<guid isPermaLink="false">${entry.id}</guid>
<pubDate>${entry.published.toUTCString()}</pubDate>
<description>${escapeHtml(entry.summary)}</description>
<content:encoded>${entry.content}</content:encoded>
</item>
`,
)}</channel>
</rss>
`.value;
}

export function atomFeed(data: PublicData, view: View): string {
  const base = view.site.canonical;
  const name = data.workspace.name;
  const { t } = view.tr;
  return xml`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${view.locale}">
<id>${base}/</id>
<title>${t("feed.title", { name })}</title>
<updated>${data.updatedAt.toISOString()}</updated>
<generator>Allclear</generator>
<link rel="alternate" href="${view.url("/")}"/>
<link rel="self" href="${view.url("/history.atom")}"/>
<subtitle>${t("feed.description", { name })}</subtitle>
<icon>${config().statusPageUrl}/icon.svg</icon>
<rights>${name}</rights>
${entries(data, view).map(
  (entry) => xml`<entry>
<title type="text">${entry.title}</title>
<id>${entry.id}</id>
<link href="${entry.link}"/>
<updated>${entry.updated.toISOString()}</updated>
<summary type="text">${entry.summary}</summary>
<content type="html">${entry.content}</content>
<published>${entry.published.toISOString()}</published>
</entry>
`,
)}</feed>
`.value;
}
