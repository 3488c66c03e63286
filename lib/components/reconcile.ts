import { and, eq, inArray, ne } from "drizzle-orm";
import { schema, type Executor } from "@/db/client";
import type { ComponentStatus } from "./schemas";
import { SEVERITY } from "@/lib/status/labels";
import { setComponentStatus, type StatusCause } from "./status";

/**
 * Sets each component to the status its holders imply: the most severe of what open published
 * incidents set it to and `under_maintenance` for in-progress maintenance; `operational` when
 * nothing holds it. Runs in the caller's transaction; records each change with its cause.
 */
export async function reconcileComponents(
  tx: Executor,
  {
    workspaceId,
    componentIds,
    cause,
    causeId,
  }: { workspaceId: string; componentIds: string[]; cause: StatusCause; causeId: string },
): Promise<void> {
  if (!componentIds.length) return;
  const { incident, incidentComponent, maintenance, maintenanceComponent } = schema;
  const [fromIncidents, fromMaintenance] = await Promise.all([
    tx
      .select({ componentId: incidentComponent.componentId, status: incidentComponent.status })
      .from(incidentComponent)
      .innerJoin(incident, eq(incident.id, incidentComponent.incidentId))
      .where(
        and(
          eq(incidentComponent.workspaceId, workspaceId),
          inArray(incidentComponent.componentId, componentIds),
          eq(incident.visibility, "published"),
          ne(incident.status, "resolved"),
        ),
      ),
    tx
      .select({ componentId: maintenanceComponent.componentId })
      .from(maintenanceComponent)
      .innerJoin(maintenance, eq(maintenance.id, maintenanceComponent.maintenanceId))
      .where(
        and(
          eq(maintenanceComponent.workspaceId, workspaceId),
          inArray(maintenanceComponent.componentId, componentIds),
          eq(maintenance.status, "in_progress"),
        ),
      ),
  ]);
  const held = new Map<string, ComponentStatus>();
  const hold = (componentId: string, status: ComponentStatus) => {
    const current = held.get(componentId) ?? "operational";
    if (SEVERITY.indexOf(status) > SEVERITY.indexOf(current)) held.set(componentId, status);
  };
  for (const row of fromIncidents) hold(row.componentId, row.status);
  for (const row of fromMaintenance) hold(row.componentId, "under_maintenance");
  for (const componentId of new Set(componentIds)) {
    await setComponentStatus(tx, {
      workspaceId,
      componentId,
      status: held.get(componentId) ?? "operational",
      cause,
      causeId,
    });
  }
}
