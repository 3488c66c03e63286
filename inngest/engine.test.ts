import { InngestTestEngine } from "@inngest/test";
import { sql } from "drizzle-orm";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { SEND_TIMEOUT_MS, settleSends } from "@/lib/jobs/engine";
import { fanOutPending } from "@/lib/outbox/fan-out";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { Receiver } from "@/lib/testing/receiver";
import { inngest } from "./client";
import { maintenanceWindow, MAX_SLEEP_MS, runJobNow, scheduledJobSweep } from "./maintenance";
import { deliverWebhook, fanOutEvents, type DeliverEvent } from "./notifications";

// Events really go out: to loopback servers standing in for Inngest's event API.
const EVENT_KEY = "test-event-key";
const EVENT_API = `/e/${EVENT_KEY}`;

process.env.ALLOW_PRIVATE_TARGETS = "true";
resetConfig();

let admin: TestClient;
let receiver: Receiver;
let paths = 0;

function useEventApi(url: string) {
  inngest.setEnvVars({ INNGEST_EVENT_KEY: EVENT_KEY, INNGEST_EVENT_API_BASE_URL: url });
}

/** Background work runs on Inngest (both keys configured) while `body` runs. */
async function onInngest<T>(body: () => Promise<T>): Promise<T> {
  process.env.INNGEST_EVENT_KEY = EVENT_KEY;
  process.env.INNGEST_SIGNING_KEY = `signkey-test-${"ab".repeat(32)}`;
  resetConfig();
  try {
    return await body();
  } finally {
    delete process.env.INNGEST_EVENT_KEY;
    delete process.env.INNGEST_SIGNING_KEY;
    resetConfig();
  }
}

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
  receiver = await new Receiver().start();
  receiver.always(EVENT_API, { status: 200, body: JSON.stringify({ ids: ["sent"], status: 200 }) });
  useEventApi(receiver.url);
});

afterAll(async () => receiver.stop());

async function endpoint() {
  const path = `/engine-${++paths}`;
  const response = await admin.post("/v1/webhook-endpoints", {
    kind: "webhook",
    name: path,
    url: `${receiver.url}${path}`,
  });
  expect(response.status).toBe(201);
  return { id: response.body.endpoint.id as string, path };
}

async function publish(title = "Down") {
  const response = await admin.post("/v1/incidents", {
    title,
    impact: "major",
    body: "x",
    visibility: "published",
  });
  expect(response.status, response.text).toBe(201);
  return response.body.id as string;
}

type Sent = { id: string; name: string; data: DeliverEvent };

function sentBy(ctx: { step: { sendEvent: unknown } }): Sent[] {
  const calls = (ctx.step.sendEvent as { mock: { calls: [string, Sent[]][] } }).mock.calls;
  return calls.flatMap(([, events]) => events);
}

async function deliveriesOf(endpointId: string) {
  return (await admin.get(`/v1/webhook-endpoints/${endpointId}/deliveries`)).body.deliveries as {
    id: string;
    state: string;
    attempts: unknown[];
  }[];
}

describe("the minute sweep", () => {
  it("never delivers: two sweeps at once ask again, with the same event ids, only for runs that died", async () => {
    const { id, path } = await endpoint();
    await publish();
    await fanOutPending();
    const [pending] = await deliveriesOf(id);
    // A delivery whose run died two minutes ago, and a fresh one another run is about to take.
    const db = await getDb();
    await db.execute(
      sql`update delivery set next_attempt_at = now() - interval '2 minutes' where id = ${pending!.id}`,
    );
    const fresh = await endpoint();
    await publish("Fresh");
    await fanOutPending();

    const sweeps = await Promise.all(
      [1, 2].map(() => new InngestTestEngine({ function: scheduledJobSweep }).execute()),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.on(path)).toHaveLength(0);
    expect(receiver.on(fresh.path)).toHaveLength(0);
    const asked = sweeps.map(({ ctx }) => sentBy(ctx).filter((e) => e.data.endpointId === id));
    expect(asked[0]).toHaveLength(1);
    expect(asked[1]!.map((e) => e.id)).toEqual(asked[0]!.map((e) => e.id));
    expect(asked[0]![0]).toMatchObject({
      name: "allclear/webhook.deliver",
      id: expect.stringMatching(new RegExp(`^deliver:${pending!.id}:0:\\d+$`)),
    });
    for (const { ctx } of sweeps) {
      expect(sentBy(ctx).some((e) => e.data.endpointId === fresh.id)).toBe(false);
    }
  });
});

