import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { memberWithRole, setUpOwner, TestClient } from "@/lib/testing/client";
import { startDeliveries } from "@/lib/testing/deliveries";
import type { Receiver } from "@/lib/testing/receiver";
import type { MailCatcher } from "@/lib/testing/smtp";

let owner: TestClient;
let first: { client: TestClient; email: string };
let second: { client: TestClient; email: string };
let viewer: { client: TestClient; email: string };
let catcher: MailCatcher;
let hooks: Receiver;
let stopDeliveries: () => Promise<void>;
let api: string;

beforeAll(async () => {
  ({ catcher, hooks, stop: stopDeliveries } = await startDeliveries());
  ({ client: owner } = await setUpOwner());
  first = await memberWithRole(owner, "editor");
  second = await memberWithRole(owner, "editor");
  viewer = await memberWithRole(owner, "viewer");
  api = (await owner.post("/v1/components", { name: "API" })).body.id;
  const endpoint = await owner.post("/v1/webhook-endpoints", {
    kind: "webhook",
    name: "Operations",
    url: `${hooks.url}/events`,
  });
  expect(endpoint.status, endpoint.text).toBe(201);
});

afterAll(() => stopDeliveries());

beforeEach(() => catcher.clear());

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

async function declare(client: TestClient, extra: Record<string, unknown> = {}) {
  const response = await client.post("/v1/incidents", {
    title: `Slow API ${Math.random().toString(36).slice(2, 7)}`,
    impact: "minor",
    body: "Requests are slow.",
    visibility: "published",
    components: [{ componentId: api, status: "degraded_performance" }],
    ...extra,
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const overdueEvents = (incidentId: string) =>
  hooks
    .on("/events")
    .map((request) => JSON.parse(request.body))
    .filter((e) => e.type === "incident.update_overdue" && e.data.incident.id === incidentId);

describe("what an update promises", () => {
  it("is kept on the update and the incident, and refused in the past, beyond a year, or when resolving", async () => {
    const estimate = inMs(3_600_000);
    const next = inMs(1_800_000);
    const incident = await declare(first.client, {
      estimatedResolutionAt: estimate,
      nextUpdateBy: next,
    });
    expect(incident.updates[0]).toMatchObject({
      estimatedResolutionAt: estimate,
      nextUpdateBy: next,
    });
    expect(incident).toMatchObject({ nextUpdateBy: next, updateOverdue: false });

    const past = await first.client.post(`/v1/incidents/${incident.id}/updates`, {
      status: "identified",
      body: "Found it.",
      nextUpdateBy: inMs(-60_000),
      estimatedResolutionAt: inMs(400 * 86_400_000),
    });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([
      { field: "estimatedResolutionAt", message: "At most a year ahead." },
      { field: "nextUpdateBy", message: "Must be in the future." },
    ]);
    const resolving = await first.client.post(`/v1/incidents/${incident.id}/updates`, {
      status: "resolved",
      body: "Fixed.",
      nextUpdateBy: inMs(60_000),
    });
    expect(resolving.status).toBe(400);
    expect(resolving.body.errors[0].field).toBe("nextUpdateBy");
    // Nothing half-written: the refused updates left the incident as it was.
    const unchanged = (await first.client.get(`/v1/incidents/${incident.id}`)).body;
    expect(unchanged.updates).toHaveLength(1);

    const resolved = await first.client.post(`/v1/incidents/${incident.id}/updates`, {
      status: "resolved",
      body: "Fixed.",
    });
    expect(resolved.status).toBe(201);
    expect(resolved.body).toMatchObject({ nextUpdateBy: null, updateOverdue: false });
    expect(resolved.body.updates[0]).toMatchObject({
      estimatedResolutionAt: null,
      nextUpdateBy: null,
    });
  });

  it("takes the workspace's cadence when an update names no next one, and none when it says null", async () => {
    const refused = await owner.patch("/v1/workspace", { updateCadenceMinutes: 2 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe("updateCadenceMinutes");
    expect((await first.client.patch("/v1/workspace", { updateCadenceMinutes: 30 })).status).toBe(
      403,
    );
    const set = await owner.patch("/v1/workspace", { updateCadenceMinutes: 30 });
    expect(set.status, set.text).toBe(200);
    expect(set.body.updateCadenceMinutes).toBe(30);
    try {
      const before = Date.now();
      const incident = await declare(first.client);
      const promised = Date.parse(incident.nextUpdateBy);
      expect(promised - before).toBeGreaterThanOrEqual(30 * 60_000);
      expect(promised - Date.now()).toBeLessThanOrEqual(30 * 60_000);
      const none = await first.client.post(`/v1/incidents/${incident.id}/updates`, {
        status: "identified",
        body: "Found it; no promise this time.",
        nextUpdateBy: null,
      });
      expect(none.body).toMatchObject({ nextUpdateBy: null });
      expect(none.body.updates[0].nextUpdateBy).toBeNull();
    } finally {
      await owner.patch("/v1/workspace", { updateCadenceMinutes: null });
    }
  });

  it("shows on the public page, its feed and /api/v2 while the incident is open", async () => {
    const next = inMs(3_600_000);
    const incident = await declare(first.client, {
      nextUpdateBy: next,
      estimatedResolutionAt: inMs(7_200_000),
    });
    const visitor = new TestClient();
    await expect
      .poll(async () => (await visitor.get(`/incidents/${incident.id}`)).text, { timeout: 5_000 })
      .toContain(`<time datetime="${next}" data-local>`);
    const page = (await visitor.get(`/incidents/${incident.id}`)).text;
    expect(page).toMatch(
      /<p class="promises">Estimated resolution: <time[^>]*>[^<]+<\/time><br>Next update by <time/,
    );
    const v2 = (await visitor.get("/api/v2/incidents.json")).body.incidents.find(
      (i: { id: string }) => i.id === incident.id,
    );
    // Written in the page's zone, as every /api/v2 time is.
    expect(Date.parse(v2.incident_updates[0].next_update_by)).toBe(Date.parse(next));
    expect((await visitor.get("/history.rss")).text).toContain("Next update by");
  });
});

describe("a promised update that does not come", () => {
  it("tells the team once, by webhook and by mail to the members who posted, until an update comes", async () => {
    const incident = await declare(first.client);
    const posted = await second.client.post(`/v1/incidents/${incident.id}/updates`, {
      status: "identified",
      body: "Found the cause.",
      nextUpdateBy: inMs(1_500),
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body.updateOverdue).toBe(false);

    await expect.poll(() => overdueEvents(incident.id).length, { timeout: 10_000 }).toBe(1);
    const [event] = overdueEvents(incident.id);
    expect(event.data.url).toBe(`http://localhost:3000/dashboard/incidents/${incident.id}`);
    expect(event.data.status).toBeUndefined();
    expect(event.data.incident.nextUpdateBy).toBe(posted.body.nextUpdateBy);
    await catcher.waitFor(() => catcher.messages.length >= 2);
    const mailed = catcher.messages.map((m) => m.to).sort();
    expect(mailed).toEqual([first.email, second.email].sort());
    expect(catcher.messages[0]!.subject).toBe(`[Acme] Update overdue: ${incident.title}`);
    expect(catcher.messages[0]!.text).toContain(`/dashboard/incidents/${incident.id}`);
    expect(mailed).not.toContain(viewer.email);

    const late = (await viewer.client.get(`/v1/incidents/${incident.id}`)).body;
    expect(late.updateOverdue).toBe(true);
    const listed = (await viewer.client.get("/v1/incidents")).body.incidents.find(
      (i: { id: string }) => i.id === incident.id,
    );
    expect(listed.updateOverdue).toBe(true);

    // Announced once: a second look finds nothing more to say.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(overdueEvents(incident.id)).toHaveLength(1);

    const answered = await first.client.post(`/v1/incidents/${incident.id}/updates`, {
      status: "monitoring",
      body: "A fix is out.",
      nextUpdateBy: inMs(1_500),
    });
    expect(answered.body.updateOverdue).toBe(false);
    // The new promise is a new one: missed again, it is announced again.
    await expect.poll(() => overdueEvents(incident.id).length, { timeout: 10_000 }).toBe(2);
  });

  it("is not announced when the update came in time, or for a draft", async () => {
    const incident = await declare(first.client, { nextUpdateBy: inMs(1_000) });
    await first.client.post(`/v1/incidents/${incident.id}/updates`, {
      status: "identified",
      body: "In time.",
      nextUpdateBy: null,
    });
    const draft = await declare(first.client, { visibility: "draft", nextUpdateBy: inMs(1_000) });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(overdueEvents(incident.id)).toHaveLength(0);
    expect(overdueEvents(draft.id)).toHaveLength(0);
    const about = (title: string) => catcher.messages.filter((m) => m.subject.includes(title));
    expect(about(incident.title)).toHaveLength(0);
    expect(about(draft.title)).toHaveLength(0);

    // Published after its promise passed, the draft's promise is late at once.
    expect(
      (await first.client.patch(`/v1/incidents/${draft.id}`, { visibility: "published" })).status,
    ).toBe(200);
    await expect.poll(() => overdueEvents(draft.id).length, { timeout: 10_000 }).toBe(1);
  });
});
