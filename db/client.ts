import path from "node:path";
import { mkdir } from "node:fs/promises";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { config } from "@/lib/config";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: verbs accept both so they compose. */
export type Executor = Database | Transaction;

type Handle = {
  db: Database;
  close: () => Promise<void>;
  kind: "pglite" | "postgres";
  /** LISTEN on a channel (PostgreSQL only; the embedded database has one process). */
  listen: (channel: string, onMessage: (payload: string) => void) => Promise<void>;
  /** A read kept prepared under `name` on the connection (see preparedRead). */
  prepare: (name: string, text: string) => (params: string[]) => Promise<unknown[][]>;
};

const MIGRATIONS = path.join(process.cwd(), "db", "migrations");
// Any constant works; it only has to be the same for every process migrating one database.
const MIGRATION_LOCK = 7_312_004;

// Next.js may evaluate a module more than once (route bundles, instrumentation), so the one
// connection per process lives on globalThis rather than in module scope.
const store = globalThis as typeof globalThis & { __allclearDb?: Promise<Handle> };

async function openPglite(dir: string): Promise<Handle> {
  const { PGlite, parse, protocol } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (dir !== "memory://") await mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir === "memory://" ? undefined : dir);
  const db = drizzle({ client, schema, casing: "snake_case" });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  return {
    db: db as unknown as Database,
    close: () => client.close(),
    kind: "pglite",
    listen: async () => {},
    prepare: (name, text) => {
      const { serialize } = protocol;
      let parsed = false;
      // Waits for any open transaction, as the driver's own queries do: the embedded database
      // has one session, and a read between a transaction's statements would run inside it.
      return (params) =>
        client._runExclusiveTransaction(() =>
          client._runExclusiveQuery(async () => {
            const parts = parsed
              ? []
              : // Closing a statement that does not exist is no error; after a failed first
                // attempt, it clears whatever half of it got through.
                [serialize.close({ type: "S", name }), serialize.parse({ name, text, types: [] })];
            parts.push(
              serialize.bind({ statement: name, values: params }),
              serialize.describe({ type: "P" }),
              serialize.execute({}),
              serialize.sync(),
            );
            const { messages } = await client.execProtocol(Buffer.concat(parts), {
              syncToFs: false,
            });
            parsed = true;
            const [result] = parse.parseResults(messages, client.parsers, { rowMode: "array" });
            return (result?.rows ?? []) as unknown[][];
          }),
        );
    },
  };
}

async function openPostgres(url: string): Promise<Handle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // Migrations run on a single connection that holds an advisory lock, so several instances
  // starting together against one database apply each migration once.
  // The driver's own look-up of array types, run on every new connection, leaves its failure
  // unhandled when the connection is cut at that moment, which ends a Node process. Drizzle
  // reads and writes array columns as text itself, and raw reads of arrays go through JSON.
  const options = { onnotice: () => {}, fetch_types: false } as const;
  const migrator = postgres(url, { ...options, max: 1 });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(drizzle({ client: migrator, casing: "snake_case" }), {
      migrationsFolder: MIGRATIONS,
    });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    // Nothing is in flight here; without a timeout, ending a connection that was cut never
    // settles, and every later getDb would wait on this one.
    await migrator.end({ timeout: 1 });
  }
  const client = postgres(url, { ...options, max: config().databasePoolMax });
  const db = drizzle({ client, schema, casing: "snake_case" });
  return {
    db: db as unknown as Database,
    // Queries still waiting get a few seconds; a connection stuck in retries cannot hold it up.
    close: () => client.end({ timeout: 5 }),
    kind: "postgres",
    // postgres.js keeps a connection of its own for LISTEN and re-subscribes after reconnecting.
    listen: async (channel, onMessage) => {
      await client.listen(channel, onMessage);
    },
    // postgres.js prepares every statement on each connection by itself.
    prepare: (_name, text) => (params) => client.unsafe(text, params, { prepare: true }).values(),
  };
}

function open(): Promise<Handle> {
  const { databaseUrl, pgliteDir } = config();
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(pgliteDir);
}

/** The database, opened and migrated on first use (never at import: `next build` imports routes). */
export async function getDb(): Promise<Database> {
  if (process.env.NEXT_PHASE === "phase-production-build") {
    // A page that reads data must be dynamic; prerendering it would open the database at build.
    throw new Error("The database is not available during next build; mark the page dynamic.");
  }
  store.__allclearDb ??= open().catch((error: unknown) => {
    store.__allclearDb = undefined;
    throw error;
  });
  return (await store.__allclearDb).db;
}

/**
 * A read that runs on nearly every request, kept prepared on the connection. Through the
 * driver, an embedded-database query is parsed and planned anew and crosses into PGlite six
 * times; a named statement is bound and executed in one crossing, about ten times cheaper.
 * Rows come back as arrays in the order of the select list; `text` uses $1.. for `params`.
 * Keep to text, uuid and integer columns: the two drivers parse timestamps differently. Not for
 * use inside a transaction: on the embedded database it waits for the open one to end.
 */
export function preparedRead(
  name: string,
  text: () => Promise<string>,
): (params: string[]) => Promise<unknown[][]> {
  const statements = new WeakMap<Handle, (params: string[]) => Promise<unknown[][]>>();
  return async (params) => {
    await getDb();
    const handle = await store.__allclearDb!;
    let run = statements.get(handle);
    if (!run) {
      const prepared = handle.prepare(name, await text());
      run = statements.get(handle) ?? prepared;
      statements.set(handle, run);
    }
    return run(params);
  };
}

/** Listens for notifications on a channel (see Handle.listen). */
export async function listen(channel: string, onMessage: (payload: string) => void): Promise<void> {
  await getDb();
  await (await store.__allclearDb!).listen(channel, onMessage);
}

export async function closeDb(): Promise<void> {
  const handle = store.__allclearDb;
  store.__allclearDb = undefined;
  if (handle) await (await handle).close();
}

/**
 * The rows of a raw `execute`: postgres.js answers them as an array, PGlite inside `rows`.
 */
export function rowsOf<Row>(answer: unknown): Row[] {
  const result = answer as Row[] & { rows?: Row[] };
  return result.rows ?? [...result];
}

export { schema };
