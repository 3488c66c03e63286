import { and, eq } from "drizzle-orm";
import { schema, type Executor } from "@/db/client";
import type { ComponentStatus } from "./schemas";

export type StatusCause = (typeof schema.statusCauseEnum.enumValues)[number];

/**
 * The one way a component's status changes: the component row and its history row are written
 * together, in the caller's transaction. A change to the status it already has records nothing.
 * The caller's transaction is one of transactionChangingData's, which marks the data changed.
 */
export async function setComponentStatus(
  tx: Executor,
  change: {
    workspaceId: string;
    componentId: string;
    status: ComponentStatus;
    cause: StatusCause;
    causeId?: string | null;
    changedBy?: string | null;
  },
): Promise<boolean> {
  const { component, componentStatusChange } = schema;
  const [current] = await tx
    .select({ status: component.status })
    .from(component)
    .where(and(eq(component.workspaceId, change.workspaceId), eq(component.id, change.componentId)))
    .for("update");
  if (!current || current.status === change.status) return false;
  await tx
    .update(component)
    .set({ status: change.status, updatedAt: new Date() })
    .where(
      and(eq(component.workspaceId, change.workspaceId), eq(component.id, change.componentId)),
    );
  await tx.insert(componentStatusChange).values({
    workspaceId: change.workspaceId,
    componentId: change.componentId,
    fromStatus: current.status,
    toStatus: change.status,
    cause: change.cause,
    causeId: change.causeId ?? null,
    changedBy: change.changedBy ?? null,
  });
  return true;
}
