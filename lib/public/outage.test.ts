import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { dataChanged } from "@/lib/changes/changes";
import { resetConfig } from "@/lib/config";
import { OWNER, setUpOwner, TestClient } from "@/lib/testing/client";
import { startDatabase, stopDatabase } from "@/lib/testing/database-outage";
import { EXPIRY_MS } from "./cache";
import { copiesWritten } from "./saved-copy";

// The embedded database lives in a directory here, so that it can be closed under the running
// code (the outage) and opened again with its data (the recovery).
const postgresUrl = process.env.DATABASE_URL;
const directory = mkdtempSync(path.join(tmpdir(), "allclear-outage-"));
const savedCopy = path.join(directory, "public-copy.json");
if (!postgresUrl) process.env.PGLITE_DIR = path.join(directory, "pglite");
process.env.PUBLIC_COPY_FILE = savedCopy;
resetConfig();

/** What a server process that has just started holds in memory of the public page: nothing. */
function forgetPublicCopies() {
  delete (globalThis as { __allclearPublic?: unknown }).__allclearPublic;
}

let owner: TestClient;
let workspaceId: string;
const visitor = new TestClient();

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
  await closeDb().catch(() => {});
  await copiesWritten();
  rmSync(directory, { recursive: true, force: true });
  delete process.env.PUBLIC_COPY_FILE;
  resetConfig();
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

describe("a server that starts while the database is unreachable", () => {
  it("shows the copy saved before, and a 503 with Retry-After when there is none", async () => {
    await publish("Search is slow");
    await expect
      .poll(async () => (await visitor.get("/")).text, { timeout: 5_000, interval: 100 })
      .toContain("Search is slow");
    // The copy is written in the background, after the page that read it.
    await expect
      .poll(() => (existsSync(savedCopy) ? readFileSync(savedCopy, "utf8") : ""), {
        timeout: 5_000,
      })
      .toContain("Search is slow");
    await stopDatabase();
    forgetPublicCopies();
    const page = await visitor.get("/");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Search is slow");
    expect(page.text).toContain("Payments are recovering");
    const summary = await visitor.get("/api/v2/summary.json");
    expect(summary.status).toBe(200);
    expect(summary.body.incidents.map((i: { name: string }) => i.name)).toContain("Search is slow");

    rmSync(savedCopy);
    forgetPublicCopies();
    const unavailable = await visitor.get("/");
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get("retry-after")).toBe("5");
    const data = await visitor.get("/api/v2/summary.json");
    expect(data.status).toBe(503);
    expect(data.body.code).toBe("service_unavailable");

    // Once the database is back, the page is read from it again.
    await startDatabase();
    await expect
      .poll(async () => (await visitor.get("/api/v2/summary.json")).status, { timeout: 20_000 })
      .toBe(200);
    expect((await visitor.get("/")).text).toContain("Search is slow");
  });
});
