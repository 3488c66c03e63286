import { closeDb, getDb } from "@/db/client";
import { forgetAuth } from "@/lib/auth/auth";

// A test's own database made unreachable and reachable again: on PostgreSQL its connections are
// refused and cut, on the embedded PGlite the database is closed under the running code.

async function asAdmin(statement: string) {
  const { default: postgres } = await import("postgres");
  const url = new URL(process.env.DATABASE_URL!);
  const name = url.pathname.slice(1);
  url.pathname = "/postgres";
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(statement.replaceAll("$database", name));
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The database goes away: nobody can connect, and the open connections are cut. */
export async function stopDatabase(): Promise<void> {
  if (process.env.DATABASE_URL) {
    await asAdmin(`alter database "$database" with allow_connections false`);
    await asAdmin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '$database' and pid <> pg_backend_pid()`,
    );
  } else {
    const db = (await getDb()) as unknown as { $client: { close(): Promise<void> } };
    await db.$client.close();
  }
}

/**
 * The database can be reached again. PostgreSQL's pool reconnects by itself unless `reopen`;
 * a closed PGlite is always opened anew (from its directory, or empty for `memory://`).
 */
export async function startDatabase({ reopen = false } = {}): Promise<void> {
  if (process.env.DATABASE_URL) {
    await asAdmin(`alter database "$database" with allow_connections true`);
    if (!reopen) return;
  }
  await closeDb().catch(() => {});
  forgetAuth();
}
