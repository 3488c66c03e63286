import { config } from "@/lib/config";
import { pageCookieName, visitorCookieName } from "@/lib/crypto/page-access";
import { strongEtag } from "@/lib/http/etag";
import { GenerationCache } from "./cache";
import { loadPublicData, type PublicAudience, type PublicData, type PublicPage } from "./load";
import { readCopy, saveCopy } from "./saved-copy";
import { onPage, pageAt, pageData, shownComponents, type PageRef } from "./scope";
import { rootSite, type Site } from "./view";

/** A public answer, built once and served from memory until the data changes. */
export type Rendered = {
  kind:
    "html" | "json" | "rss" | "atom" | "problem" | "css" | "js" | "svg" | "text" | "xml" | "image";
  status: number;
  /** Text, or the bytes of an image. */
  body: string | Uint8Array;
  etag: string;
  /** A page other sites may frame (`/embed`); every other page refuses to be framed. */
  frameable?: boolean;
  /** Headers of its own beyond those of its kind. */
  headers?: Record<string, string>;
};

/** The public data read at one moment (null before setup) and the answers built from it. */
export type Snapshot = {
  data: PublicData | null;
  /** The ids of `data.shownIds`, looked up by every address of an incident or a window. */
  shown: { incidents: Set<string>; maintenances: Set<string> };
  rendered: Map<string, Rendered>;
  /** What the data says, as text: a reload that reads the same keeps the built answers. */
  fingerprint: string;
  /** Where the answers' links point. */
  site: Site;
  /** What keys the answers read on demand are kept under start with: the page and its mount. */
  key: string;
  /**
   * On one page's snapshot: whether an incident or window touching these components is on it
   * (those read on demand, beyond the snapshot's, are checked with it).
   */
  shows?: (componentIds: string[]) => boolean;
  /** Each page's snapshot, by page and mount, built at its first request. */
  scoped: Map<string, Snapshot>;
  /**
   * On a page not everyone may read: the cookie that lets a visitor in and the key it is checked
   * with (null: no visitor may read it yet); on an audience page, the audiences an address is in.
   */
  locked?: {
    cookie: string;
    key: string | null;
    audiencesOf?: (email: string) => string[];
    /** Whether its readers may sign in with the page's OpenID provider. */
    provider?: boolean;
  };
};

type Caches = {
  snapshot: GenerationCache<Snapshot>;
  pages: GenerationCache<Rendered>;
  last?: Snapshot;
  /** The saved copy read at the first request, as the last good copy until a read succeeds. */
  restored?: Promise<void>;
};

// One copy per process, whichever route bundle asks (Next.js may evaluate a module more than once).
const store = globalThis as typeof globalThis & { __allclearPublic?: Caches };

function caches(): Caches {
  store.__allclearPublic ??= {
    snapshot: new GenerationCache("The public status data"),
    pages: new GenerationCache("A public page"),
  };
  return store.__allclearPublic;
}

const fingerprintOf = (data: PublicData | null) =>
  JSON.stringify(data, (_, value) => (value instanceof Map ? [...value] : (value as unknown)));

function snapshotOf(data: PublicData | null, fingerprint = fingerprintOf(data)): Snapshot {
  return {
    data,
    shown: {
      incidents: new Set(data?.shownIds.incidents),
      maintenances: new Set(data?.shownIds.maintenances),
    },
    rendered: new Map(),
    fingerprint,
    site: rootSite(),
    key: "",
    scoped: new Map(),
  };
}

/**
 * The snapshot of the page a request names (null when it names none): the page's data, its
 * own answers and links. Built once per page and mount for each snapshot of the whole.
 */
export function pageSnapshot(root: Snapshot, ref: PageRef): Snapshot | null {
  const data = root.data;
  // Before setup, only the first page's addresses answer (that it is not set up).
  if (!data) return ref.slug === null ? root : null;
  const found = pageAt(data, ref);
  if (!found) return null;
  const key = `${found.page.id}${found.site.base}`;
  let scoped = root.scoped.get(key);
  if (!scoped) {
    const shown = shownComponents(data, found.page);
    scoped = {
      data: pageData(data, found.page),
      shown: root.shown,
      rendered: new Map(),
      fingerprint: root.fingerprint,
      site: found.site,
      key: `${key}|`,
      shows: (componentIds) => onPage(found.page, shown, componentIds),
      scoped: new Map(),
      ...(found.page.visibility === "public" ? {} : { locked: lockOf(found.page) }),
    };
    root.scoped.set(key, scoped);
  }
  return scoped;
}

function lockOf(page: PublicPage): NonNullable<Snapshot["locked"]> {
  if (page.visibility === "password") {
    return { cookie: pageCookieName(page.id), key: page.accessKey };
  }
  return {
    cookie: visitorCookieName(page.id),
    key: page.accessKey,
    audiencesOf: audiencesByAddress(page.audiences),
    provider: !!page.oidc,
  };
}

