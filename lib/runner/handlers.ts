import {
  completeMaintenance,
  MAINTENANCE_COMPLETE,
  MAINTENANCE_START,
  startMaintenance,
} from "@/lib/maintenance/maintenance";
import { mailMonthlyReport } from "@/lib/email/reports";
import { announceOverdueUpdate } from "@/lib/incidents/incidents";
import { UPDATE_DUE } from "@/lib/incidents/promises";
import { MONTHLY_REPORT } from "@/lib/reports/schedule";
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
  [UPDATE_DUE]: async (tx, job) => {
    await announceOverdueUpdate(tx, { workspaceId: job.workspaceId, incidentId: job.subjectId });
  },
  [MONTHLY_REPORT]: async (tx, job) => {
    await mailMonthlyReport(tx, job);
  },
};
