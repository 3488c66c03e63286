import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getDb, listen, schema, type Transaction } from "@/db/client";
import { config } from "@/lib/config";
import { announceEvents } from "@/lib/jobs/engine";
import { wakeChecker, wakeRunner } from "@/lib/jobs/wake";
import { eventsWrittenIn } from "@/lib/outbox/outbox";

/**
 * The one "data changed" signal. Every write that may change what the API or the public page
 * shows commits through transactionChangingData, which bumps a generation counter (per workspace
 * and for the whole deployment) once the transaction has ended. Caches keep what they read
 * together with the generation it was read in, and read again when it has moved on. On
 * PostgreSQL, the commit also sends a NOTIFY, so other instances move on at once.
 *
 * The same transaction moves the workspace's data version in the database, which signed-in
 * requests read with their session: a cache checked against it is exact on every instance.
 */

const CHANNEL = "allclear_data_changed";
// Tells this process's own notifications apart from other instances'.
const INSTANCE = randomUUID();

type State = {
  all: number;
  workspaces: Map<string, number>;
  listeners: Set<(workspaceId: string) => void>;
  listening?: Promise<void>;
};

const store = globalThis as typeof globalThis & { __allclearChanges?: State };

function state(): State {
  store.__allclearChanges ??= { all: 0, workspaces: new Map(), listeners: new Set() };
  return store.__allclearChanges;
}

/** The generation of a workspace's data, or of the whole deployment's without an id. */
export function dataGeneration(workspaceId?: string): number {
  const { all, workspaces } = state();
  return workspaceId === undefined ? all : (workspaces.get(workspaceId) ?? 0);
}

/** Calls `listener` after every change (this process's or, on PostgreSQL, another's). */
export function onDataChanged(listener: (workspaceId: string) => void): () => void {
  state().listeners.add(listener);
  return () => state().listeners.delete(listener);
}

/** Marks a workspace's data changed in this process. */
export function dataChanged(workspaceId: string): void {
  const current = state();
  current.all += 1;
  current.workspaces.set(workspaceId, (current.workspaces.get(workspaceId) ?? 0) + 1);
  for (const listener of current.listeners) listener(workspaceId);
}

/**
 * Counts the write in the workspace's data version, at the end of its transaction, so the row is
 * held only until the commit that follows: no lock is taken after it, so no cycle can wait on it.
 */
async function bumpDataVersion(tx: Transaction, workspaceId: string): Promise<void> {
  const { workspace, workspaceDataVersion } = schema;
  await tx
    .insert(workspaceDataVersion)
    .select(
      tx
        .select({ workspaceId: workspace.id, version: sql<bigint>`1`.as("version") })
        .from(workspace)
        .where(eq(workspace.id, workspaceId)),
    )
    .onConflictDoUpdate({
      target: workspaceDataVersion.workspaceId,
      set: { version: sql`${workspaceDataVersion.version} + 1` },
    });
}

/**
 * Runs a write that may change what is shown (and write events) in one transaction; once it has
 * committed or failed, marks the workspace's data changed and has any new events looked at. On
 * PostgreSQL the notification to other instances is part of the transaction: it is delivered
 * exactly when the write commits.
 */
export async function transactionChangingData<T>(
  workspaceId: string,
  write: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const db = await getDb();
  let committed: Transaction | undefined;
  try {
    const result = await db.transaction(async (tx) => {
      const value = await write(tx);
      await bumpDataVersion(tx, workspaceId);
      if (config().databaseUrl) {
        await tx.execute(sql`select pg_notify(${CHANNEL}, ${`${INSTANCE} ${workspaceId}`})`);
      }
      committed = tx;
      return value;
    });
    // Only a committed transaction's events exist to be announced.
    announceEvents(eventsWrittenIn(committed!));
    // A write may have scheduled work (a maintenance window's jobs): an idle runner looks now.
    wakeRunner();
    return result;
  } finally {
    dataChanged(workspaceId);
  }
}

/**
 * On PostgreSQL, listens for the changes other instances commit (a no-op on the embedded
 * database, which one process owns). Called once at start.
 */
export function listenForChanges(): Promise<void> {
  const current = state();
  current.listening ??= listen(CHANNEL, (payload) => {
    const [instance, workspaceId] = payload.split(" ");
    if (instance === INSTANCE || !workspaceId) return;
    dataChanged(workspaceId);
    // Another instance's write may have made work (events, mail, a monitor to check): this
    // process's background loops look now instead of at their next idle poll.
    wakeRunner();
    wakeChecker();
  });
  return current.listening;
}
