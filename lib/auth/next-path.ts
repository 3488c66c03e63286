/**
 * Where to go after signing in: a path on this site, never another origin. A path starts with
 * one "/" followed by neither "/" nor "\" (browsers read both `//host` and `/\host` as another
 * host), and holds no control characters (browsers drop tabs and newlines, so `/\t/host` would
 * become `//host`).
 */
export function safeNextPath(next: string | null, fallback = "/dashboard"): string {
  if (!next || next[0] !== "/" || next[1] === "/" || next[1] === "\\") return fallback;
  return /[\u0000-\u001f\u007f]/.test(next) ? fallback : next;
}

/** Set by proxy.ts on page requests: the path and query asked for. */
export const REQUESTED_PATH_HEADER = "x-allclear-requested-path";
