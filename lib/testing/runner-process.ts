// The background work of a web instance (jobs, fan-out, deliveries, email) alone in a process,
// as each instance of a deployment runs it: for tests that run several instances on one database.
import { closeDb, getDb } from "@/db/client";
import { listenForChanges } from "@/lib/changes/changes";
import { startEmbeddedRunner } from "@/lib/runner/runner";

await getDb();
await listenForChanges();
const runner = startEmbeddedRunner();
console.log("Running background work.");
process.once("SIGTERM", async () => {
  await runner.stop();
  await closeDb();
  process.exit(0);
});