/** The audiences an address is in, by its own listing or its domain's, sorted by id. */
function audiencesByAddress(audiences: PublicAudience[]): (email: string) => string[] {
  const byName = new Map<string, string[]>();
  const add = (name: string, id: string) => byName.set(name, [...(byName.get(name) ?? []), id]);
  for (const audience of audiences) {
    for (const member of audience.members) add(member, audience.id);
    for (const domain of audience.emailDomains) add(`@${domain}`, audience.id);
  }
  return (email) => {
    const address = email.toLowerCase();
    const domain = address.slice(address.lastIndexOf("@"));
    return [...new Set([...(byName.get(address) ?? []), ...(byName.get(domain) ?? [])])].sort();
  };
}

/**
 * What one signed-in visitor of an audience page reads (null when they are in none of its
 * audiences): the page narrowed to the components of their audiences. Built once per set of
 * audiences and kept with the page's snapshot, so visitors of the same audiences share it and
 * visitors of others never reach it.
 */
export function audienceSnapshot(root: Snapshot, ref: PageRef, email: string): Snapshot | null {
  const scoped = pageSnapshot(root, ref);
  const found = root.data && pageAt(root.data, ref);
  const audienceIds = scoped?.locked?.audiencesOf?.(email) ?? [];
  if (!scoped || !found || !audienceIds.length) return null;
  const key = `${scoped.key}${audienceIds.join(",")}|`;
  let reader = scoped.scoped.get(key);
  if (!reader) {
    const data = root.data!;
    const wanted = new Set(
      found.page.audiences
        .filter((audience) => audienceIds.includes(audience.id))
        .flatMap((audience) => audience.componentIds),
    );
    // Of the page's components, those of the visitor's audiences: listed one by one, so a group
    // of the page shows only its members the audiences name.
    const visible: PublicPage = {
      ...found.page,
      componentIds: [...shownComponents(data, found.page)].filter((id) => wanted.has(id)),
      groupIds: [],
    };
    const shown = shownComponents(data, visible);
    reader = {
      data: pageData(data, visible),
      shown: root.shown,
      rendered: new Map(),
      fingerprint: root.fingerprint,
      site: { ...found.site, signedIn: true },
      key,
      shows: (componentIds) => onPage(visible, shown, componentIds),
      scoped: new Map(),
    };
    scoped.scoped.set(key, reader);
  }
  return reader;
}

/**
 * The saved copy becomes the last good copy, of no generation: the first request still waits
 * (briefly) for the database, and is given the saved copy only when the database cannot answer.
 */
async function restoreSavedCopy(store: Caches): Promise<void> {
  const file = config().publicCopyFile;
  if (!file) return;
  const saved = await readCopy(file);
  if (!saved || store.last) return;
  store.last = snapshotOf(saved.data);
  store.snapshot.seed("snapshot", store.last);
}

/**
 * The snapshot every public answer is built from (one load however many ask at once). The
 * reloads that find nothing changed (the expiry's, most of them) keep the answers already built;
 * a change is saved to disk as well, for a server that starts while the database is away.
 */
export async function publicSnapshot(): Promise<Snapshot> {
  const store = caches();
  await (store.restored ??= restoreSavedCopy(store));
  return store.snapshot.get("snapshot", () => loadSnapshot(store));
}

/** The snapshot when it is current and can be had without waiting, else undefined. */
export function currentSnapshot(): Snapshot | undefined {
  const store = caches();
  return store.snapshot.peek("snapshot", () => loadSnapshot(store));
}

async function loadSnapshot(store: Caches): Promise<Snapshot> {
  const data = await loadPublicData();
  const fingerprint = fingerprintOf(data);
  if (store.last?.fingerprint === fingerprint) return store.last;
  store.last = snapshotOf(data, fingerprint);
  const file = config().publicCopyFile;
  if (file && data) void saveCopy(file, data);
  return store.last;
}

export function rendered(kind: Rendered["kind"], body: string, status = 200): Rendered {
  return { kind, status, body, etag: strongEtag(body) };
}

/** problem+json 404 for a public address that names nothing. */
export function notFoundProblem(detail: string): Rendered {
  return rendered(
    "problem",
    JSON.stringify({
      type: "about:blank",
      status: 404,
      code: "not_found",
      title: "Not found",
      detail,
    }),
    404,
  );
}

/** An answer built from a snapshot, once per snapshot. */
export function fromSnapshot(snapshot: Snapshot, key: string, build: () => Rendered): Rendered {
  let answer = snapshot.rendered.get(key);
  if (!answer) {
    answer = build();
    snapshot.rendered.set(key, answer);
  }
  return answer;
}

/** An answer that needs data the snapshot does not hold (history pages, older incidents). */
export function onDemand(key: string, build: () => Promise<Rendered>): Promise<Rendered> {
  return caches().pages.get(key, build);
}
