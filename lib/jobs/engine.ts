import { config } from "@/lib/config";
import { inngest } from "@/inngest/client";
import { takeWrittenEvents } from "@/lib/outbox/outbox";
import { wakeRunner } from "./wake";
import { logError } from "@/lib/log";

/** A maintenance window's scheduled run, as the Inngest function receives it. */
export type WindowRun = {
  maintenanceId: string;
  revision: number;
  startsAt: string;
  endsAt: string;
  startJobId: string | null;
  completeJobId: string;
};

/**
 * With Inngest configured, hands a window's run to Inngest once the change has committed. The
 * embedded runner needs no word: it reads the job rows. A send that fails is caught up by the
 * minute sweep, because the rows are the truth either way.
 */
export async function announceWindowRun(run: WindowRun | undefined): Promise<void> {
  if (!run || config().inngest !== "inngest") return;
  try {
    await inngest.send({ name: "allclear/maintenance.window", data: run });
  } catch (error) {
    logError("Could not hand the maintenance window to Inngest; the sweep will run it.", error);
  }
}

/**
 * After a write that may have added outbox events: the embedded runner looks now; Inngest is
 * told so its fan-out runs (the minute sweep covers a lost message).
 */
export async function announceEvents(): Promise<void> {
  if (!takeWrittenEvents()) return;
  if (config().inngest !== "inngest") {
    wakeRunner();
    return;
  }
  try {
    await inngest.send({ name: "allclear/outbox.pending", data: {} });
  } catch (error) {
    logError("Could not tell Inngest about new events; the sweep will fan them out.", error);
  }
}
