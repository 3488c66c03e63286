import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { within } from "@/lib/within";

/** How long a readiness probe waits for the database before calling it unreachable. */
const PROBE_TIMEOUT_MS = 2000;

/** Whether the database answers a trivial query within the probe's time. */
export async function databaseReady(): Promise<boolean> {
  const probe = getDb().then((db) => db.execute(sql`select 1`));
  return within(probe, PROBE_TIMEOUT_MS, "The database did not answer the probe in time.").then(
    () => true,
    () => false,
  );
}
