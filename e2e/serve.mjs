// Serves the built app for the e2e suite on a deployment of its own (see playwright.config.ts);
// global teardown drops a PostgreSQL database. The server's output is also kept in a file the
// journeys read, as an operator reads the server's log (see serverLog in fixtures.ts).
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { freshDeployment, serverLogFile } from "./deployment.mjs";

const { env } = await freshDeployment(process.env.E2E_DEPLOYMENT);
const log = createWriteStream(serverLogFile(process.env.E2E_DEPLOYMENT));
const server = spawn(process.execPath, ["lib/cli/start.mjs"], {
  env: { ...process.env, ...env },
  stdio: ["ignore", "pipe", "pipe"],
});
server.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  log.write(chunk);
});
server.stderr.on("data", (chunk) => {
  process.stderr.write(chunk);
  log.write(chunk);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
