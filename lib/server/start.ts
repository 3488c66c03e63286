import { getDb } from "@/db/client";
import { config, ConfigError } from "@/lib/config";

/**
 * Start-up of the server process: check the configuration (a bad value stops the process with a
 * message naming the variable), then open and migrate the database before the first request, and
 * start the embedded job runner unless Inngest runs background work.
 */
export async function startServer(): Promise<void> {
  try {
    config();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await getDb();
  if (config().inngest === "embedded") {
    const { startEmbeddedRunner } = await import("@/lib/jobs/runner");
    startEmbeddedRunner();
  }
}
