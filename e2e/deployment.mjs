// A deployment of its own for an e2e server: a fresh PGlite directory, or a fresh database on
// the PostgreSQL server that DATABASE_URL names.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";

export async function freshDeployment(name, adminUrl = process.env.DATABASE_URL) {
  // The public page's saved copy is the deployment's own too.
  const dir = mkdtempSync(path.join(tmpdir(), "allclear-e2e-"));
  const PUBLIC_COPY_FILE = path.join(dir, "public-copy.json");
  if (!adminUrl) {
    return {
      env: { PGLITE_DIR: path.join(dir, "pglite"), PUBLIC_COPY_FILE, DATABASE_URL: "" },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    // A production server on PostgreSQL requires its session secret to be configured.
    env: {
      DATABASE_URL: url.toString(),
      PUBLIC_COPY_FILE,
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
    },
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      const again = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await again.unsafe(`drop database if exists "${name}" with (force)`);
      await again.end();
    },
  };
}

/** Where the suite's own server keeps a copy of its output (stdout and stderr). */
export function serverLogFile(name) {
  return path.join(tmpdir(), `${name}.log`);
}
