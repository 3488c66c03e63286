import { config, ConfigError } from "@/lib/config";

/**
 * Start-up of the server process: check the configuration (a bad value stops the process with a
 * message naming the variable), then open and migrate the database before the first request, say
 * what a production deployment still lacks, listen for other instances' changes, and start the
 * embedded job runner unless Inngest runs background work. A database out of reach delays all
 * but the first step until it answers. Everything else is imported only after the check,
 * because some modules (the Inngest client) read the configuration as they load.
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
  // Before the first request: the public page is answered from memory, and route handlers learn
  // each request's TCP peer from a stamp.
  const { openFrontDoor } = await import("./front-door");
  openFrontDoor({ publicFromMemory: process.env.NODE_ENV !== "development" });
  const { isDatabaseUnreachable, OUTAGE_RETRY_AFTER_SECONDS } =
    await import("@/lib/database-outage");
  const { logError } = await import("@/lib/log");
  // A server that starts while the database is away still serves: the API answers 503 and the
  // public page its saved copy, while the rest of the start-up waits for the database.
  try {
    await startWithDatabase();
  } catch (error) {
    if (!isDatabaseUnreachable(error)) throw error;
    logError("Starting the server", error);
    console.warn(
      `Serving without the database until it can be reached (tried every ${OUTAGE_RETRY_AFTER_SECONDS} s): the API answers 503 and the public page its last saved copy.`,
    );
    void startOnceReachable(OUTAGE_RETRY_AFTER_SECONDS * 1000);
  }
}

async function startOnceReachable(intervalMs: number): Promise<void> {
  const { isDatabaseUnreachable, noteDatabaseAnswered } = await import("@/lib/database-outage");
  const { logError } = await import("@/lib/log");
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    try {
      await startWithDatabase();
      noteDatabaseAnswered();
      return;
    } catch (error) {
      // Still away (the outage was logged when it began); anything else ends the waiting.
      if (isDatabaseUnreachable(error)) continue;
      logError("Completing the start-up once the database could be reached", error);
      return;
    }
  }
}

/** The start-up that needs the database: warnings, legacy secrets, change signals, workers. */
async function startWithDatabase(): Promise<void> {
  const { getDb } = await import("@/db/client");
  await getDb();
  const { firstRunLink, isSetUp } = await import("@/lib/workspace/setup");
  const { startupWarnings } = await import("./warnings");
  const setUp = await isSetUp();
  for (const warning of startupWarnings(config(), { setUp })) {
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
    const { startEmbeddedRunner } = await import("@/lib/runner/runner");
    startEmbeddedRunner();
  }
  // Said last: Next.js listens before this start-up and holds requests until it has returned
  // (after a start without the database, it has served all along), so from here on it answers.
  const { readyMessage } = await import("./ready");
  console.log(readyMessage(config(), { setUp, firstRunLink }));
}
