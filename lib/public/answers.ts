import { getDb } from "@/db/client";
import { uuid } from "@/lib/contract/fields";
import { badgeAnswer, badgeQuery } from "./badges";
import { brandCss, imageAnswer } from "./brand";
import { embedPage, widgetJson } from "./embed";
import { atomFeed, rssFeed } from "./feeds";
import { historyAnswer, MAX_HISTORY_PAGE } from "./history";
import { loadIncidents, loadMaintenances, type ImageKind, type PublicData } from "./load";
import {
  lockedPage,
  dayPage,
  incidentPage,
  maintenancePage,
  notFoundPage,
  notSetUpPage,
  statusPage,
} from "./pages";
import { robotsTxt, sitemapXml } from "./robots";
import { isStatuspageFile, statuspageFile } from "./statuspage";
import {
  fromSnapshot,
  notFoundProblem,
  onDemand,
  pageSnapshot,
  rendered,
  type Rendered,
  type Snapshot,
} from "./snapshot";
import { keyIn, languageOf, viewOf, type Language, type View } from "./view";

/**
 * What each public address answers, built from the snapshot (or, for what it does not hold,
 * read on demand and kept the same way), once per language. Route handlers only pick one.
 */

/** What a request says about the language it wants. */
export type Asked = { search: URLSearchParams; acceptLanguage: string | null | undefined };

function languageFor(snapshot: Snapshot, asked: Asked): Language {
  return languageOf(asked.search, asked.acceptLanguage, snapshot.data?.workspace.defaultLocale);
}

/**
 * A page or feed in one language: kept per language, and marked with its language and, unless
 * `?locale=` chose it, as varying with `Accept-Language`.
 */
function inLanguage(
  snapshot: Snapshot,
  asked: Asked,
  key: string,
  build: (view: View) => Rendered,
): Rendered {
  const language = languageFor(snapshot, asked);
  return fromSnapshot(snapshot, keyIn(language, key), () =>
    localized(build(viewOf(language, snapshot.site)), language),
  );
}

function localized(answer: Rendered, language: Language): Rendered {
  return {
    ...answer,
    headers: {
      ...answer.headers,
      "content-language": language.locale,
      ...(language.explicit ? {} : { vary: "Accept-Encoding, Accept-Language" }),
    },
  };
}

const notFound = (data: PublicData, view: View) =>
  rendered("html", notFoundPage(data.workspace, view), 404);

function notSetUp(snapshot: Snapshot, asked: Asked): Rendered {
  return inLanguage(snapshot, asked, "not-set-up", (view) =>
    rendered("html", notSetUpPage(view), 404),
  );
}

function notFoundAnswer(snapshot: Snapshot, asked: Asked, data: PublicData): Rendered {
  return inLanguage(snapshot, asked, "404", (view) => notFound(data, view));
}

/** A `/p/{slug}` that names no page: the first page's "not found". */
export function noSuchPageAnswer(root: Snapshot, asked: Asked): Rendered {
  const first = pageSnapshot(root, { slug: null, host: null }) ?? root;
  return first.data ? notFoundAnswer(first, asked, first.data) : notSetUp(first, asked);
}

export const NO_SUCH_PAGE_FILE = notFoundProblem("There is no status page at this address.");

/** What a visitor who may not read a page is told about its JSON, feeds and badges. */
export const PAGE_PRIVATE = {
  ...rendered(
    "problem",
    JSON.stringify({
      type: "about:blank",
      status: 401,
      code: "page_private",
      title: "Private page",
      detail:
        "This status page is private: enter its password on the page, or send its read token as ?token=.",
    }),
    401,
  ),
  headers: { "cache-control": "no-store" },
};

/**
 * A password page to a visitor who may not read it: the password form, in the visitor's
 * language, leading back to `path`. The page's root is kept; any other path is built for the
 * request (visitors may ask for any path, and none of them is kept).
 */
