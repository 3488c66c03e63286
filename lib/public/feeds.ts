import { Feed } from "feed";
import { config } from "@/lib/config";
import { html } from "@/lib/content/html";
import { markdownToHtml } from "@/lib/content/markdown";
import { LIST_LIMIT, type PublicData } from "./load";

const STATUS = {
  investigating: "Investigating",
  identified: "Identified",
  monitoring: "Monitoring",
  resolved: "Resolved",
} as const;

/**
 * The 50 newest published incidents as a feed: one entry per incident (its page's address is
 * its id, so it stays the same as updates arrive), holding every update, newest first.
 */
function incidentFeed(data: PublicData): Feed {
  const base = config().baseUrl;
  const feed = new Feed({
    title: `${data.workspace.name} status`,
    description: `Incidents and their updates from the ${data.workspace.name} status page.`,
    id: `${base}/`,
    link: `${base}/`,
    language: "en",
    updated: data.updatedAt,
    generator: "Allclear",
    favicon: `${base}/icon.svg`,
    copyright: data.workspace.name,
    feedLinks: { rss: `${base}/history.rss`, atom: `${base}/history.atom` },
  });
  for (const incident of data.incidents.slice(0, LIST_LIMIT)) {
    const link = `${base}/incidents/${incident.id}`;
    const content = incident.updates.map(
      (update) =>
        html`<p><strong>${STATUS[update.status]}</strong> – ${update.createdAt.toUTCString()}</p>${markdownToHtml(update.body)}`,
    );
    feed.addItem({
      title: incident.title,
      id: link,
      link,
      date: incident.updates[0]?.createdAt ?? incident.updatedAt,
      published: incident.startedAt,
      description: `${STATUS[incident.status]}: ${incident.updates[0]?.body.slice(0, 300) ?? ""}`,
      content: content.join(""),
    });
  }
  return feed;
}

export const rssFeed = (data: PublicData) => incidentFeed(data).rss2();
export const atomFeed = (data: PublicData) => incidentFeed(data).atom1();
