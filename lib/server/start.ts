import { config, ConfigError } from "@/lib/config";

/**
 * Start-up of the server process: check the configuration (a bad value stops the process with a
 * message naming the variable), then open and migrate the database before the first request, say
 * what a production deployment still lacks, listen for other instances' changes, and start the
 * embedded job runner unless Inngest runs background work. Everything else is imported only after
 * the check, because some modules (the Inngest client) read the configuration as they load.
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
  const { getDb } = await import("@/db/client");
  const { isSetUp } = await import("@/lib/workspace/setup");
  const { startupWarnings } = await import("./warnings");
  await getDb();
  for (const warning of startupWarnings(config(), { setUp: await isSetUp() })) {
    console.warn(`Warning: ${warning}`);
  }
  const { upgradeLegacySecrets } = await import("@/lib/notifications/endpoints");
  await upgradeLegacySecrets();
  const { listenForChanges } = await import("@/lib/changes/changes");
  await listenForChanges();
  if (config().monitorChecker) {
    const { startChecker } = await import("@/lib/monitors/runner");
    startChecker();
  }
  if (config().inngest === "embedded") {
    const { startEmbeddedRunner } = await import("@/lib/jobs/runner");
    startEmbeddedRunner();
  }
}
