import { eq } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { transactionChangingData } from "@/lib/changes/changes";
import { NotFoundError } from "@/lib/errors";
import type { PatchWorkspaceInput } from "./schemas";

const { workspace } = schema;

const columns = {
  id: workspace.id,
  name: workspace.name,
  timeZone: workspace.timeZone,
  createdAt: workspace.createdAt,
};

export async function getWorkspace({ ctx }: { ctx: Pick<Actor, "workspaceId"> }) {
  const db = await getDb();
  const [row] = await db.select(columns).from(workspace).where(eq(workspace.id, ctx.workspaceId));
  if (!row) throw new NotFoundError("workspace");
  return row;
}

/** Renames the workspace or moves the public page to another time zone. */
export async function updateWorkspace({ ctx, input }: { ctx: Actor; input: PatchWorkspaceInput }) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    const [before] = await tx
      .select(columns)
      .from(workspace)
      .where(eq(workspace.id, ctx.workspaceId))
      .for("update");
    if (!before) throw new NotFoundError("workspace");
    const [row] = await tx
      .update(workspace)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(workspace.id, ctx.workspaceId))
      .returning(columns);
    if (!row) throw new NotFoundError("workspace");
    await recordAudit(
      tx,
      ctx,
      "workspace.update",
      { type: "workspace", id: row.id, name: row.name },
      changesBetween(before, row),
    );
    return row;
  });
}
