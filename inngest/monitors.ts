import { ensureRegionSlots, runDueChecks } from "@/lib/monitors/checker";
import { pruneResults, purgeDeletedMonitors } from "@/lib/monitors/retention";
import { inngest } from "./client";

/**
 * The checks of a deployment with no long-running process (serverless): each minute, the
 * region's due checks, leased like a checker process's (both can run: each slot is checked
 * once). Intervals under 60 s need a checker process (`npm run checker`).
 */
export const monitorChecks = inngest.createFunction(
  {
    id: "monitor-checks",
    singleton: { mode: "skip" },
    triggers: [{ cron: "* * * * *" }],
  },
  async ({ step }) => {
    await step.run("ensure-slots", () => ensureRegionSlots());
    const checked = await step.run("run-due-checks", () => runDueChecks());
    await step.run("prune-results", () => pruneResults());
    await step.run("purge-deleted-monitors", () => purgeDeletedMonitors());
    return { checked };
  },
);
