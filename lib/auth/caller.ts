import type { Actor } from "@/lib/contract/actor";
import { UnauthenticatedError } from "@/lib/errors";
import { limitApiRequest } from "@/lib/http/rate-limit";
import { assertSameOrigin } from "@/lib/http/request";
import { actorFromApiToken } from "@/lib/tokens/tokens";
import { actorFromToken, sessionTokenFromHeaders } from "./session";

/**
 * The secret of an `Authorization: Bearer …` header, or `OAuth …` as scripts written for
 * Statuspage send it; null without the header.
 */
function bearerSecret(headers: Headers): string | null {
  const header = headers.get("authorization");
  if (header === null) return null;
  const match = /^(?:Bearer|OAuth) +(\S+) *$/i.exec(header);
  if (!match) throw new UnauthenticatedError('Send the token as "Authorization: Bearer <secret>".');
  return match[1]!;
}

/**
 * Who makes a `/v1` request, counted against the rate limit on the way: an API token sent as a
 * bearer secret (no cookie rides with it, so no Origin rule applies), or else the session cookie,
 * whose writes must come from the dashboard's origin. The session is read only when `needed`.
 */
export async function requestCaller(request: Request, needed: boolean): Promise<Actor | null> {
  const secret = bearerSecret(request.headers);
  if (secret !== null) {
    const actor = await actorFromApiToken(secret);
    limitApiRequest(request, actor && `token:${actor.tokenId}`);
    if (!actor) throw new UnauthenticatedError("This API token is unknown, revoked or expired.");
    return actor;
  }
  const sessionToken = await sessionTokenFromHeaders(request.headers);
  limitApiRequest(request, sessionToken && `session:${sessionToken}`);
  assertSameOrigin(request);
  return needed && sessionToken ? actorFromToken(sessionToken) : null;
}
