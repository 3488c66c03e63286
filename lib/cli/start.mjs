// `npm start`: build when there is no build or the sources changed since, then serve. The
// server says when it is ready, with its address (and the setup link until it is set up).
import { spawn } from "node:child_process";
import { build, buildIsCurrent, next, root } from "./build.mjs";

// No usage reports leave the machine unless the operator asks for them.
const env = { NEXT_TELEMETRY_DISABLED: "1", ...process.env };

if (!buildIsCurrent()) {
  console.log("Building the app (first start or sources changed)…");
  // The standalone server as well, so this one build is also what the container image runs.
  const { status } = await build({ ...env, BUILD_OUTPUT: "standalone" });
  if (status !== 0) process.exit(status);
}

const server = spawn(process.execPath, [next, "start", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
