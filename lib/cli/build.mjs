// The production build `npm start` serves: whether it is current, and how it is made.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
/** What a build is made from: a change to any of them makes the build out of date. */
export const SOURCES = [
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

/** Whether .next holds a build made since the sources last changed. */
export function buildIsCurrent() {
  const marker = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(marker)) return false;
  const builtAt = statSync(marker).mtimeMs;
  return SOURCES.every((source) => newestChange(path.join(root, source)) <= builtAt);
}

/** Whether .next/standalone (the container image's server) belongs to the build in .next. */
export function standaloneIsCurrent() {
  const id = (dir) => {
    const file = path.join(dir, "BUILD_ID");
    return existsSync(file) ? readFileSync(file, "utf8") : null;
  };
  const built = id(path.join(root, ".next"));
  return (
    built !== null &&
    built === id(path.join(root, ".next", "standalone", ".next")) &&
    existsSync(path.join(root, ".next", "standalone", "server.js"))
  );
}

/**
 * `next build` into .next. With BUILD_OUTPUT=standalone in `env` (see next.config.ts) it also
 * lays out .next/standalone, the server the container image copies. Resolves to the exit status,
 * and the output when `stdio` is "pipe".
 */
export function build(env, stdio = "inherit") {
  const child = spawn(process.execPath, [next, "build"], { cwd: root, stdio, env });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk) => (output += chunk));
  }
  return new Promise((resolve) => {
    child.once("error", (error) => resolve({ status: 1, output: `${output}${error}` }));
    child.once("exit", (code) => resolve({ status: code ?? 1, output }));
  });
}
