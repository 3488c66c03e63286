import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { closeDb, getDb, rowsOf } from "./client";

/**
 * A loopback proxy to the test's PostgreSQL that resets the first connection the moment its
 * first statement after the start-up message arrives: a database restarting while a new
 * connection is being opened.
 */
async function cutFirstStatement(target: URL): Promise<{ port: number; close(): void }> {
  let connections = 0;
  const server = net.createServer((client) => {
    const cut = ++connections === 1;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", closeBoth);
    upstream.on("error", closeBoth);
    upstream.pipe(client);
    let received = Buffer.alloc(0);
    client.on("data", (chunk: Buffer) => {
      if (!cut) return void upstream.write(chunk);
      received = Buffer.concat([received, chunk]);
      const startupLength = received.length >= 4 ? received.readInt32BE(0) : Infinity;
      if (received.length > startupLength) {
        client.resetAndDestroy();
        upstream.destroy();
      } else {
        upstream.write(chunk);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

const ownUrl = process.env.DATABASE_URL!;

afterAll(async () => {
  await closeDb();
  process.env.DATABASE_URL = ownUrl;
  resetConfig();
});

describe("a PostgreSQL connection cut while it opens", () => {
  it("fails the query that waited on it, leaves nothing unhandled, and the next one connects", async () => {
    const unhandled: unknown[] = [];
    const collect = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", collect);
    const proxy = await cutFirstStatement(new URL(ownUrl));
    try {
      await closeDb();
      const viaProxy = new URL(ownUrl);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxy.port);
      process.env.DATABASE_URL = viaProxy.toString();
      resetConfig();

      await expect(getDb()).rejects.toMatchObject({ code: "ECONNRESET" });
      const db = await getDb();
      expect(rowsOf(await db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
      // An unhandled rejection is reported on a later turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", collect);
      proxy.close();
    }
  });
});
