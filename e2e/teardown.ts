import { rmSync } from "node:fs";
import postgres from "postgres";
import { serverLogFile } from "./deployment.mjs";

export default async function teardown(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  const name = process.env.E2E_DEPLOYMENT;
  if (!name) return;
  rmSync(serverLogFile(name), { force: true });
  if (!adminUrl) return;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
