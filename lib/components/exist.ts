import { and, eq, inArray } from "drizzle-orm";
import { schema, type Executor } from "@/db/client";
import { ValidationError } from "@/lib/errors";

/**
 * Every id must name a component of the workspace; otherwise 400 naming each entry that does
 * not (`field(index)` gives its dotted path, e.g. `components.1.componentId`).
 */
export async function assertComponentsExist(
  tx: Executor,
  workspaceId: string,
  ids: readonly string[],
  field: (index: number) => string,
): Promise<void> {
  if (!ids.length) return;
  const { component } = schema;
  const found = await tx
    .select({ id: component.id })
    .from(component)
    .where(and(eq(component.workspaceId, workspaceId), inArray(component.id, [...ids])));
  const known = new Set(found.map((row) => row.id));
  const errors = ids.flatMap((id, index) =>
    known.has(id)
      ? []
      : [{ field: field(index), message: "No component with that id in this workspace." }],
  );
  if (errors.length) throw new ValidationError(errors);
}

/** Each workspace's component names by id. */
export async function componentNames(
  tx: Executor,
  workspaceIds: readonly string[],
): Promise<Map<string, Map<string, string>>> {
  if (!workspaceIds.length) return new Map();
  const rows = await tx
    .select({
      id: schema.component.id,
      name: schema.component.name,
      workspaceId: schema.component.workspaceId,
    })
    .from(schema.component)
    .where(inArray(schema.component.workspaceId, [...workspaceIds]));
  const names = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const workspace = names.get(row.workspaceId) ?? new Map<string, string>();
    workspace.set(row.id, row.name);
    names.set(row.workspaceId, workspace);
  }
  return names;
}