export function lockedAnswer(snapshot: Snapshot, asked: Asked, path: string): Rendered {
  const data = snapshot.data!;
  const build = (view: View): Rendered => ({
    ...rendered(
      "html",
      lockedPage(data.workspace, view, path, {
        way: snapshot.locked?.audiencesOf ? "email" : "password",
        provider: snapshot.locked?.provider,
      }),
      401,
    ),
    headers: { "cache-control": "no-store" },
  });
  if (path === "/") return inLanguage(snapshot, asked, "locked", build);
  const language = languageFor(snapshot, asked);
  return localized(build(viewOf(language, snapshot.site)), language);
}

export function statusAnswer(snapshot: Snapshot, asked: Asked): Rendered {
  return inLanguage(snapshot, asked, "status", (view) =>
    snapshot.data
      ? rendered("html", statusPage(snapshot.data, view))
      : rendered("html", notSetUpPage(view)),
  );
}

/**
 * The page of one incident or window: from the snapshot when it holds it, else read on demand;
 * 404 for an id that is not a UUID or names nothing public. The snapshot knows every id that is
 * shown, so an unknown one is answered from memory: it never reads the database, nor takes the
 * place of a kept page.
 */
async function itemAnswer<T extends { id: string }>(
  snapshot: Snapshot,
  asked: Asked,
  id: string,
  kind: "incidents" | "maintenances",
  item: {
    known: (data: PublicData) => T[];
    load: (data: PublicData, id: string) => Promise<T[]>;
    page: (data: PublicData, view: View, found: T) => string;
    componentsOf: (found: T) => string[];
  },
): Promise<Rendered> {
  const data = snapshot.data;
  if (!data) return notSetUp(snapshot, asked);
  // Ids are stored in lower case; an address may spell the same UUID in upper case.
  const wanted = id.toLowerCase();
  if (!uuid().safeParse(id).success || !snapshot.shown[kind].has(wanted)) {
    return notFoundAnswer(snapshot, asked, data);
  }
  const known = item.known(data).find((found) => found.id === wanted);
  if (known) {
    return inLanguage(snapshot, asked, `${kind}:${wanted}`, (view) =>
      rendered("html", item.page(data, view, known)),
    );
  }
  const language = languageFor(snapshot, asked);
  return onDemand(snapshot.key + keyIn(language, `${kind}:${wanted}`), async () => {
    const view = viewOf(language, snapshot.site);
    const [found] = await item.load(data, wanted);
    const shown = found && (!snapshot.shows || snapshot.shows(item.componentsOf(found)));
    return localized(
      shown ? rendered("html", item.page(data, view, found)) : notFound(data, view),
      language,
    );
  });
}

export function incidentAnswer(snapshot: Snapshot, asked: Asked, id: string): Promise<Rendered> {
  return itemAnswer(snapshot, asked, id, "incidents", {
    known: (data) => data.incidents,
    load: async (data, wanted) => loadIncidents(await getDb(), data.workspace.id, [wanted]),
    page: incidentPage,
    componentsOf: (found) => found.components.map((c) => c.componentId),
  });
}

export function maintenanceAnswer(snapshot: Snapshot, asked: Asked, id: string): Promise<Rendered> {
  return itemAnswer(snapshot, asked, id, "maintenances", {
    known: (data) => data.maintenances,
    load: async (data, wanted) => loadMaintenances(await getDb(), data.workspace.id, [wanted]),
    page: maintenancePage,
    componentsOf: (found) => found.componentIds,
  });
}

export async function historyPageAnswer(snapshot: Snapshot, asked: Asked): Promise<Rendered> {
  const data = snapshot.data;
  if (!data) return notSetUp(snapshot, asked);
  const pageParam = asked.search.get("page");
  const page = pageParam === null ? 1 : Number(pageParam);
  if (!Number.isInteger(page) || page < 1 || page > MAX_HISTORY_PAGE) {
    return notFoundAnswer(snapshot, asked, data);
  }
  const language = languageFor(snapshot, asked);
  return onDemand(snapshot.key + keyIn(language, `history:${page}`), async () =>
    localized(
      await historyAnswer(data, viewOf(language, snapshot.site), page, snapshot.shows),
      language,
    ),
  );
}

/** `/history/{date}`: a day of the bars; any other date is not found. */
export function dayAnswer(snapshot: Snapshot, asked: Asked, date: string): Rendered {
  const data = snapshot.data;
  if (!data) return notSetUp(snapshot, asked);
  if (!data.days.some((day) => day.date === date)) return notFoundAnswer(snapshot, asked, data);
  return inLanguage(snapshot, asked, `day:${date}`, (view) =>
    rendered("html", dayPage(data, view, date)),
  );
}

