import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { sendOffStatusHost, servePublicFromMemory } from "@/lib/public/from-memory";

/** What the server answers for a request it leaves to Next.js. */
export const LEFT_TO_NEXT = 599;

export type LoopbackAnswer = { status: number; location?: string; body: string };

/**
 * An HTTP server on loopback that answers the public pages as `npm start`'s does before Next.js
 * (from memory, and sending other paths off a page's own host), and LEFT_TO_NEXT for the rest.
 */
export async function startFrontDoor() {
  const server = createServer((request, response) => {
    if (!sendOffStatusHost(request, response) && !servePublicFromMemory(request, response)) {
      response.writeHead(LEFT_TO_NEXT).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const get = (
    path: string,
    host = `127.0.0.1:${port}`,
    method = "GET",
    headers: Record<string, string> = {},
  ) =>
    new Promise<LoopbackAnswer & { cacheControl?: string }>((resolve, reject) => {
      const sent = httpRequest(
        { port, path, method, headers: { ...headers, host } },
        (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () =>
            resolve({
              status: response.statusCode!,
              location: response.headers.location,
              cacheControl: response.headers["cache-control"],
              body,
            }),
          );
        },
      );
      sent.on("error", reject);
      sent.end();
    });
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { port, get, close };
}
