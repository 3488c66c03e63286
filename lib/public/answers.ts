import { getDb } from "@/db/client";
import { uuid } from "@/lib/contract/fields";
import { atomFeed, rssFeed } from "./feeds";
import { historyAnswer, MAX_HISTORY_PAGE } from "./history";
import { loadIncidents, loadMaintenances, type PublicData } from "./load";
import { incidentPage, maintenancePage, notFoundPage, notSetUpPage, statusPage } from "./pages";
import { isStatuspageFile, statuspageFile } from "./statuspage";
import { fromSnapshot, onDemand, rendered, type Rendered, type Snapshot } from "./snapshot";

/**
 * What each public address answers, built from the snapshot (or, for what it does not hold,
 * read on demand and kept the same way). Route handlers only pick one.
 */

const notFound = (data: PublicData) => rendered("html", notFoundPage(data.workspace), 404);

function notSetUp(snapshot: Snapshot): Rendered {
  return fromSnapshot(snapshot, "not-set-up", () => rendered("html", notSetUpPage(), 404));
}

export function statusAnswer(snapshot: Snapshot): Rendered {
  return fromSnapshot(snapshot, "status", () =>
    snapshot.data ? rendered("html", statusPage(snapshot.data)) : rendered("html", notSetUpPage()),
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
  id: string,
  kind: "incidents" | "maintenances",
  item: {
    known: (data: PublicData) => T[];
    load: (data: PublicData, id: string) => Promise<T[]>;
    page: (data: PublicData, found: T) => string;
  },
): Promise<Rendered> {
  const data = snapshot.data;
  if (!data) return notSetUp(snapshot);
  // Ids are stored in lower case; an address may spell the same UUID in upper case.
  const wanted = id.toLowerCase();
  if (!uuid().safeParse(id).success || !snapshot.shown[kind].has(wanted)) {
    return fromSnapshot(snapshot, "404", () => notFound(data));
  }
  const known = item.known(data).find((found) => found.id === wanted);
  if (known) {
    return fromSnapshot(snapshot, `${kind}:${wanted}`, () =>
      rendered("html", item.page(data, known)),
    );
  }
  return onDemand(`${kind}:${wanted}`, async () => {
    const [found] = await item.load(data, wanted);
    return found ? rendered("html", item.page(data, found)) : notFound(data);
  });
}

export function incidentAnswer(snapshot: Snapshot, id: string): Promise<Rendered> {
  return itemAnswer(snapshot, id, "incidents", {
    known: (data) => data.incidents,
    load: async (data, wanted) => loadIncidents(await getDb(), data.workspace.id, [wanted]),
    page: incidentPage,
  });
}

export function maintenanceAnswer(snapshot: Snapshot, id: string): Promise<Rendered> {
  return itemAnswer(snapshot, id, "maintenances", {
    known: (data) => data.maintenances,
    load: async (data, wanted) => loadMaintenances(await getDb(), data.workspace.id, [wanted]),
    page: maintenancePage,
  });
}

export async function historyPageAnswer(
  snapshot: Snapshot,
  pageParam: string | null,
): Promise<Rendered> {
  const data = snapshot.data;
  if (!data) return notSetUp(snapshot);
  const page = pageParam === null ? 1 : Number(pageParam);
  if (!Number.isInteger(page) || page < 1 || page > MAX_HISTORY_PAGE) {
    return fromSnapshot(snapshot, "404", () => notFound(data));
  }
  return onDemand(`history:${page}`, () => historyAnswer(data, page));
}

export function feedAnswer(snapshot: Snapshot, kind: "rss" | "atom"): Rendered {
  const data = snapshot.data;
  if (!data) return notSetUp(snapshot);
  return fromSnapshot(snapshot, kind, () =>
    rendered(kind, kind === "rss" ? rssFeed(data) : atomFeed(data)),
  );
}

const NO_PAGE = JSON.stringify({
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
  if (!data || !isStatuspageFile(file)) return rendered("json", NO_PAGE, 404);
  return fromSnapshot(snapshot, `api:${file}`, () =>
    rendered("json", JSON.stringify(statuspageFile(data, file))),
  );
}
