import net from "node:net";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { errorResponse } from "@/lib/http/problem";
import { isDatabaseUnreachable, noteDatabaseAnswered } from "./database-outage";

afterEach(() => vi.restoreAllMocks());

/** A real failed query against a port where nothing listens. */
async function unreachableError(): Promise<unknown> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const client = postgres(`postgres://nobody@127.0.0.1:${port}/none`, {
    max: 1,
    connect_timeout: 2,
  });
  try {
    return await drizzle({ client })
      .execute(sql`select 1`)
      .then(
        () => new Error("the query succeeded"),
        (error: unknown) => error,
      );
  } finally {
    await client.end({ timeout: 1 });
  }
}

describe("a database out of reach", () => {
  it("is told from our own errors, through the driver's and Drizzle's wrapping", async () => {
    expect(isDatabaseUnreachable(await unreachableError())).toBe(true);
    const db = await getDb();
    const syntax = await db.execute(sql`select from nowhere at all`).catch((e: unknown) => e);
    expect(isDatabaseUnreachable(syntax)).toBe(false);
    expect(isDatabaseUnreachable(new Error("plain"))).toBe(false);
  });

  it("answers 503 with Retry-After, and is logged once per outage", async () => {
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args) => void logged.push(String(args[0])));
    vi.spyOn(console, "info").mockImplementation((...args) => void logged.push(String(args[0])));
    const error = await unreachableError();
    for (let i = 0; i < 3; i++) {
      const response = errorResponse(error);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect((await response.json()).code).toBe("service_unavailable");
    }
    expect(logged.filter((line) => line.includes("unreachable"))).toHaveLength(1);
    noteDatabaseAnswered();
    expect(logged.at(-1)).toMatch(/reachable again after/);
    errorResponse(error);
    expect(logged.filter((line) => line.includes("unreachable"))).toHaveLength(2);
    noteDatabaseAnswered();
  });

  // Next.js evaluates a module once per bundle (routes, instrumentation), so the background
  // runner and the requests may hold different copies of this one.
  it("is one outage for every copy of the module in the process", async () => {
    const logged: string[] = [];
    vi.spyOn(console, "info").mockImplementation((...args) => void logged.push(String(args[0])));
    vi.resetModules();
    const first = await import("./database-outage");
    vi.resetModules();
    const second = await import("./database-outage");
    expect(first).not.toBe(second);
    expect(first.databaseOutageBegins()).toBe(true);
    expect(second.databaseOutageBegins()).toBe(false);
    second.noteDatabaseAnswered();
    first.noteDatabaseAnswered();
    expect(logged.filter((line) => /reachable again/.test(line))).toHaveLength(1);
  });
});
