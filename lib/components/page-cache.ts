import { config } from "@/lib/config";
import { dataGeneration } from "@/lib/changes/changes";

/**
 * The component page of each workspace, kept in memory between writes. Only on the embedded
 * database: exactly one process owns it, so every write passes through the data-changed signal
 * and the copy is exact. With PostgreSQL several instances may write, so nothing is kept.
 *
 * A read that started before a write committed must not store what it read: a copy counts only
 * for the generation of the workspace's data it was read in.
 */
type Entry<T> = { generation: number; value: T };

const store = globalThis as typeof globalThis & {
  __allclearPageCache?: Map<string, Entry<unknown>>;
};

const enabled = () => !config().databaseUrl;

export async function cachedPage<T>(workspaceId: string, read: () => Promise<T>): Promise<T> {
  if (!enabled()) return read();
  store.__allclearPageCache ??= new Map();
  const entries = store.__allclearPageCache;
  const generation = dataGeneration(workspaceId);
  const entry = entries.get(workspaceId);
  if (entry && entry.generation === generation) return entry.value as T;
  const value = await read();
  if (dataGeneration(workspaceId) === generation) entries.set(workspaceId, { generation, value });
  return value;
}
