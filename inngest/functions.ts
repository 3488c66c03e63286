import { maintenanceWindow, scheduledJobSweep } from "./maintenance";

/** Every Inngest function the app serves at /api/inngest. */
export const functions = [maintenanceWindow, scheduledJobSweep];
