import { afterAll } from "vitest";
import { closeDb } from "@/db/client";
import { forgetAuth } from "@/lib/auth/auth";
import { resetConfig } from "@/lib/config";

// Every test file gets a deployment of its own: an in-memory PGlite, or, when DATABASE_URL names
// a PostgreSQL server, a new database on it that is dropped afterwards.
const adminUrl = process.env.DATABASE_URL;
let created: string | undefined;

if (adminUrl) {
  const { default: postgres } = await import("postgres");
  const name = `allclear_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  created = name;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
} else {
  process.env.PGLITE_DIR = "memory://";
}
// A test that wants the public page's saved copy names a file of its own.
process.env.PUBLIC_COPY_FILE = "off";
// Vitest mirrors Vite's BASE_URL ("/") into process.env, so the test deployment sets its own.
process.env.BASE_URL = "http://localhost:3000";
resetConfig();
forgetAuth();

afterAll(async () => {
  await closeDb();
  forgetAuth();
  if (adminUrl && created) {
    const { default: postgres } = await import("postgres");
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${created}" with (force)`);
    await admin.end();
  }
});
