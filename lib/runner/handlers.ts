import {
  completeMaintenance,
  MAINTENANCE_COMPLETE,
  MAINTENANCE_REMINDER,
  MAINTENANCE_START,
  remindMaintenance,
  startMaintenance,
} from "@/lib/maintenance/maintenance";
import { extendMaintenanceSeries, MAINTENANCE_SERIES } from "@/lib/maintenance/series";
import { announceWindowRun } from "@/lib/jobs/engine";
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
  [MAINTENANCE_REMINDER]: async (tx, job) => {
    await remindMaintenance(tx, {
      workspaceId: job.workspaceId,
      maintenanceId: job.subjectId,
      revision: job.revision,
    });
  },
  [MAINTENANCE_SERIES]: async (tx, job) => {
    const runs = await extendMaintenanceSeries(tx, {
      workspaceId: job.workspaceId,
      seriesId: job.subjectId,
      revision: job.revision,
    });
    // The windows are weeks away: their runs are sent now and find their jobs once this commits.
    for (const run of runs) announceWindowRun(run);
  },
  [UPDATE_DUE]: async (tx, job) => {
    await announceOverdueUpdate(tx, { workspaceId: job.workspaceId, incidentId: job.subjectId });
  },
  [MONTHLY_REPORT]: async (tx, job) => {
    await mailMonthlyReport(tx, job);
  },
};
