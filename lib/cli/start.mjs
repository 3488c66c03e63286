// `npm start`: build when there is no build or the sources changed since, then serve.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
const SOURCES = [
  "app",
  "lib",
  "db",
  "inngest",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
];

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === "node_modules" || child.startsWith(".")) continue;
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

function buildIsCurrent() {
  const marker = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(marker)) return false;
  const builtAt = statSync(marker).mtimeMs;
  return SOURCES.every((source) => newestChange(path.join(root, source)) <= builtAt);
}

// No usage reports leave the machine unless the operator asks for them.
const env = { NEXT_TELEMETRY_DISABLED: "1", ...process.env };

if (!buildIsCurrent()) {
  console.log("Building the app (first start or sources changed)…");
  const build = spawnSync(process.execPath, [next, "build"], { cwd: root, stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [next, "start", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
