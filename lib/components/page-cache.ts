/**
 * The component page of each workspace, kept in memory with the data version it was read at
 * (see workspaceDataVersion). Every request reads the current version together with its session,
 * and a copy of another version is read again; since every write that changes the page moves the
 * version in its own transaction, this holds on PostgreSQL with several instances as well.
 *
 * The page is read after the version, so a copy is never older than the version it is kept
 * under; a copy read for an older version never replaces one for a newer.
 */
type Entry<T> = { version: bigint; value: T };

const store = globalThis as typeof globalThis & {
  __allclearPageCache?: Map<string, Entry<unknown>>;
};

export async function cachedPage<T>(
  workspaceId: string,
  version: string,
  read: () => Promise<T>,
): Promise<T> {
  const entries = (store.__allclearPageCache ??= new Map());
  const current = BigInt(version);
  const entry = entries.get(workspaceId);
  if (entry && entry.version === current) return entry.value as T;
  const value = await read();
  const latest = entries.get(workspaceId);
  if (!latest || latest.version <= current) entries.set(workspaceId, { version: current, value });
  return value;
}