describe("delivering on Inngest", () => {
  it("sends once when two runs chase one delivery: the second waits for the first's lease", async () => {
    const { id, path } = await endpoint();
    receiver.reply(path, { status: 200, delayMs: 300 });
    await publish();
    await fanOutPending();
    const [pending] = await deliveriesOf(id);
    const data = { deliveryId: pending!.id, endpointId: id };
    const [one, two] = await Promise.all(
      [1, 2].map(() =>
        new InngestTestEngine({ function: deliverWebhook }).execute({
          events: [{ name: "allclear/webhook.deliver", data }],
        }),
      ),
    );
    expect(receiver.on(path)).toHaveLength(1);
    const outcomes = [one!, two!].map(
      (r) =>
        (r.error as { name?: string } | undefined)?.name ?? (r.result as { result: string }).result,
    );
    expect(outcomes.sort()).toEqual(["RetryAfterError", "success"]);
    // Asked again later, the finished delivery needs nothing.
    const later = await new InngestTestEngine({ function: deliverWebhook }).execute({
      events: [{ name: "allclear/webhook.deliver", data }],
    });
    expect(later.result).toEqual({ result: "done" });
    expect(receiver.on(path)).toHaveLength(1);
  });

  it("announces every delivery still waiting, also those a failed earlier run made", async () => {
    const first = await endpoint();
    await publish("Made by a run that failed before announcing");
    // A previous run fanned this event out, then died before it sent anything.
    await fanOutPending();
    const second = await endpoint();
    await publish("New");
    const { ctx } = await new InngestTestEngine({ function: fanOutEvents }).execute({
      events: [{ name: "allclear/outbox.pending", data: {} }],
    });
    const sent = sentBy(ctx);
    const [made] = await deliveriesOf(first.id);
    expect(sent.map((e) => e.data.deliveryId)).toContain(made!.id);
    expect(sent.some((e) => e.data.endpointId === second.id)).toBe(true);
  });
});

