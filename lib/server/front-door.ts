import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { servePingFromFrontDoor } from "@/lib/api/heartbeat";
import { stampSocketPeer } from "@/lib/http/socket-peer";
import { sendOffStatusHost, servePublicFromMemory } from "@/lib/public/from-memory";

const store = globalThis as typeof globalThis & { __allclearFrontDoor?: true };

/**
 * Every request this process's HTTP server receives passes here before Next.js sees it. A GET of
 * the public page or its files is answered from memory (the costliest part of such a request
 * was Next.js's own routing, which a crowd of visitors would otherwise make an editor's
 * requests queue behind), and so is a heartbeat ping; every other request is stamped with its
 * socket's peer and handed on.
 * The development server leaves the public page to its routes, so edits to it show at once.
 * Called once at start, before the first request is served.
 */
export function openFrontDoor({ publicFromMemory }: { publicFromMemory: boolean }): void {
  if (store.__allclearFrontDoor) return;
  store.__allclearFrontDoor = true;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request" || event === "checkContinue" || event === "checkExpectation") {
      const request = args[0] as IncomingMessage;
      if (
        event === "request" &&
        publicFromMemory &&
        (sendOffStatusHost(request, args[1] as ServerResponse) ||
          servePublicFromMemory(request, args[1] as ServerResponse) ||
          servePingFromFrontDoor(request, args[1] as ServerResponse))
      ) {
        return true;
      }
      stampSocketPeer(request);
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}