export function feedAnswer(snapshot: Snapshot, asked: Asked, kind: "rss" | "atom"): Rendered {
  const data = snapshot.data;
  if (!data) return notSetUp(snapshot, asked);
  return inLanguage(snapshot, asked, kind, (view) =>
    rendered(kind, kind === "rss" ? rssFeed(data, view) : atomFeed(data, view)),
  );
}

const NO_FILE = JSON.stringify({
  type: "about:blank",
  status: 404,
  code: "not_found",
  title: "Not found",
  detail: "There is no such file, or this deployment has not been set up yet.",
});

/** `/api/v2/<file>`: one of Statuspage's eight files. */
export function statuspageAnswer(snapshot: Snapshot, path: string[]): Rendered {
  const file = path.join("/");
  const data = snapshot.data;
  if (!data || !isStatuspageFile(file)) return rendered("json", NO_FILE, 404);
  return fromSnapshot(snapshot, `api:${file}`, () =>
    rendered("json", JSON.stringify(statuspageFile(data, file))),
  );
}

/** `/widget.json`: the overall status, the active incidents and the page's address. */
export function widgetAnswer(snapshot: Snapshot, asked: Asked): Rendered {
  const data = snapshot.data;
  if (!data) return rendered("problem", NO_FILE, 404);
  return inLanguage(snapshot, asked, "widget", (view) =>
    rendered("json", JSON.stringify(widgetJson(data, view))),
  );
}

/** `/embed`: the status as a small page other sites frame. */
export function embedAnswer(snapshot: Snapshot, asked: Asked): Rendered {
  const data = snapshot.data;
  if (!data) return notSetUp(snapshot, asked);
  return inLanguage(snapshot, asked, "embed", (view) => ({
    ...rendered("html", embedPage(data, view)),
    frameable: true,
  }));
}

/**
 * `/badge/<file>.svg`, in the language of `?locale=` or the page's default (a badge sits on
 * another site, whose readers' languages it cannot know, so it never varies with theirs). The
 * status badge is kept; an uptime badge, of any component and any number of days, is built for
 * each request from the snapshot (no question a client invents is kept).
 */
export function badgeFileAnswer(snapshot: Snapshot, asked: Asked, file: string): Rendered {
  const data = snapshot.data;
  if (!data) return rendered("problem", NO_FILE, 404);
  const query = badgeQuery(data, file, asked.search);
  if ("status" in query) return query;
  const language = languageOf(asked.search, null, data.workspace.defaultLocale);
  const build = () => {
    const answer = badgeAnswer(data, viewOf(language, snapshot.site), query);
    return { ...answer, headers: { ...answer.headers, "content-language": language.locale } };
  };
  return query.file === "status"
    ? fromSnapshot(snapshot, keyIn(language, "badge:status"), build)
    : build();
}

/** `/brand.css` and the page's images. */
export function brandCssAnswer(snapshot: Snapshot): Rendered {
  const data = snapshot.data;
  return fromSnapshot(snapshot, "brand.css", () => ({
    ...rendered("css", data ? brandCss(data.workspace) : ""),
    headers: { "cache-control": "public, max-age=86400, stale-while-revalidate=604800" },
  }));
}

export function imageFileAnswer(snapshot: Snapshot, kind: ImageKind): Rendered {
  const image = snapshot.data?.workspace.brand.images[kind];
  if (!image) return rendered("problem", NO_FILE, 404);
  return fromSnapshot(snapshot, `image:${kind}`, () => imageAnswer(image));
}

export function robotsAnswer(snapshot: Snapshot): Rendered {
  return fromSnapshot(snapshot, "robots", () => rendered("text", robotsTxt(snapshot.site)));
}

export function sitemapAnswer(snapshot: Snapshot): Rendered {
  const data = snapshot.data;
  if (!data) return rendered("problem", NO_FILE, 404);
  return fromSnapshot(snapshot, "sitemap", () => rendered("xml", sitemapXml(data, snapshot.site)));
}
