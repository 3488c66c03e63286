import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { Receiver } from "@/lib/testing/receiver";
import { inngest } from "./client";
import { deliverWebhook, fanOutEvents, type DeliverEvent } from "./notifications";

// step.sendEvent really sends: to a loopback receiver that answers as Inngest's event API does.
const EVENT_API = "/e/test-event-key";

process.env.ALLOW_PRIVATE_TARGETS = "true";
process.env.WEBHOOK_RETRY_SCHEDULE = "200ms,200ms";
resetConfig();

let admin: TestClient;
let receiver: Receiver;

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
  receiver = await new Receiver().start();
  receiver.always(EVENT_API, { status: 200, body: JSON.stringify({ ids: ["sent"], status: 200 }) });
  inngest.setEnvVars({
    INNGEST_EVENT_KEY: "test-event-key",
    INNGEST_EVENT_API_BASE_URL: receiver.url,
  });
});

afterAll(async () => receiver.stop());

async function endpoint(path: string) {
  const response = await admin.post("/v1/webhook-endpoints", {
    kind: "webhook",
    name: path,
    url: `${receiver.url}${path}`,
  });
  return response.body.endpoint.id as string;
}

type Sent = { id: string; name: string; data: DeliverEvent };

/** Runs the fan-out function; answers the deliver events it sent. */
async function runFanOut(): Promise<Sent[]> {
  const t = new InngestTestEngine({ function: fanOutEvents });
  const { ctx, result } = await t.execute({
    events: [{ name: "allclear/outbox.pending", data: {} }],
  });
  const sendEvent = ctx.step.sendEvent as unknown as {
    mock: { calls: [string, Sent | Sent[]][] };
  };
  const sent = sendEvent.mock.calls.flatMap(([, events]) => [events].flat());
  // Besides the deliveries, the fan-out wakes the mail sender for the mail it queued.
  expect(sent.filter((e) => e.name === "allclear/email.pending")).toHaveLength(1);
  const deliveries = sent.filter((e) => e.name === "allclear/webhook.deliver");
  expect(result).toBe(deliveries.length);
  expect(deliveries.length + 1).toBe(sent.length);
  return deliveries;
}

/** Publishes an incident and fans its event out through the Inngest function; answers the deliver events sent. */
async function fanOut(): Promise<DeliverEvent[]> {
  await admin.post("/v1/incidents", {
    title: "Down",
    impact: "major",
    body: "x",
    visibility: "published",
  });
  return (await runFanOut()).map((e) => e.data);
}

function deliver(data: DeliverEvent) {
  return new InngestTestEngine({ function: deliverWebhook }).execute({
    events: [{ name: "allclear/webhook.deliver", data }],
  });
}

describe("the Inngest notification functions", () => {
  it("fan out one deliver event per endpoint, keyed for per-endpoint concurrency", async () => {
    const a = await endpoint("/inngest-a");
    const b = await endpoint("/inngest-b");
    const events = await fanOut();
    expect(events.map((e) => e.endpointId).sort()).toEqual([a, b].sort());
    expect(deliverWebhook.opts.concurrency).toEqual({ key: "event.data.endpointId", limit: 1 });
    // Another nudge while those wait fans out nothing new and announces nothing again: during a
    // storm of events, each delivery is announced once, by the run that made it.
    expect(await runFanOut()).toEqual([]);
    for (const event of events) {
      const { result } = await deliver(event);
      expect(result).toEqual({ result: "success", status: 200 });
    }
    expect(receiver.on("/inngest-a")).toHaveLength(1);
    expect(receiver.on("/inngest-b")).toHaveLength(1);
  });

  it("retries on the schedule with RetryAfterError, then succeeds with the same webhook-id", async () => {
    await admin.delete("/v1/webhook-endpoints/" + (await endpoint("/inngest-tmp")));
    const id = await endpoint("/inngest-retry");
    receiver.reply("/inngest-retry", { status: 503 });
    const events = (await fanOut()).filter((e) => e.endpointId === id);
    const first = await deliver(events[0]!);
    // The run ends in a (serialized) RetryAfterError; the delivery log holds the time asked for.
    expect(first.error).toMatchObject({ name: "RetryAfterError", message: "HTTP 503" });
    const log = (await admin.get(`/v1/webhook-endpoints/${id}/deliveries`)).body.deliveries[0];
    const retryAt = Date.parse(log.attempts[0].nextAttemptAt);
    expect(retryAt - Date.now()).toBeGreaterThan(0);
    expect(retryAt - Date.now()).toBeLessThanOrEqual(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, retryAt - Date.now())));
    const second = await deliver(events[0]!);
    expect(second.result).toEqual({ result: "success", status: 200 });
    const requests = receiver.on("/inngest-retry");
    expect(requests).toHaveLength(2);
    expect(requests[0]!.headers["webhook-id"]).toBe(requests[1]!.headers["webhook-id"]);
  });

  it("records a final failure on a 400 and ends the run normally: the endpoint's state, not an alert", async () => {
    const id = await endpoint("/inngest-bad");
    receiver.reply("/inngest-bad", { status: 400 });
    const events = (await fanOut()).filter((e) => e.endpointId === id);
    const { result, error } = await deliver(events[0]!);
    expect(error).toBeUndefined();
    expect(result).toEqual({ result: "failed", status: 400, error: "HTTP 400" });
    const state = (await admin.get("/v1/webhook-endpoints")).body.find(
      (e: { id: string }) => e.id === id,
    ).state;
    expect(state).toBe("failing");
    // Nothing is left to do for that delivery.
    expect((await deliver(events[0]!)).result).toEqual({ result: "done" });
  });
});
