import { createServer, type AddressInfo, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { setUpOwner, type TestClient } from "@/lib/testing/client";
import { Receiver } from "@/lib/testing/receiver";
import { startChecker } from "./runner";
import type { Checker } from "@/lib/jobs/wake";

process.env.ALLOW_PRIVATE_TARGETS = "true";
resetConfig();

/** Slots at one second apart: thirty of them are what five minutes hold at the shortest interval. */
const INTERVAL_SECONDS = 1;
const SLOTS = 30;
const STALLED_MONITORS = 5;

let admin: TestClient;
let healthy: Receiver;
let stalling: ReturnType<typeof createServer>;
let stallingUrl = "";
const openSockets = new Set<Socket>();
let connections = 0;

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
  healthy = await new Receiver().start();
  healthy.always("/ok", { status: 200, body: "fine" });
  // Accepts TCP and never answers the ClientHello.
  stalling = createServer((socket) => {
    connections += 1;
    openSockets.add(socket);
    socket.resume();
    socket.once("close", () => openSockets.delete(socket));
  });
  await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
  stallingUrl = `https://127.0.0.1:${(stalling.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  for (const socket of openSockets) socket.destroy();
  await new Promise((resolve) => stalling.close(resolve));
  await healthy.stop();
});

async function createMonitor(name: string, url: string) {
  const response = await admin.post("/v1/monitors", {
    name,
    http: { url, timeoutMs: 1_000 },
    detection: { intervalSeconds: 10, failureThreshold: 1, recoveryThreshold: 1 },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.id as string;
}

async function resultsOf(monitorId: string) {
  const db = await getDb();
  return rowsOf<{ status: string; error_class: string | null }>(
    await db.execute(
      sql`select status, error_class from monitor_result where monitor_id = ${monitorId}`,
    ),
  );
}

describe("the checker with a target that stalls the TLS handshake", () => {
  it("marks the stalled monitors down within their timeout and keeps checking the healthy one", async () => {
    const stalled = await Promise.all(
      Array.from({ length: STALLED_MONITORS }, (_, i) => createMonitor(`Stalls ${i}`, stallingUrl)),
    );
    const fine = await createMonitor("Healthy", `${healthy.url}/ok`);
    const db = await getDb();
    await db.execute(sql`update monitor set interval_seconds = ${INTERVAL_SECONDS}`);
    await db.execute(
      sql`update monitor_region set next_due_at = date_trunc('milliseconds', now())`,
    );

    const checker: Checker = startChecker();
    const inFlight: number[] = [];
    try {
      for (let second = 0; second < SLOTS * INTERVAL_SECONDS; second++) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        inFlight.push(checker.health().inFlight);
      }
      const health = checker.health();
      expect(health.stalled).toBe(false);
      expect(health.givenUp).toBe(0);
    } finally {
      await checker.stop();
    }

    // Never more in flight than one check per monitor: nothing piles up.
    expect(Math.max(...inFlight)).toBeLessThanOrEqual(STALLED_MONITORS + 1);
    const healthyResults = await resultsOf(fine);
    expect(healthyResults.length).toBeGreaterThanOrEqual(SLOTS * 0.6);
    expect(healthyResults.every((r) => r.status === "up")).toBe(true);
    for (const id of stalled) {
      const results = await resultsOf(id);
      expect(results.length).toBeGreaterThanOrEqual(SLOTS * 0.3);
      expect(results.every((r) => r.status === "down" && r.error_class === "timeout")).toBe(true);
      const telemetry = (await admin.get("/v1/monitors/telemetry")).body.monitors.find(
        (m: { id: string }) => m.id === id,
      );
      expect(telemetry).toMatchObject({ state: "down", checksDelayed: false });
    }
    // Every connection to the stalling target was closed by the checker.
    expect(connections).toBeGreaterThanOrEqual(STALLED_MONITORS * SLOTS * 0.3);
    await expect.poll(() => openSockets.size, { timeout: 2_000 }).toBe(0);
  }, 90_000);
});
