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
