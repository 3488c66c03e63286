import { RetryAfterError } from "inngest";
import { jobHandlers } from "@/lib/runner/handlers";
import { runDueJobs, runJob } from "@/lib/runner/jobs";
import { EMAIL_PENDING, type WindowRun } from "@/lib/jobs/engine";
import { inngest } from "./client";
import { mailWaiting } from "./email";
import { announce, overdueDeliveries, revive } from "./notifications";

/** The longest one sleep may last: Inngest's free plan allows 7 days. */
export const MAX_SLEEP_MS = 6 * 24 * 60 * 60_000;

// A newer run of the same window (it was rescheduled), or its cancellation, calls this one off.
// Both conditions sit in one `if`: with `match` as well, the SDK would register `match` alone.
const SAME_WINDOW_NEWER_REVISION =
  "async.data.maintenanceId == event.data.maintenanceId && async.data.revision > event.data.revision";

/**
 * Runs a window's job; one not due yet (the step woke early: Inngest rounds sleeps) asks Inngest
 * to run the step again at the job's time, rather than leaving the work to the next sweep.
 */
export async function runJobNow(jobId: string): Promise<boolean> {
  const outcome = await runJob(jobId, jobHandlers);
  if (!outcome.ran && outcome.dueAt) throw new RetryAfterError("Not due yet", outcome.dueAt);
  return outcome.ran;
}

/**
 * One window's run on Inngest: sleep until the start, start; sleep until the end, complete. The
 * steps run the same job rows as the embedded runner, so a run that was replaced finds its job
 * cancelled and does nothing. A step that wakes before its job is due (Inngest rounds sleeps)
 * waits for the job's time instead of leaving it to the sweep. Sleeps longer than MAX_SLEEP_MS
 * are taken in hops, fixed by the event's time so every replay takes the same ones.
 */
export const maintenanceWindow = inngest.createFunction(
  {
    id: "maintenance-window",
    cancelOn: [
      { event: "allclear/maintenance.window", if: SAME_WINDOW_NEWER_REVISION },
      { event: "allclear/maintenance.cancel", if: SAME_WINDOW_NEWER_REVISION },
    ],
    triggers: [{ event: "allclear/maintenance.window" }],
  },
  async ({ event, step }) => {
    const data = event.data as WindowRun;
    const from = event.ts ?? Date.now();
    const sleepUntil = async (id: string, at: string) => {
      const target = Date.parse(at);
      for (let hop = 1; from + hop * MAX_SLEEP_MS < target; hop++) {
        await step.sleepUntil(`${id}-${hop}`, new Date(from + hop * MAX_SLEEP_MS));
      }
      await step.sleepUntil(id, at);
    };
    const run = (id: string, jobId: string) => step.run(id, () => runJobNow(jobId));
    if (data.startJobId) {
      await sleepUntil("wait-for-start", data.startsAt);
      await run("start", data.startJobId);
    }
    await sleepUntil("wait-for-end", data.endsAt);
    await run("complete", data.completeJobId);
  },
);

/**
 * A sweep every minute for work whose event never reached Inngest: it runs due jobs (exactly
 * once, under the job row's lock) and asks again for deliveries whose run died. One sweep at a
 * time: a run that starts while another is busy is skipped.
 */
export const scheduledJobSweep = inngest.createFunction(
  {
    id: "scheduled-job-sweep",
    singleton: { mode: "skip" },
    triggers: [{ cron: "* * * * *" }],
  },
  async ({ step }) => {
    const jobs = await step.run("run-due-jobs", () => runDueJobs(jobHandlers));
    const overdue = revive(await step.run("overdue-deliveries", () => overdueDeliveries()));
    await announce(step, overdue);
    const mail = await step.run("mail-waiting", () => mailWaiting());
    if (mail) await step.sendEvent("send-mail", { name: EMAIL_PENDING, data: {} });
    return { jobs, deliveries: overdue.length, mail };
  },
);
