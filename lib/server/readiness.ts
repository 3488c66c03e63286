import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { checkerHealth, type CheckerHealth } from "@/lib/jobs/wake";
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

export type Readiness = {
  status: "ok" | "unavailable";
  database: "ok" | "unreachable";
  /** This process's monitor checker, when it runs one. */
  checker?: { status: "ok" | "stalled" } & Omit<CheckerHealth, "stalled">;
};

/**
 * Whether this process can do its work: the database answers, and its monitor checker (if it
 * runs one) completes checks. A checker that has had checks to run and completed none for three
 * of their intervals is stalled, and the process is not ready.
 */
export async function readiness(): Promise<Readiness> {
  const database = await databaseReady();
  const health = checkerHealth();
  const checker = health && {
    status: health.stalled ? ("stalled" as const) : ("ok" as const),
    inFlight: health.inFlight,
    oldestInFlightMs: health.oldestInFlightMs,
    lastCompletedAt: health.lastCompletedAt,
    givenUp: health.givenUp,
  };
  const ready = database && checker?.status !== "stalled";
  return {
    status: ready ? "ok" : "unavailable",
    database: database ? "ok" : "unreachable",
    ...(checker ? { checker } : {}),
  };
}