describe("maintenance windows on Inngest", () => {
  async function windowRun(startInMs: number, lengthMs: number) {
    const startsAt = new Date(Date.now() + startInMs).toISOString();
    const endsAt = new Date(Date.now() + startInMs + lengthMs).toISOString();
    const created = await admin.post("/v1/maintenances", {
      title: "W",
      body: "",
      startsAt,
      endsAt,
      componentIds: [],
    });
    expect(created.status).toBe(201);
    const db = await getDb();
    const jobs = rowsOf<{ id: string; kind: string }>(
      await db.execute(
        sql`select id, kind, run_at from scheduled_job where subject_id = ${created.body.id} and state = 'pending'`,
      ),
    );
    const rows = jobs;
    return {
      maintenanceId: created.body.id as string,
      revision: 0,
      startsAt,
      endsAt,
      startJobId: rows.find((j) => j.kind === "maintenance.start")!.id,
      completeJobId: rows.find((j) => j.kind === "maintenance.complete")!.id,
    };
  }

  it("waits for the job's time when a sleep wakes early, instead of leaving it to the sweep", async () => {
    const run = await windowRun(60_000, 60_000);
    const { error, ctx } = await new InngestTestEngine({ function: maintenanceWindow }).execute({
      events: [{ name: "allclear/maintenance.window", data: run }],
      // Inngest rounds sleeps and may resume a moment early: here, a minute early.
      steps: [{ id: "wait-for-start", handler: () => undefined }],
    });
    expect(error).toMatchObject({ name: "RetryAfterError", message: "Not due yet" });
    expect(ctx.step.run).toHaveBeenCalledWith("start", expect.any(Function));
    // What the step threw asks Inngest to run it again at the job's time.
    const thrown = (await runJobNow(run.startJobId).catch((e: unknown) => e)) as {
      name: string;
      retryAfter: string;
    };
    expect(thrown.name).toBe("RetryAfterError");
    expect(Date.parse(thrown.retryAfter)).toBe(Date.parse(run.startsAt));
    expect((await admin.get(`/v1/maintenances/${run.maintenanceId}`)).body.status).toBe(
      "scheduled",
    );
  });

  it("sleeps in hops no longer than the plan allows", async () => {
    const run = await windowRun(15 * 24 * 3_600_000, 3_600_000);
    const ts = Date.now();
    const { ctx } = await new InngestTestEngine({ function: maintenanceWindow }).execute({
      events: [{ name: "allclear/maintenance.window", data: run, ts }],
      steps: ["wait-for-start-1", "wait-for-start-2", "wait-for-start"].map((id) => ({
        id,
        handler: () => undefined,
      })),
    });
    const sleeps = (
      ctx.step.sleepUntil as unknown as { mock: { calls: [string, Date | string][] } }
    ).mock.calls;
    expect(sleeps.slice(0, 3).map(([id]) => id)).toEqual([
      "wait-for-start-1",
      "wait-for-start-2",
      "wait-for-start",
    ]);
    expect(new Date(sleeps[0]![1]).getTime()).toBe(ts + MAX_SLEEP_MS);
    expect(new Date(sleeps[1]![1]).getTime()).toBe(ts + 2 * MAX_SLEEP_MS);
  });
});

describe("handing events to Inngest", () => {
  /** A server that takes connections and never answers. */
  async function stalledServer(): Promise<{ url: string; server: Server }> {
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }

  it.each(["stalled", "refused"])(
    "does not hold up the request when the event API is %s, and gives up within the budget",
    async (fault) => {
      const stalled = await stalledServer();
      if (fault === "refused") await new Promise((resolve) => stalled.server.close(resolve));
      useEventApi(stalled.url);
      try {
        await onInngest(async () => {
          const started = Date.now();
          const response = await admin.post("/v1/incidents", {
            title: `Event API ${fault}`,
            impact: "minor",
            body: "x",
            visibility: "published",
          });
          expect(response.status).toBe(201);
          expect(Date.now() - started).toBeLessThan(1_000);
          const settling = Date.now();
          await settleSends();
          expect(Date.now() - settling).toBeLessThan(SEND_TIMEOUT_MS + 500);
        });
      } finally {
        stalled.server.closeAllConnections();
        stalled.server.close();
        useEventApi(receiver.url);
      }
    },
  );

  it("names each event, so a repeated send starts no second run", async () => {
    await onInngest(async () => {
      const before = receiver.on(EVENT_API).length;
      const incidentId = await publish("Named events");
      await settleSends();
      const bodies = receiver
        .on(EVENT_API)
        .slice(before)
        .flatMap((r) => [JSON.parse(r.body)].flat() as { id?: string; name: string }[]);
      const db = await getDb();
      const events = rowsOf<{ id: string }>(
        await db.execute(
          sql`select id from outbox_event where data->'incident'->>'id' = ${incidentId}`,
        ),
      );
      // The client retries a failed send on its own, so an earlier test's event may still land
      // here; this write's nudge is the one named after its own outbox event.
      const ours = bodies.filter(
        (e) => e.name === "allclear/outbox.pending" && e.id === `outbox:${events[0]!.id}`,
      );
      expect(ours).toHaveLength(1);
      expect(ours[0]!.id).toMatch(/^outbox:[0-9a-f-]{36}$/);
    });
  });
});
