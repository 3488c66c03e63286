import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { setUpOwner, type TestClient } from "@/lib/testing/client";
import { Program, sleep } from "@/lib/testing/processes";

process.env.ALLOW_PRIVATE_TARGETS = "true";
resetConfig();

/** A webhook receiver that answers slowly and notes how many requests each path has at once. */
class SlowReceiver {
  readonly seen: { path: string; webhookId: string }[] = [];
  readonly inFlight = new Map<string, number>();
  readonly mostAtOnce = new Map<string, number>();
  private server!: Server;
  url = "";

  constructor(private readonly answerAfterMs: number) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const path = request.url ?? "/";
      this.seen.push({ path, webhookId: String(request.headers["webhook-id"]) });
      const now = (this.inFlight.get(path) ?? 0) + 1;
      this.inFlight.set(path, now);
      this.mostAtOnce.set(path, Math.max(now, this.mostAtOnce.get(path) ?? 0));
      request.resume();
      setTimeout(() => {
        this.inFlight.set(path, this.inFlight.get(path)! - 1);
        response.end("ok");
      }, this.answerAfterMs);
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let admin: TestClient;
const instances: Program[] = [];
const receivers: SlowReceiver[] = [];

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.kill()));
  await Promise.all(receivers.map((receiver) => receiver.stop()));
});

async function startInstance() {
  const instance = new Program("lib/testing/runner-process.ts");
  instances.push(instance);
  await instance.printed("Running background work.");
  return instance;
}

async function slowReceiver(answerAfterMs: number) {
  const receiver = await new SlowReceiver(answerAfterMs).start();
  receivers.push(receiver);
  return receiver;
}

async function addEndpoint(name: string, url: string): Promise<string> {
  const created = await admin.post("/v1/webhook-endpoints", { kind: "webhook", name, url });
  expect(created.status, created.text).toBe(201);
  return created.body.endpoint.id as string;
}

async function publishIncidents(count: number) {
  for (let i = 0; i < count; i++) {
    const posted = await admin.post("/v1/incidents", {
      title: `Outage ${i}`,
      impact: "minor",
      body: "Looking into it.",
      visibility: "published",
    });
    expect(posted.status).toBe(201);
  }
}

async function pendingDeliveries(): Promise<number> {
  const db = await getDb();
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from delivery where state = 'pending'`),
  );
  return row!.n;
}

async function until(done: () => Promise<boolean>, timeoutMs: number) {
  const by = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > by) throw new Error("Timed out");
    await sleep(100);
  }
}

describe("web instances delivering on one database", () => {
  it("never send two requests at once to one endpoint, whichever instance claims", async () => {
    await Promise.all([startInstance(), startInstance()]);
    const receiver = await slowReceiver(300);
    const endpoint = await addEndpoint("Slow", `${receiver.url}/slow`);
    await publishIncidents(10);
    await until(
      async () => receiver.seen.length >= 10 && (await pendingDeliveries()) === 0,
      60_000,
    );
    expect(receiver.mostAtOnce.get("/slow")).toBe(1);
    expect(new Set(receiver.seen.map((r) => r.webhookId)).size).toBe(10);
    await Promise.all(instances.splice(0).map((instance) => instance.stop()));
    expect((await admin.delete(`/v1/webhook-endpoints/${endpoint}`)).status).toBe(204);
  }, 90_000);

  it("deliver everything an instance killed mid-fan-out held, under the same ids, and log every attempt", async () => {
    const receiver = await slowReceiver(2_000);
    const endpoints = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => addEndpoint(`Endpoint ${n}`, `${receiver.url}/e${n}`)),
    );
    const killed = await startInstance();
    await publishIncidents(3);
    // Killed while its first requests wait for their answers.
    await until(async () => receiver.seen.length >= 3, 30_000);
    await killed.kill();
    const cutShort = new Set(receiver.seen.map((r) => r.webhookId));
    await startInstance();
    await until(async () => (await pendingDeliveries()) === 0, 60_000);

    const db = await getDb();
    const deliveries = rowsOf<{ id: string; state: string }>(
      await db.execute(sql`select id, state from delivery where endpoint_id in ${endpoints}`),
    );
    expect(deliveries.length).toBe(3 * endpoints.length);
    expect(deliveries.every((d) => d.state === "succeeded")).toBe(true);
    // Every delivery arrived; a second arrival only ever repeats a webhook-id.
    const ids = new Set(deliveries.map((d) => d.id));
    const received = receiver.seen.map((r) => r.webhookId);
    expect(new Set(received)).toEqual(ids);
    expect(received.length - ids.size).toBe(cutShort.size);
    // The log shows the attempt cut short, then the one that succeeded.
    for (const endpointId of endpoints) {
      const log = (await admin.get(`/v1/webhook-endpoints/${endpointId}/deliveries`)).body
        .deliveries as { id: string; attempts: { state: string; statusCode: number | null }[] }[];
      for (const delivery of log) {
        const states = delivery.attempts.map((a) => a.state);
        expect(states).toEqual(
          cutShort.has(delivery.id) ? ["interrupted", "completed"] : ["completed"],
        );
      }
    }
  }, 120_000);
});
