import { createCipheriv, hkdfSync, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import { resolveAuthSecret } from "@/lib/crypto/auth-secret";
import { resetConfig } from "@/lib/config";
import { startEmbeddedRunner, type Runner } from "@/lib/runner/runner";
import { upgradeLegacySecrets } from "@/lib/notifications/endpoints";
import { Receiver } from "@/lib/testing/receiver";
import { setUpOwner, TestClient } from "@/lib/testing/client";

// Loopback receivers need private targets; retries use a short schedule so tests take seconds.
process.env.ALLOW_PRIVATE_TARGETS = "true";
process.env.WEBHOOK_RETRY_SCHEDULE = "300ms,600ms,300ms,300ms,300ms";
resetConfig();

let admin: TestClient;
let receiver: Receiver;
let runner: Runner;
let paths = 0;

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
  receiver = await new Receiver().start();
  runner = startEmbeddedRunner();
});

afterAll(async () => {
  await runner.stop();
  await receiver.stop();
});

async function endpoint(body: Record<string, unknown> = {}) {
  const path = `/hook-${++paths}`;
  const response = await admin.post("/v1/webhook-endpoints", {
    kind: "webhook",
    name: `Hook ${paths}`,
    url: `${receiver.url}${path}`,
    ...body,
  });
  expect(response.status, response.text).toBe(201);
  return {
    path,
    id: response.body.endpoint.id as string,
    secret: response.body.secret as string,
    created: response.body,
  };
}

async function component(name: string) {
  return (await admin.post("/v1/components", { name })).body.id as string;
}

