import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { Receiver } from "@/lib/testing/receiver";
import {
  claimDelivery,
  claimDueDeliveries,
  LEASE_MS,
  recordAttempts,
  sendAttempt,
} from "./deliveries";
import { fanOutPending } from "@/lib/outbox/fan-out";

process.env.ALLOW_PRIVATE_TARGETS = "true";
resetConfig();

let admin: TestClient;
let receiver: Receiver;

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
  receiver = await new Receiver().start();
});

afterAll(() => receiver.stop());

/** A webhook endpoint on the loopback receiver at `path`; answers its id. */
async function addEndpoint(name: string, path: string): Promise<string> {
  const created = await admin.post("/v1/webhook-endpoints", {
    kind: "webhook",
    name,
    url: `${receiver.url}${path}`,
  });
  return created.body.endpoint.id as string;
}

/** Publishes an incident, whose event goes to every endpoint. */
async function publishIncident(title: string) {
  await admin.post("/v1/incidents", {
    title,
    impact: "minor",
    body: "x",
    visibility: "published",
  });
}

describe("a delivery's lease", () => {
  it("keeps a worker whose lease ran out from recording over the newer claim", async () => {
    const endpointId = await addEndpoint("Leased", "/leased");
    await publishIncident("Down");
    await fanOutPending();
    const [late] = await claimDueDeliveries({ limit: 1 });
    expect(late).toBeDefined();
    // The first worker stalls past its lease; a second claims the delivery.
    const db = await getDb();
    await db.execute(
      sql`update delivery set next_attempt_at = now() - interval '1 second' where id = ${late!.id}`,
    );
    const [current] = await claimDueDeliveries({ limit: 1, only: late!.id });
    expect(current!.lease).not.toBe(late!.lease);

    // The stalled worker's attempt ends in a 400: it is logged, but decides nothing.
    receiver.reply("/leased", { status: 400 }, { status: 200 });
    await recordAttempts([await sendAttempt(late!)]);
    let { deliveries } = (await admin.get(`/v1/webhook-endpoints/${endpointId}/deliveries`)).body;
    expect(deliveries[0]).toMatchObject({ state: "pending" });
    expect(deliveries[0].attempts.map((a: { state: string }) => a.state)).toEqual([
      "completed",
      "sending",
    ]);
    const endpoint = (await admin.get("/v1/webhook-endpoints")).body.find(
      (e: { id: string }) => e.id === endpointId,
    );
    expect(endpoint.state).toBe("active");

    // The claim that holds the delivery records its outcome.
    await recordAttempts([await sendAttempt(current!)]);
    ({ deliveries } = (await admin.get(`/v1/webhook-endpoints/${endpointId}/deliveries`)).body);
    expect(deliveries[0]).toMatchObject({ state: "succeeded" });
    expect(deliveries[0].attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([
      400, 200,
    ]);
  });

  it("holds one attempt per endpoint at a time across every process", async () => {
    const endpointId = await addEndpoint("One at a time", "/one-at-a-time");
    for (const title of ["First", "Second"]) await publishIncident(title);
    await fanOutPending();
    const toEndpoint = (claims: Awaited<ReturnType<typeof claimDueDeliveries>>) =>
      claims.filter((c) => c.endpointId === endpointId);
    // Two processes claim at once, then a third: each knows nothing of the others' attempts.
    const [one, two] = await Promise.all([
      claimDueDeliveries({ limit: 10 }),
      claimDueDeliveries({ limit: 10 }),
    ]);
    const claimed = [...toEndpoint(one!), ...toEndpoint(two!)];
    expect(claimed).toHaveLength(1);
    expect(toEndpoint(await claimDueDeliveries({ limit: 10 }))).toEqual([]);
    // A worker asked for the other delivery (the Inngest path) is told to come back when the
    // claim on the endpoint ends, not in a second.
    const db = await getDb();
    const others = rowsOf<{ id: string }>(
      await db.execute(
        sql`select id from delivery where endpoint_id = ${endpointId} and id <> ${claimed[0]!.id}`,
      ),
    );
    const waiting = await claimDelivery(others[0]!.id);
    expect("dueAt" in waiting && waiting.dueAt.getTime()).toBeGreaterThan(
      Date.now() + LEASE_MS / 2,
    );
    // Once its attempt is recorded, the endpoint's next delivery may be claimed.
    await recordAttempts([await sendAttempt(claimed[0]!)]);
    const next = toEndpoint(await claimDueDeliveries({ limit: 10 }));
    expect(next).toHaveLength(1);
    expect(next[0]!.id).not.toBe(claimed[0]!.id);
  });

  it("logs each attempt before it is sent, so one cut short by a stopped sender still shows", async () => {
    const endpointId = await addEndpoint("Cut short", "/cut-short");
    await publishIncident("Cut short");
    await fanOutPending();
    const log = async () =>
      (await admin.get(`/v1/webhook-endpoints/${endpointId}/deliveries`)).body.deliveries[0]
        .attempts as { state: string; statusCode: number | null; error: string | null }[];
    const [first] = (await claimDueDeliveries({ limit: 10 })).filter(
      (c) => c.endpointId === endpointId,
    );
    expect(await log()).toMatchObject([{ state: "sending", statusCode: null }]);
    // The request reaches the receiver, and the sender stops before recording the answer.
    await sendAttempt(first!);
    const db = await getDb();
    await db.execute(
      sql`update delivery set next_attempt_at = now() - interval '1 second' where id = ${first!.id}`,
    );
    expect(await log()).toMatchObject([{ state: "interrupted", statusCode: null }]);
    const [again] = await claimDueDeliveries({ limit: 1, only: first!.id });
    await recordAttempts([await sendAttempt(again!)]);
    const attempts = await log();
    expect(attempts.map((a) => [a.state, a.statusCode])).toEqual([
      ["interrupted", null],
      ["completed", 200],
    ]);
    expect(attempts[0]!.error).toMatch(/same webhook-id/);
    const seen = receiver.on("/cut-short").map((r) => r.headers["webhook-id"]);
    expect(seen).toEqual([first!.id, first!.id]);
  });
});
