// Serves the built app for the e2e suite on a deployment of its own (see playwright.config.ts).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";

const name = process.env.E2E_DEPLOYMENT;
const env = { ...process.env };
if (process.env.DATABASE_URL) {
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  // A production server on PostgreSQL requires its session secret to be configured.
  env.BETTER_AUTH_SECRET ??= randomBytes(32).toString("base64");
} else {
  env.PGLITE_DIR = path.join(mkdtempSync(path.join(tmpdir(), "allclear-e2e-")), "pglite");
}

const server = spawn(process.execPath, ["lib/cli/start.mjs"], { env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
