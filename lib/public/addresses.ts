import {
  feedAnswer,
  historyPageAnswer,
  incidentAnswer,
  maintenanceAnswer,
  statusAnswer,
  statuspageAnswer,
} from "./answers";
import { assetAnswer, isAsset } from "./assets";
import type { Rendered, Snapshot } from "./snapshot";

/**
 * What one public address answers: a page (HTML for people) or data (JSON and feeds, which
 * scripts and other sites read), each built from the snapshot; or one of the page's own files.
 */
export type BuiltAddress = {
  kind: "page" | "data";
  answer: (snapshot: Snapshot) => Rendered | Promise<Rendered>;
};
export type PublicAddress = BuiltAddress | { kind: "file"; file: Rendered };

const INCIDENT = /^\/incidents\/([^/]+)$/;
const MAINTENANCE = /^\/maintenance\/([^/]+)$/;
const STATUSPAGE_FILE = /^\/api\/v2\/(.+)$/;

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
 */
export function publicAddress(pathname: string, search: string): PublicAddress | null {
  switch (pathname) {
    case "/":
      return { kind: "page", answer: statusAnswer };
    case "/history":
      return {
        kind: "page",
        answer: (s) => historyPageAnswer(s, new URLSearchParams(search).get("page")),
      };
    case "/history.rss":
      return { kind: "data", answer: (s) => feedAnswer(s, "rss") };
    case "/history.atom":
      return { kind: "data", answer: (s) => feedAnswer(s, "atom") };
  }
  if (isAsset(pathname)) return { kind: "file", file: assetAnswer(pathname) };
  const incident = INCIDENT.exec(pathname);
  if (incident) return { kind: "page", answer: (s) => incidentAnswer(s, decoded(incident[1]!)) };
  const maintenance = MAINTENANCE.exec(pathname);
  if (maintenance)
    return { kind: "page", answer: (s) => maintenanceAnswer(s, decoded(maintenance[1]!)) };
  const file = STATUSPAGE_FILE.exec(pathname);
  if (file)
    return { kind: "data", answer: (s) => statuspageAnswer(s, file[1]!.split("/").map(decoded)) };
  return null;
}
