import { getDb, type Transaction } from "@/db/client";
import { config } from "@/lib/config";
import { announceEvents } from "@/lib/jobs/engine";

/**
 * The component page of each workspace, kept in memory between writes. Only on the embedded
 * database: exactly one process owns it, so every write passes through here and the copy is
 * exact. With PostgreSQL several instances may write, so nothing is kept.
 *
 * A read that started before a write committed must not store what it read: each write bumps the
 * workspace's generation after committing, and a copy counts only for the generation it was read in.
 */
type Entry<T> = { generation: number; value: T };

const store = globalThis as typeof globalThis & {
  __allclearPageCache?: { generations: Map<string, number>; entries: Map<string, Entry<unknown>> };
};

function state() {
  store.__allclearPageCache ??= { generations: new Map(), entries: new Map() };
  return store.__allclearPageCache;
}

const enabled = () => !config().databaseUrl;

export async function cachedPage<T>(workspaceId: string, read: () => Promise<T>): Promise<T> {
  if (!enabled()) return read();
  const { generations, entries } = state();
  const generation = generations.get(workspaceId) ?? 0;
  const entry = entries.get(workspaceId);
  if (entry && entry.generation === generation) return entry.value as T;
  const value = await read();
  if ((generations.get(workspaceId) ?? 0) === generation)
    entries.set(workspaceId, { generation, value });
  return value;
}

/** Call after a write to components, groups or component statuses has committed (or failed). */
export function componentsChanged(workspaceId: string): void {
  const { generations, entries } = state();
  generations.set(workspaceId, (generations.get(workspaceId) ?? 0) + 1);
  entries.delete(workspaceId);
}

/**
 * Runs a write that may change components or their statuses (and write events) in one
 * transaction; once it has committed or failed, marks the workspace's page changed and has any
 * new events looked at.
 */
export async function transactionTouchingComponents<T>(
  workspaceId: string,
  write: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const db = await getDb();
  try {
    return await db.transaction(write);
  } finally {
    componentsChanged(workspaceId);
    await announceEvents();
  }
}
