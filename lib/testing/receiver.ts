import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { path: string; headers: IncomingHttpHeaders; body: string; at: number };
export type Reply = {
  status: number;
  delayMs?: number;
  headers?: Record<string, string>;
  body?: string;
};

/**
 * A real HTTP receiver on loopback for webhook tests. Each path answers from its own queue of
 * replies (then 200), and every request is kept in arrival order.
 */
export class Receiver {
  readonly received: Received[] = [];
  private readonly replies = new Map<string, Reply[]>();
  private readonly standing = new Map<string, Reply>();
  private readonly answerers = new Map<string, (request: Received) => Reply>();
  private readonly prefixAnswerers = new Map<string, (request: Received) => Reply>();
  private server!: Server;
  url = "";

  /** Listens on loopback: on `port` when a test's server was told where, or on a free one. */
  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const path = request.url ?? "/";
        this.received.push({
          path,
          headers: request.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          at: Date.now(),
        });
        const reply = this.replies.get(path)?.shift() ??
          this.standing.get(path) ??
          (this.answerers.get(path) ?? this.answererUnder(path))?.(this.received.at(-1)!) ?? {
            status: 200,
          };
        setTimeout(() => {
          if (response.destroyed) return;
          response.writeHead(reply.status, reply.headers);
          response.end(reply.body ?? "ok");
        }, reply.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(port, "127.0.0.1", resolve));
    this.url = `http://localhost:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Queues replies for a path, used in order before the default 200. */
  reply(path: string, ...replies: Reply[]): void {
    this.replies.set(path, [...(this.replies.get(path) ?? []), ...replies]);
  }

  /** The reply for a path once its queue is empty. */
  always(path: string, reply: Reply): void {
    this.standing.set(path, reply);
  }

  /** Answers each request to a path as a provider would: after reading it (once queued replies run out). */
  answer(path: string, answerer: (request: Received) => Reply): void {
    this.answerers.set(path, answerer);
  }

  /** Answers every request whose path starts with `prefix` (a provider's whole API). */
  answerUnder(prefix: string, answerer: (request: Received) => Reply): void {
    this.prefixAnswerers.set(prefix, answerer);
  }

  private answererUnder(path: string) {
    const prefixes = [...this.prefixAnswerers.keys()].filter((prefix) => path.startsWith(prefix));
    const longest = prefixes.sort((a, b) => b.length - a.length)[0];
    return longest === undefined ? undefined : this.prefixAnswerers.get(longest);
  }

  on(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }

  /** Waits until `path` has received `count` requests; answers them. */
  async waitFor(path: string, count: number, timeoutMs = 10_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.on(path).length < count) {
      if (Date.now() > deadline) {
        throw new Error(
          `${path} received ${this.on(path).length} of ${count} requests in ${timeoutMs} ms`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.on(path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
