import { ensureRegionSlots, runDueChecks } from "@/lib/monitors/checker";
import { pruneResults, purgeDeletedMonitors } from "@/lib/monitors/retention";
import { inngest } from "./client";

/** Slots one step checks, all at once: a step lasts about the longest timeout among them. */
export const SLOTS_PER_STEP = 1_000;
/** Steps one run takes at most: SLOTS_PER_STEP × this many slots a minute. */
export const STEPS_PER_RUN = 6;

/**
 * The checks of a deployment with no long-running process (serverless): each minute, the
 * region's due slots in steps of up to SLOTS_PER_STEP (each its own invocation), one after
 * another until one finds fewer due, at most STEPS_PER_RUN: 6,000 slots a minute. Each step
 * leases its slots like a checker process (both can run: each slot is checked once). A slot is
 * checked at most once a minute this way: intervals under 60 s, and more than 6,000 checks a
 * minute, need checker processes (`npm run checker`), which every long-running server is by
 * default.
 */
export const monitorChecks = inngest.createFunction(
  {
    id: "monitor-checks",
    singleton: { mode: "skip" },
    triggers: [{ cron: "* * * * *" }],
  },
  async ({ step }) => {
    await step.run("ensure-slots", () => ensureRegionSlots());
    let checked = 0;
    for (let n = 0; n < STEPS_PER_RUN; n++) {
      const count = await step.run(`run-due-checks-${n}`, () =>
        runDueChecks({ limit: SLOTS_PER_STEP }),
      );
      checked += count;
      if (count < SLOTS_PER_STEP) break;
    }
    await step.run("prune-results", () => pruneResults());
    await step.run("purge-deleted-monitors", () => purgeDeletedMonitors());
    return { checked };
  },
);
