import { config } from "@/lib/config";
import { inngest } from "@/inngest/client";

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
    console.error(
      "Could not hand the maintenance window to Inngest; the sweep will run it.",
      error,
    );
  }
}
