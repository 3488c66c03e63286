import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { constantTimeEqual } from "@/lib/crypto/compare";

/**
 * The address at the other end of a request's TCP connection, as this process's HTTP server saw
 * it: never a header a client or proxy wrote. Next.js hands route handlers a Request without its
 * socket, so the server stamps every incoming request with a header of its own, removing any
 * that arrived with it; the value carries a secret made at start, so a header that was not
 * stamped here (a server started some other way) is never believed.
 */
export const SOCKET_PEER_HEADER = "x-allclear-socket-peer";

type Store = typeof globalThis & { __allclearPeerSecret?: string };
const store = globalThis as Store;

function secret(): string {
  store.__allclearPeerSecret ??= randomBytes(24).toString("base64url");
  return store.__allclearPeerSecret;
}

/** The stamp a request from `address` carries: the process's secret, then the address. */
export function peerStamp(address: string): string {
  return `${secret()} ${address}`;
}

/**
 * Stamps a request with its socket's peer, replacing any stamp it arrived with; the HTTP server
 * does this for every request before any listener sees it (lib/server/front-door.ts).
 */
export function stampSocketPeer(request: IncomingMessage): void {
  delete request.headers[SOCKET_PEER_HEADER];
  const address = request.socket?.remoteAddress;
  if (address) request.headers[SOCKET_PEER_HEADER] = peerStamp(address);
}

/** The socket peer this process stamped on the request, or null when it carries no true stamp. */
export function socketPeer(headers: Headers): string | null {
  const value = headers.get(SOCKET_PEER_HEADER);
  if (!value) return null;
  const space = value.indexOf(" ");
  if (space < 0 || !constantTimeEqual(value.slice(0, space), secret())) return null;
  const address = value.slice(space + 1);
  return isIP(address) ? address : null;
}
