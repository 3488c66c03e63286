// Serves the built app for the e2e suite on a deployment of its own (see playwright.config.ts);
// global teardown drops a PostgreSQL database.
import { spawn } from "node:child_process";
import { freshDeployment } from "./deployment.mjs";

const { env } = await freshDeployment(process.env.E2E_DEPLOYMENT);
const server = spawn(process.execPath, ["lib/cli/start.mjs"], {
  env: { ...process.env, ...env },
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
