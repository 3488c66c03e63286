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
  lockedAnswer,
  noSuchPageAnswer,
  NO_SUCH_PAGE_FILE,
  PAGE_PRIVATE,
  type Asked,
} from "./answers";
import { isPageCookie, isPageReadToken, visitorOf } from "@/lib/crypto/page-access";
import { readCookie } from "@/lib/http/cookies";
import { assetAnswer, isAsset } from "./assets";
import { imageKindAt } from "./brand";
import type { PageRef } from "./scope";
import { audienceSnapshot, pageSnapshot, type Rendered, type Snapshot } from "./snapshot";

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

/**
 * What a visitor of a page that is not public reads, or null when they may not read it: a
 * password page's readers (its cookie, or its read token) all read the page; a signed-in reader
 * of an audience page reads what their audiences see.
 */
export function readerOf(
  root: Snapshot,
  ref: PageRef,
  scoped: Snapshot,
  cookies: string | null | undefined,
  token: string | null,
): Snapshot | null {
  const locked = scoped.locked!;
  if (!locked.key) return null;
  const cookie = readCookie(cookies, locked.cookie);
  if (locked.audiencesOf) {
    const email = visitorOf(locked.key, cookie);
    return email ? audienceSnapshot(root, ref, email) : null;
  }
  return isPageReadToken(locked.key, token) || isPageCookie(locked.key, cookie) ? scoped : null;
}

const keptOf = new WeakMap<Rendered, Rendered>();

/**
 * A private page's answer as its readers get it: the same bytes, which only their browsers
 * may keep (never a CDN or a shared proxy).
 */
function kept(answer: Rendered): Rendered {
  let own = keptOf.get(answer);
  if (!own) {
    own = { ...answer, headers: { ...answer.headers, "cache-control": "private, no-cache" } };
    keptOf.set(answer, own);
  }
  return own;
}

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
  cookies?: string | null,
): PublicAddress | null {
  const asked: Asked = { search: new URLSearchParams(search), acceptLanguage };
  const mounted = PAGE_PATH.exec(requested);
  const ref: PageRef = mounted
    ? { slug: mounted[1]!, host: null }
    : { slug: null, host: host?.toLowerCase() ?? null };
  const pathname = mounted ? (mounted[2] ?? "/") : requested;
  // Each answer is built from the snapshot of the page the request names.
  const onPage =
    (
      kind: BuiltAddress["kind"] | "dress",
      answer: BuiltAddress["answer"],
    ): BuiltAddress["answer"] =>
    (root) => {
      const scoped = pageSnapshot(root, ref);
      if (!scoped) return kind === "page" ? noSuchPageAnswer(root, asked) : NO_SUCH_PAGE_FILE;
      // The page's colours and images dress its password form too: they show nothing it holds.
      if (!scoped.locked || kind === "dress") return answer(scoped);
      const reader = readerOf(root, ref, scoped, cookies, asked.search.get("token"));
      if (!reader) return kind === "page" ? lockedAnswer(scoped, asked, pathname) : PAGE_PRIVATE;
      const built = answer(reader);
      return built instanceof Promise ? built.then(kept) : kept(built);
    };
  const page = (answer: BuiltAddress["answer"]): BuiltAddress => ({
    kind: "page",
    answer: onPage("page", answer),
  });
  const data = (answer: BuiltAddress["answer"]): BuiltAddress => ({
    kind: "data",
    answer: onPage("data", answer),
  });
  const dress = (answer: BuiltAddress["answer"]): BuiltAddress => ({
    kind: "data",
    answer: onPage("dress", answer),
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
      return dress(brandCssAnswer);
  }
  if (isAsset(pathname)) return { kind: "file", file: assetAnswer(pathname) };
  const image = imageKindAt(pathname);
  if (image) return dress((s) => imageFileAnswer(s, image));
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
