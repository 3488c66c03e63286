import { jobHandlers } from "@/lib/jobs/handlers";
import { runDueJobs, runJob } from "@/lib/jobs/jobs";
import type { WindowRun } from "@/lib/jobs/engine";
import { inngest } from "./client";
import { sweepNotifications } from "./notifications";

/**
 * One window's run on Inngest: sleep until the start, start; sleep until the end, complete. The
 * steps run the same job rows as the embedded runner, so a run that was replaced (the window was
 * rescheduled or cancelled) finds its job cancelled and does nothing; a newer run replaces it.
 */
export const maintenanceWindow = inngest.createFunction(
  {
    id: "maintenance-window",
    // A newer run of the same window (it was rescheduled) replaces this one.
    cancelOn: [
      {
        event: "allclear/maintenance.window",
        match: "data.maintenanceId",
        if: "async.data.revision > event.data.revision",
      },
    ],
    triggers: [{ event: "allclear/maintenance.window" }],
  },
  async ({ event, step }) => {
    const data = event.data as WindowRun;
    if (data.startJobId) {
      await step.sleepUntil("wait-for-start", data.startsAt);
      await step.run("start", () => runJob(data.startJobId!, jobHandlers));
    }
    await step.sleepUntil("wait-for-end", data.endsAt);
    await step.run("complete", () => runJob(data.completeJobId, jobHandlers));
  },
);

/**
 * A sweep every minute for work whose event never reached Inngest (due jobs, events not fanned
 * out, deliveries long overdue): nothing is left behind.
 */
export const scheduledJobSweep = inngest.createFunction(
  { id: "scheduled-job-sweep", triggers: [{ cron: "* * * * *" }] },
  async ({ step }) => {
    const jobs = await step.run("run-due-jobs", () => runDueJobs(jobHandlers));
    await step.run("sweep-notifications", () => sweepNotifications());
    return jobs;
  },
);
