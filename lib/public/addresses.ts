import {
  badgeFileAnswer,
  brandCssAnswer,
  dayAnswer,
  embedAnswer,
  feedAnswer,
  historyPageAnswer,
  imageFileAnswer,
  incidentAnswer,
  maintenanceAnswer,
  robotsAnswer,
  sitemapAnswer,
  statusAnswer,
  statuspageAnswer,
  widgetAnswer,
  noSuchPageAnswer,
  NO_SUCH_PAGE_FILE,
  type Asked,
} from "./answers";
import { assetAnswer, isAsset } from "./assets";
import { imageKindAt } from "./brand";
import type { PageRef } from "./scope";
import { pageSnapshot, type Rendered, type Snapshot } from "./snapshot";

/**
 * What one public address answers: a page (HTML for people) or data (JSON, feeds, badges, which
 * scripts and other sites read), each built from the snapshot; or one of the page's own files.
 */
export type BuiltAddress = {
  kind: "page" | "data";
  answer: (snapshot: Snapshot) => Rendered | Promise<Rendered>;
};
export type PublicAddress = BuiltAddress | { kind: "file"; file: Rendered };

const INCIDENT = /^\/incidents\/([^/]+)$/;
const MAINTENANCE = /^\/maintenance\/([^/]+)$/;
const DAY = /^\/history\/([^/]+)$/;
const BADGE = /^\/badge\/([^/]+)$/;
const STATUSPAGE_FILE = /^\/api\/v2\/(.+)$/;
/** A page beside the first one: `/p/{slug}` and every address of a page below it. */
const PAGE_PATH = /^\/p\/([a-z0-9-]{1,48})(\/.*)?$/;

/** A path segment as Next.js hands it to a route (percent-decoded), or as sent when malformed. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The public address a GET names, or null for any other path: one table for the route handlers
 * and for the HTTP server, which answers these from memory before Next.js sees them.
 * `acceptLanguage` is the request's header: pages and feeds speak the visitor's language.
 */
export function publicAddress(
  requested: string,
  search: string,
  acceptLanguage?: string | null,
  host?: string | null,
): PublicAddress | null {
  const asked: Asked = { search: new URLSearchParams(search), acceptLanguage };
  const mounted = PAGE_PATH.exec(requested);
  const ref: PageRef = mounted
    ? { slug: mounted[1]!, host: null }
    : { slug: null, host: host?.toLowerCase() ?? null };
  const pathname = mounted ? (mounted[2] ?? "/") : requested;
  // Each answer is built from the snapshot of the page the request names.
  const onPage =
    (kind: BuiltAddress["kind"], answer: BuiltAddress["answer"]): BuiltAddress["answer"] =>
    (root) => {
      const scoped = pageSnapshot(root, ref);
      if (scoped) return answer(scoped);
      return kind === "page" ? noSuchPageAnswer(root, asked) : NO_SUCH_PAGE_FILE;
    };
  const page = (answer: BuiltAddress["answer"]): BuiltAddress => ({
    kind: "page",
    answer: onPage("page", answer),
  });
  const data = (answer: BuiltAddress["answer"]): BuiltAddress => ({
    kind: "data",
    answer: onPage("data", answer),
  });
  switch (pathname) {
    case "/":
      return page((s) => statusAnswer(s, asked));
    case "/history":
      return page((s) => historyPageAnswer(s, asked));
    case "/history.rss":
      return data((s) => feedAnswer(s, asked, "rss"));
    case "/history.atom":
      return data((s) => feedAnswer(s, asked, "atom"));
    case "/embed":
      return page((s) => embedAnswer(s, asked));
    case "/widget.json":
      return data((s) => widgetAnswer(s, asked));
    case "/robots.txt":
      return data(robotsAnswer);
    case "/sitemap.xml":
      return data(sitemapAnswer);
    case "/brand.css":
      return data(brandCssAnswer);
  }
  if (isAsset(pathname)) return { kind: "file", file: assetAnswer(pathname) };
  const image = imageKindAt(pathname);
  if (image) return data((s) => imageFileAnswer(s, image));
  const incident = INCIDENT.exec(pathname);
  if (incident) return page((s) => incidentAnswer(s, asked, decoded(incident[1]!)));
  const maintenance = MAINTENANCE.exec(pathname);
  if (maintenance) return page((s) => maintenanceAnswer(s, asked, decoded(maintenance[1]!)));
  const day = DAY.exec(pathname);
  if (day) return page((s) => dayAnswer(s, asked, decoded(day[1]!)));
  const badge = BADGE.exec(pathname);
  if (badge) return data((s) => badgeFileAnswer(s, asked, decoded(badge[1]!)));
  const file = STATUSPAGE_FILE.exec(pathname);
  if (file) return data((s) => statuspageAnswer(s, file[1]!.split("/").map(decoded)));
  return null;
}
