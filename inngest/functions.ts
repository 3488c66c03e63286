import { sendEmail } from "./email";
import { maintenanceWindow, scheduledJobSweep } from "./maintenance";
import { monitorChecks } from "./monitors";
import { deliverWebhook, fanOutEvents } from "./notifications";

/** Every Inngest function the app serves at /api/inngest. */
export const functions = [
  maintenanceWindow,
  scheduledJobSweep,
  fanOutEvents,
  deliverWebhook,
  monitorChecks,
  sendEmail,
];
