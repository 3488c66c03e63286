import { createHash } from "node:crypto";

/** A strong validator for a body: the first 16 bytes of its SHA-256, quoted. */
export function strongEtag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}

/** Whether an If-None-Match header names the etag (weak comparison, as RFC 9110 says for GET). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
