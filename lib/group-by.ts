/** Groups values by a key, keeping their order: rows of a join, gathered per parent id. */
export function groupBy<T, V>(
  rows: readonly T[],
  key: (row: T) => string,
  value: (row: T) => V,
): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(value(row));
    else groups.set(key(row), [value(row)]);
  }
  return groups;
}
