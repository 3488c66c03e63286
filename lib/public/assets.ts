import { readFileSync } from "node:fs";
import path from "node:path";
import { rendered, type Rendered } from "./snapshot";

/**
 * The status page's own files. Every visitor's browser asks for them with the page, so they are
 * kept in memory and answered like the page itself; the page links them with a version taken
 * from their bytes, so a browser may keep them a day and still fetches a changed one at once.
 */
const FILES = {
  "/status.css": { file: "public/status.css", kind: "css" },
  "/status.js": { file: "public/status.js", kind: "js" },
  "/embed.js": { file: "public/embed.js", kind: "js" },
  "/icon.svg": { file: "app/icon.svg", kind: "svg" },
} as const;

export type AssetPath = keyof typeof FILES;

export const ASSET_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

const store = globalThis as typeof globalThis & {
  __allclearAssets?: Map<AssetPath, Rendered>;
};

export function isAsset(pathname: string): pathname is AssetPath {
  return Object.hasOwn(FILES, pathname);
}

/** A file of the status page, read once from the project's folder. */
export function assetAnswer(pathname: AssetPath): Rendered {
  const assets = (store.__allclearAssets ??= new Map());
  let answer = assets.get(pathname);
  if (!answer) {
    const { file, kind } = FILES[pathname];
    // Not traced from here (that would take the whole project into a standalone build):
    // public/ ships beside the server, and app/icon.svg is traced by next.config.ts.
    const body = readFileSync(path.join(/*turbopackIgnore: true*/ process.cwd(), file), "utf8");
    answer = { ...rendered(kind, body), headers: { "cache-control": ASSET_CACHE_CONTROL } };
    assets.set(pathname, answer);
  }
  return answer;
}

/** The address a page links a file by: its path and a version that changes with its bytes. */
export function assetLink(pathname: AssetPath): string {
  return `${pathname}?v=${assetAnswer(pathname).etag.slice(1, 9)}`;
}
