import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { forgetAuth } from "@/lib/auth/auth";
import { dataChanged } from "@/lib/changes/changes";
import { resetConfig } from "@/lib/config";
import { OWNER, setUpOwner, TestClient } from "@/lib/testing/client";
import { EXPIRY_MS } from "./cache";

// The embedded database lives in a directory here, so that it can be closed under the running
// code (the outage) and opened again with its data (the recovery).
const postgresUrl = process.env.DATABASE_URL;
const directory = postgresUrl ? null : mkdtempSync(path.join(tmpdir(), "allclear-outage-"));
if (directory) {
  process.env.PGLITE_DIR = path.join(directory, "pglite");
  resetConfig();
}

let owner: TestClient;
let workspaceId: string;
const visitor = new TestClient();

async function admin(statement: string) {
  const { default: postgres } = await import("postgres");
  const url = new URL(postgresUrl!);
  const name = url.pathname.slice(1);
  url.pathname = "/postgres";
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(statement.replaceAll("$database", name));
  } finally {
    await sql.end();
  }
}

/** The database goes away: nobody can connect, and the open connections are cut. */
async function stopDatabase() {
  if (postgresUrl) {
    await admin(`alter database "$database" with allow_connections false`);
    await admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '$database' and pid <> pg_backend_pid()`,
    );
  } else {
    const db = (await getDb()) as unknown as { $client: { close(): Promise<void> } };
    await db.$client.close();
  }
}

async function startDatabase() {
  if (postgresUrl) {
    await admin(`alter database "$database" with allow_connections true`);
  } else {
    await closeDb().catch(() => {});
    forgetAuth();
  }
}

async function publish(title: string) {
  const response = await owner.post("/v1/incidents", {
    title,
    impact: "major",
    body: "We are on it.",
    visibility: "published",
  });
  expect(response.status, response.text).toBe(201);
}

beforeAll(async () => {
  ({ client: owner, workspaceId } = await setUpOwner());
  await publish("Payments are failing");
});

afterAll(async () => {
  await startDatabase();
  if (directory) {
    await closeDb().catch(() => {});
    rmSync(directory, { recursive: true, force: true });
  }
});

describe("the public page while the database is unreachable", () => {
  it("keeps answering with the last good data, and shows new data once it is back", async () => {
    expect((await visitor.get("/")).text).toContain("Payments are failing");
    expect((await visitor.get("/api/v2/summary.json")).body.incidents[0].name).toBe(
      "Payments are failing",
    );

    await stopDatabase();
    // Something changed (here, or on another instance) and the copy has expired: both would read.
    dataChanged(workspaceId);
    await new Promise((resolve) => setTimeout(resolve, EXPIRY_MS + 100));
    for (let i = 0; i < 5; i++) {
      const page = await visitor.get("/");
      expect(page.status).toBe(200);
      expect(page.text).toContain("Payments are failing");
      const summary = await visitor.get("/api/v2/summary.json");
      expect(summary.status).toBe(200);
      expect(summary.body.incidents[0].name).toBe("Payments are failing");
    }
    expect((await visitor.get("/history.rss")).status).toBe(200);

    await startDatabase();
    await expect
      .poll(async () => (await owner.post("/auth/sign-in/email", OWNER)).status, {
        timeout: 10_000,
      })
      .toBe(200);
    await publish("Payments are recovering");
    const started = Date.now();
    await expect
      .poll(async () => (await visitor.get("/")).text, { timeout: 5_000, interval: 100 })
      .toContain("Payments are recovering");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await visitor.get("/api/v2/incidents.json")).body.incidents[0].name).toBe(
      "Payments are recovering",
    );
  });
});