async function publishIncident(body: Record<string, unknown> = {}) {
  const response = await admin.post("/v1/incidents", {
    title: "API errors",
    impact: "major",
    body: "Investigating.",
    visibility: "published",
    ...body,
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

function verify(secret: string, request: { body: string; headers: Record<string, unknown> }) {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as {
    type: string;
    timestamp: string;
    data: any;
  };
}

async function endpointState(id: string) {
  const list = (await admin.get("/v1/webhook-endpoints")).body as {
    id: string;
    state: string;
    failingSince: string | null;
  }[];
  return list.find((e) => e.id === id)!;
}

describe("webhook endpoints", () => {
  it("creates with a whsec_ secret shown once, never answers the URL, and stores both encrypted", async () => {
    const { id, secret, created, path } = await endpoint({ name: "Ops hook" });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(created.endpoint).toEqual({
      id,
      kind: "webhook",
      name: "Ops hook",
      state: "active",
      componentIds: [],
      settings: {},
      failingSince: null,
      createdAt: expect.any(String),
      lastAttempt: null,
      retrying: 0,
    });
    const list = await admin.get("/v1/webhook-endpoints");
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.text).not.toContain(path);
    expect(list.text).not.toContain("whsec_");
    const db = await getDb();
    const [row] = await db
      .select()
      .from(schema.webhookEndpoint)
      .where(eq(schema.webhookEndpoint.id, id));
    expect(row!.urlEncrypted).not.toContain(path);
    expect(row!.urlEncrypted).not.toContain("localhost");
    expect(row!.secretEncrypted).not.toContain(secret.slice(6, 20));

    const slack = await admin.post("/v1/webhook-endpoints", {
      kind: "slack",
      name: "Slack",
      url: `${receiver.url}/slack-x`,
    });
    expect(slack.body.secret).toBeNull();
    const ids = (await admin.get("/v1/webhook-endpoints")).body.map((e: { id: string }) => e.id);
    expect(ids.indexOf(id)).toBeLessThan(ids.indexOf(slack.body.endpoint.id));
    expect((await admin.delete(`/v1/webhook-endpoints/${slack.body.endpoint.id}`)).status).toBe(
      204,
    );
    expect((await admin.delete(`/v1/webhook-endpoints/${slack.body.endpoint.id}`)).status).toBe(
      404,
    );
  });

  it("validates kind, URL and components", async () => {
    // An unknown kind is named alone: which other fields apply depends on the kind.
    const unknownKind = await admin.post("/v1/webhook-endpoints", {
      kind: "pager",
      name: "",
      url: "not a url",
    });
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.errors).toEqual([{ field: "kind", message: expect.any(String) }]);
    const bad = await admin.post("/v1/webhook-endpoints", {
      kind: "webhook",
      name: "",
      url: "not a url",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["name", "url"]);
    const unknown = await admin.post("/v1/webhook-endpoints", {
      kind: "webhook",
      name: "X",
      url: `${receiver.url}/x`,
      componentIds: ["019a0000-0000-7000-8000-000000000009"],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe("componentIds.0");
  });
});

describe("deliveries", () => {
  it("signs each delivery per Standard Webhooks over the exact body sent", async () => {
    const { path, secret } = await endpoint();
    const incident = await publishIncident();
    const [request] = await receiver.waitFor(path, 1);
    expect(request!.headers["user-agent"]).toBe("Allclear-Webhooks/1.0");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(
      Math.abs(Number(request!.headers["webhook-timestamp"]) - Date.now() / 1000),
    ).toBeLessThan(10);
    expect(String(request!.headers["webhook-signature"])).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const payload = verify(secret, request!);
    expect(payload.type).toBe("incident.created");
    expect(payload.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(payload.data).toMatchObject({
      occurredAt: payload.timestamp,
      workspace: { name: "Acme" },
      incident: { id: incident.id, title: "API errors", updates: [{ body: "Investigating." }] },
      // The page's overall status once the incident is published, by the page's one rule.
      status: { indicator: "major", description: "Major Service Outage" },
      url: `http://localhost:3000/incidents/${incident.id}`,
    });
    // A tampered body does not verify.
    expect(() =>
      verify(secret, { ...request!, body: request!.body.replace("API", "APX") }),
    ).toThrow();
  });

  it("delivers all seven event types; drafts notify nobody", async () => {
    const { path, secret } = await endpoint();
    const draft = await admin.post("/v1/incidents", {
      title: "Quiet",
      impact: "none",
      body: "Draft.",
    });
    await admin.post(`/v1/incidents/${draft.body.id}/updates`, {
      status: "identified",
      body: "Still a draft.",
    });
    const incident = await publishIncident();
    await admin.post(`/v1/incidents/${incident.id}/updates`, {
      status: "identified",
      body: "Found it.",
    });
    await admin.post(`/v1/incidents/${incident.id}/updates`, {
      status: "resolved",
      body: "Fixed.",
    });
    const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
    const windowA = await admin.post("/v1/maintenances", {
      title: "A",
      body: "",
      startsAt: soon(300),
      endsAt: soon(700),
      componentIds: [],
    });
    const windowB = await admin.post("/v1/maintenances", {
      title: "B",
      body: "",
      startsAt: soon(60_000),
      endsAt: soon(120_000),
      componentIds: [],
    });
    await admin.post(`/v1/maintenances/${windowB.body.id}/cancel`);
    // Eight events: three about the incident and five about the two windows.
    const requests = await receiver.waitFor(path, 8);
    // Nothing more follows (the draft's create and update write no events).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const types = receiver
      .on(path)
      .map((r) => verify(secret, r).type)
      .sort();
    expect(types).toEqual([
      "incident.created",
      "incident.resolved",
      "incident.updated",
      "maintenance.cancelled",
      "maintenance.completed",
      "maintenance.scheduled",
      "maintenance.scheduled",
      "maintenance.started",
    ]);
    const aboutDraft = requests.filter((r) => r.body.includes(draft.body.id));
    expect(aboutDraft).toEqual([]);
    expect(windowA.status).toBe(201);
  });

  it("sends an endpoint only the events about the components it follows", async () => {
    const api = await component("Filtered API");
    const web = await component("Filtered Web");
    const followsApi = await endpoint({ componentIds: [api] });
    const followsAll = await endpoint();
    await publishIncident({
      title: "Web only",
      components: [{ componentId: web, status: "major_outage" }],
    });
    await publishIncident({
      title: "API only",
      components: [{ componentId: api, status: "partial_outage" }],
    });
    await publishIncident({ title: "Nothing named" });
    await receiver.waitFor(followsAll.path, 3);
    await receiver.waitFor(followsApi.path, 1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const titles = receiver
      .on(followsApi.path)
      .map((r) => verify(followsApi.secret, r).data.incident.title);
    expect(titles).toEqual(["API only"]);
  });

  it("retries 5xx with the same webhook-id after the backoff, and records every attempt", async () => {
    const { path, id, secret } = await endpoint();
    receiver.reply(path, { status: 503 }, { status: 500 });
    await publishIncident();
    const requests = await receiver.waitFor(path, 3);
    const ids = new Set(requests.map((r) => r.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(280);
    expect(requests[2]!.at - requests[1]!.at).toBeGreaterThanOrEqual(580);
    requests.forEach((r) => verify(secret, r));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { deliveries } = (await admin.get(`/v1/webhook-endpoints/${id}/deliveries`)).body;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      id: [...ids][0],
      type: "incident.created",
      state: "succeeded",
    });
    expect(deliveries[0].attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([
      503, 500, 200,
    ]);
    expect(deliveries[0].attempts[0].nextAttemptAt).not.toBeNull();
    expect(deliveries[0].attempts[2].nextAttemptAt).toBeNull();
    expect((await endpointState(id)).state).toBe("active");
  });

  it("honours Retry-After on 429", async () => {
    const { path } = await endpoint();
    receiver.reply(path, { status: 429, headers: { "retry-after": "1" } });
    await publishIncident();
    const requests = await receiver.waitFor(path, 2);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("fails at once on 400 or a redirect, marks the endpoint failing, and the next success clears it", async () => {
    const { path, id } = await endpoint();
    receiver.reply(path, { status: 400 }, { status: 302, headers: { location: "/elsewhere" } });
    await publishIncident();
    await receiver.waitFor(path, 1);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(receiver.on(path)).toHaveLength(1);
    const failing = await endpointState(id);
    expect(failing.state).toBe("failing");
    expect(Date.now() - Date.parse(failing.failingSince!)).toBeLessThan(10_000);

    // Still receives new events; the redirect fails too, and failingSince keeps its first time.
    await publishIncident();
    await receiver.waitFor(path, 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.on("/elsewhere")).toHaveLength(0);
    expect((await endpointState(id)).failingSince).toBe(failing.failingSince);

    await publishIncident();
    await receiver.waitFor(path, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await endpointState(id)).toMatchObject({ state: "active", failingSince: null });
  });

  it("gives up after the schedule's retries and marks the endpoint failing", async () => {
    const { path, id } = await endpoint();
    receiver.reply(path, ...Array.from({ length: 6 }, () => ({ status: 502 })));
    await publishIncident();
    await receiver.waitFor(path, 6, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(receiver.on(path)).toHaveLength(6);
    const { deliveries } = (await admin.get(`/v1/webhook-endpoints/${id}/deliveries`)).body;
    expect(deliveries[0].state).toBe("failed");
    expect((await endpointState(id)).state).toBe("failing");
  });

  it("retries a receiver slower than 8 s", async () => {
    const { path } = await endpoint();
    receiver.reply(path, { status: 200, delayMs: 9_000 });
    await publishIncident();
    const requests = await receiver.waitFor(path, 2, 15_000);
    // The retry waits for the 8 s timeout and then the 300 ms delay, counted from the send; the
    // first request reaches the receiver a little after its send began (more on a busy machine).
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(8_000);
    expect(requests[1]!.headers["webhook-id"]).toBe(requests[0]!.headers["webhook-id"]);
  }, 30_000);
});

describe("test sends", () => {
  it("posts one signed sample and answers the receiver's answer, without touching the endpoint's state", async () => {
    const { path, id, secret } = await endpoint();
    receiver.reply(path, { status: 202, body: "thanks" });
    const result = await admin.post(`/v1/webhook-endpoints/${id}/test`);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ok: true, status: 202, detail: "thanks" });
    const [request] = receiver.on(path);
    expect(String(request!.headers["webhook-id"])).toMatch(/^test_/);
    const payload = verify(secret, request!);
    expect(payload.type).toBe("incident.created");
    expect(payload.data.incident.title).toBe("Test notification");

    receiver.reply(path, { status: 500, body: "boom" });
    expect((await admin.post(`/v1/webhook-endpoints/${id}/test`)).body).toEqual({
      ok: false,
      status: 500,
      detail: "boom",
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.on(path)).toHaveLength(2);
    expect((await endpointState(id)).state).toBe("active");
    // Both sends are in the log as tests, finished; the endpoint's own activity ignores them.
    const { deliveries } = (await admin.get(`/v1/webhook-endpoints/${id}/deliveries`)).body;
    expect(
      deliveries.map((d: { type: string; test: boolean; state: string }) => [
        d.type,
        d.test,
        d.state,
      ]),
    ).toEqual([
      ["test", true, "failed"],
      ["test", true, "succeeded"],
    ]);
    expect(deliveries[0].attempts[0]).toMatchObject({ statusCode: 500, error: "boom" });
    expect(`test_${deliveries[0].id}`).toBe(String(receiver.on(path)[1]!.headers["webhook-id"]));
    const listed = (await admin.get("/v1/webhook-endpoints")).body.find(
      (e: { id: string }) => e.id === id,
    );
    expect(listed).toMatchObject({ lastAttempt: null, retrying: 0 });
    const retry = await admin.post(
      `/v1/webhook-endpoints/${id}/deliveries/${deliveries[0].id}/retry`,
    );
    expect(retry.status).toBe(409);
  });
});

describe("changing an endpoint", () => {
  it("renames it and replaces what it follows; the URL and kind stay", async () => {
    const { id } = await endpoint();
    const component = (await admin.post("/v1/components", { name: "Patch target" })).body.id;
    const patched = await admin.patch(`/v1/webhook-endpoints/${id}`, {
      name: "Renamed",
      componentIds: [component],
      kind: "slack",
      state: "failing",
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({
      id,
      name: "Renamed",
      kind: "webhook",
      state: "active",
      componentIds: [component],
    });
    const cleared = await admin.patch(`/v1/webhook-endpoints/${id}`, { componentIds: [] });
    expect(cleared.body).toMatchObject({ name: "Renamed", componentIds: [] });
    const refused = await admin.patch(`/v1/webhook-endpoints/${id}`, {
      url: "https://example.com",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: "url", message: "Unknown field." }]);
    const unknown = await admin.patch(`/v1/webhook-endpoints/${id}`, {
      componentIds: ["019a0000-0000-7000-8000-00000000beef"],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe("componentIds.0");
  });

  it("rotates the secret: for 24 hours requests carry both signatures, each verifiable", async () => {
    const { path, id, secret } = await endpoint();
    const rotated = await admin.post(`/v1/webhook-endpoints/${id}/rotate-secret`);
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    const expires = Date.parse(rotated.body.previousSecretExpiresAt) - Date.now();
    expect(expires).toBeGreaterThan(23.9 * 3_600_000);
    expect(expires).toBeLessThanOrEqual(24 * 3_600_000);
    await publishIncident();
    const [request] = await receiver.waitFor(path, 1);
    expect(String(request!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verify(secret, request!).type).toBe("incident.created");
    expect(verify(rotated.body.secret, request!).type).toBe("incident.created");

    // Once the old secret's time is up, only the new one signs.
    const db = await getDb();
    await db
      .update(schema.webhookEndpoint)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.webhookEndpoint.id, id));
    await publishIncident();
    const later = await receiver.waitFor(path, 2);
    expect(String(later[1]!.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verify(rotated.body.secret, later[1]!).type).toBe("incident.created");
    expect(() => verify(secret, later[1]!)).toThrow();

    const chat = await admin.post("/v1/webhook-endpoints", {
      kind: "slack",
      name: "Chat",
      url: `${receiver.url}/chat-rotate`,
    });
    const noSecret = await admin.post(
      `/v1/webhook-endpoints/${chat.body.endpoint.id}/rotate-secret`,
    );
    expect(noSecret.status).toBe(409);
    expect(noSecret.body.code).toBe("no_secret");
  });

  it("rotates twice at once without losing a secret: the later one signs beside the earlier", async () => {
    const { path, id } = await endpoint();
    const both = await Promise.all([
      admin.post(`/v1/webhook-endpoints/${id}/rotate-secret`),
      admin.post(`/v1/webhook-endpoints/${id}/rotate-secret`),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    await publishIncident();
    const [request] = await receiver.waitFor(path, 1);
    // Whichever rotation came second keeps the first one's secret as the previous one: every
    // secret a caller was given still verifies.
    for (const rotated of both) {
      expect(verify(rotated.body.secret, request!).type).toBe("incident.created");
    }
  });

  it("shows a receiver's failures while retries run, and tries a failed delivery again under the same webhook-id", async () => {
    const { path, id } = await endpoint();
    receiver.always(path, { status: 500, body: "down" });
    await publishIncident();
    await receiver.waitFor(path, 1);
    await expect
      .poll(async () => {
        const listed = (await admin.get("/v1/webhook-endpoints")).body.find(
          (e: { id: string }) => e.id === id,
        );
        return [listed.state, listed.retrying, listed.lastAttempt?.statusCode];
      })
      .toEqual(["active", 1, 500]);
    await expect
      .poll(async () => (await endpointState(id)).state, { timeout: 10_000 })
      .toBe("failing");
    const { deliveries } = (await admin.get(`/v1/webhook-endpoints/${id}/deliveries`)).body;
    const failed = deliveries.find((d: { state: string }) => d.state === "failed");
    const before = receiver.on(path).length;
    receiver.always(path, { status: 200 });
    const retried = await admin.post(`/v1/webhook-endpoints/${id}/deliveries/${failed.id}/retry`);
    expect(retried.status, retried.text).toBe(200);
    const after = await receiver.waitFor(path, before + 1);
    expect(after.at(-1)!.headers["webhook-id"]).toBe(failed.id);
    await expect.poll(async () => (await endpointState(id)).state).toBe("active");
    const again = await admin.post(`/v1/webhook-endpoints/${id}/deliveries/${failed.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("illegal_transition");
  });
});

describe("chat messages", () => {
  it("sends Slack text and blocks, and Discord content and embeds, with status, title, update, components and link", async () => {
    const api = await component("Chat API");
    const slack = await admin.post("/v1/webhook-endpoints", {
      kind: "slack",
      name: "Slack",
      url: `${receiver.url}/slack`,
    });
    const discord = await admin.post("/v1/webhook-endpoints", {
      kind: "discord",
      name: "Discord",
      url: `${receiver.url}/discord`,
    });
    expect(slack.status).toBe(201);
    expect(discord.body.secret).toBeNull();
    const incident = await publishIncident({
      title: "Checkout & payments < 50%",
      body: "Payments fail for some cards.",
      components: [{ componentId: api, status: "major_outage" }],
    });
    const [slackRequest] = await receiver.waitFor("/slack", 1);
    const [discordRequest] = await receiver.waitFor("/discord", 1);
    expect(slackRequest!.headers["webhook-signature"]).toBeUndefined();
    const slackBody = JSON.parse(slackRequest!.body);
    // Slack's mrkdwn needs &, < and > escaped; the header block is plain text.
    expect(slackBody.text).toContain("Checkout &amp; payments &lt; 50%");
    expect(slackBody.text).toContain(`/incidents/${incident.id}`);
    const blocks = JSON.stringify(slackBody.blocks);
    expect(blocks).toContain("Investigating");
    expect(blocks).toContain("Payments fail for some cards.");
    expect(blocks).toContain("Chat API — Major outage");
    expect(slackBody.blocks[0].text).toEqual({
      type: "plain_text",
      text: "New incident: Checkout & payments < 50%",
    });
    expect(blocks).toContain(
      `<http://localhost:3000/incidents/${incident.id}|View on the status page>`,
    );
    const discordBody = JSON.parse(discordRequest!.body);
    expect(discordBody.content).toContain("Checkout & payments < 50%");
    expect(discordBody.allowed_mentions).toEqual({ parse: [] });
    expect(discordBody.embeds[0]).toMatchObject({
      title: "Checkout & payments < 50%",
      url: `http://localhost:3000/incidents/${incident.id}`,
      description: "Payments fail for some cards.",
    });
    expect(discordBody.embeds[0].fields).toEqual(
      expect.arrayContaining([
        { name: "Status", value: "Investigating", inline: true },
        { name: "Affected components", value: "Chat API — Major outage", inline: false },
      ]),
    );
  });
});

async function storedRow(id: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(schema.webhookEndpoint)
    .where(eq(schema.webhookEndpoint.id, id));
  return row!;
}

async function store(id: string, values: { urlEncrypted?: string; secretEncrypted?: string }) {
  const db = await getDb();
  await db.update(schema.webhookEndpoint).set(values).where(eq(schema.webhookEndpoint.id, id));
}

/** The format values were stored in before they were bound to their rows. */
async function legacyEncrypt(plain: string): Promise<string> {
  const key = Buffer.from(
    hkdfSync("sha256", await resolveAuthSecret(), "allclear", "secrets at rest", 32),
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", ...[iv, ciphertext, cipher.getAuthTag()].map((b) => b.toString("base64url"))].join(
    ".",
  );
}

async function deliveriesOf(id: string) {
  return (await admin.get(`/v1/webhook-endpoints/${id}/deliveries`)).body.deliveries as {
    state: string;
    attempts: { error: string | null; nextAttemptAt: string | null }[];
  }[];
}

describe("stored endpoint secrets", () => {
  it("refuses a URL moved from another endpoint's row instead of sending to it", async () => {
    const victim = await endpoint();
    const attacker = await endpoint();
    // Someone with write access to the table copies one endpoint's URL into another's row.
    await store(victim.id, { urlEncrypted: (await storedRow(attacker.id)).urlEncrypted! });
    const tested = await admin.post(`/v1/webhook-endpoints/${victim.id}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: false, status: 0 });
    expect(tested.body.detail).toMatch(/damaged or belongs elsewhere/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.on(attacker.path)).toHaveLength(0);
  });

  it("fails a delivery at once when the secret can no longer be decrypted, and says why", async () => {
    const unreadable = await endpoint();
    const row = await storedRow(unreadable.id);
    const parts = row.urlEncrypted!.split(".");
    await store(unreadable.id, {
      urlEncrypted: [parts[0], "AAAAAAAA", ...parts.slice(2)].join("."),
    });
    const healthy = await endpoint();
    await publishIncident();
    await receiver.waitFor(healthy.path, 1);
    const deadline = Date.now() + 5_000;
    let deliveries = await deliveriesOf(unreadable.id);
    while (deliveries[0]?.state !== "failed" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      deliveries = await deliveriesOf(unreadable.id);
    }
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.state).toBe("failed");
    expect(deliveries[0]!.attempts).toHaveLength(1);
    expect(deliveries[0]!.attempts[0]).toMatchObject({
      error: expect.stringMatching(/another key: BETTER_AUTH_SECRET has changed/),
      nextAttemptAt: null,
    });
    // Nothing more is tried.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await deliveriesOf(unreadable.id))[0]!.attempts).toHaveLength(1);
    const state = (await admin.get("/v1/webhook-endpoints")).body.find(
      (e: { id: string }) => e.id === unreadable.id,
    );
    expect(state.state).toBe("failing");
  });

  it("rewrites values stored in the older format, bound to their rows, and keeps them working", async () => {
    const { id, path, secret } = await endpoint();
    await store(id, {
      urlEncrypted: await legacyEncrypt(`${receiver.url}${path}`),
      secretEncrypted: await legacyEncrypt(secret),
    });
    expect(await upgradeLegacySecrets()).toBe(1);
    const row = await storedRow(id);
    expect(row.urlEncrypted).toMatch(/^v2\./);
    expect(row.secretEncrypted).toMatch(/^v2\./);
    expect(await upgradeLegacySecrets()).toBe(0);
    expect((await admin.post(`/v1/webhook-endpoints/${id}/test`)).body.ok).toBe(true);
    const [request] = await receiver.waitFor(path, 1);
    new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>);
  });
});
