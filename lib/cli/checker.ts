// `npm run checker`: the monitor checker alone, without the web server, for a region of its own
// (REGION) on another host, against the same PostgreSQL as the servers.
import { config, ConfigError } from "@/lib/config";

try {
  config();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
if (!config().databaseUrl) {
  console.error(
    "A checker process needs DATABASE_URL: the embedded database belongs to the server process, which checks monitors itself.",
  );
  process.exit(1);
}
// Imported only after the check: some modules (the Inngest client) read the configuration as they load.
const { closeDb, getDb } = await import("@/db/client");
const { startChecker } = await import("@/lib/monitors/runner");
const { listenForChanges } = await import("@/lib/changes/changes");
await getDb();
// A monitor made or changed in a web instance wakes this checker at once.
await listenForChanges();
const checker = startChecker();
console.log(`Checking monitors from region "${config().region}".`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await checker.stop();
    await closeDb();
    process.exit(0);
  });
}
