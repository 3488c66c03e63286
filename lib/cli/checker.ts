// `npm run checker`: the monitor checker alone, without the web server, for a region of its own
// (REGION) on another host, against the same PostgreSQL as the servers.
import { closeDb, getDb } from "@/db/client";
import { config, ConfigError } from "@/lib/config";
import { startChecker } from "@/lib/monitors/runner";

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
await getDb();
const checker = startChecker();
console.log(`Checking monitors from region "${config().region}".`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await checker.stop();
    await closeDb();
    process.exit(0);
  });
}
