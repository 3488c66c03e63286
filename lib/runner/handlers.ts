import {
  completeMaintenance,
  MAINTENANCE_COMPLETE,
  MAINTENANCE_START,
  startMaintenance,
} from "@/lib/maintenance/maintenance";
import type { JobHandler } from "./jobs";

/** Every kind of scheduled job and the transition it runs; both engines use this table. */
export const jobHandlers: Record<string, JobHandler> = {
  [MAINTENANCE_START]: async (tx, job) => {
    await startMaintenance(tx, {
      workspaceId: job.workspaceId,
      maintenanceId: job.subjectId,
      revision: job.revision,
    });
  },
  [MAINTENANCE_COMPLETE]: async (tx, job) => {
    await completeMaintenance(tx, {
      workspaceId: job.workspaceId,
      maintenanceId: job.subjectId,
      revision: job.revision,
    });
  },
};
