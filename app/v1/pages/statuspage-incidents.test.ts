import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { fanOutPending } from "@/lib/outbox/fan-out";
import { startEmbeddedRunner } from "@/lib/runner/runner";
import { Receiver } from "@/lib/testing/receiver";
import { setUpOwner, tokenClient, TestClient } from "@/lib/testing/client";
import { FORM, schemaChecks, scriptCalls } from "@/lib/testing/statuspage";

/**
 * Statuspage's incident and subscriber API, driven as its documentation's examples drive it
 * (`Authorization: OAuth …`, `-d incident[name]=…` forms or JSON), each answer checked against a
 * JSON Schema written from that documentation's `Incident`, `IncidentUpdate`, `Subscriber` and
 * `ErrorEntity`, and each change looked for on our public page and in our own API.
 */

// A loopback receiver is a private target.
process.env.ALLOW_PRIVATE_TARGETS = "true";
resetConfig();

const time = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T" };
const timeOrNull = { type: ["string", "null"], pattern: "^\\d{4}-\\d{2}-\\d{2}T" };
const STATUSES = [
  "investigating",
  "identified",
  "monitoring",
  "resolved",
  "scheduled",
  "in_progress",
  "verifying",
  "completed",
];
const COMPONENT_STATUS = {
  enum: [
    "operational",
    "under_maintenance",
    "degraded_performance",
    "partial_outage",
    "major_outage",
  ],
};
const UPDATE = {
  type: "object",
  required: [
    "id",
    "incident_id",
    "affected_components",
    "body",
    "created_at",
    "custom_tweet",
    "deliver_notifications",
    "display_at",
    "status",
    "tweet_id",
    "twitter_updated_at",
    "updated_at",
    "wants_twitter_update",
  ],
  properties: {
    id: { type: "string" },
    incident_id: { type: "string" },
    affected_components: {
      type: ["array", "null"],
      items: {
        type: "object",
        required: ["code", "name", "old_status", "new_status"],
        properties: { old_status: COMPONENT_STATUS, new_status: COMPONENT_STATUS },
      },
    },
    body: { type: "string" },
    created_at: time,
    display_at: time,
    updated_at: time,
    deliver_notifications: { type: "boolean" },
    status: { enum: STATUSES },
    wants_twitter_update: { type: "boolean" },
  },
};
const INCIDENT = {
  type: "object",
  required: [
    "id",
    "components",
    "created_at",
    "impact",
    "impact_override",
    "incident_updates",
    "metadata",
    "monitoring_at",
    "name",
    "page_id",
    "postmortem_body",
    "postmortem_body_last_updated_at",
    "postmortem_ignored",
    "postmortem_notified_subscribers",
    "postmortem_notified_twitter",
    "postmortem_published_at",
    "resolved_at",
    "scheduled_auto_completed",
    "scheduled_auto_in_progress",
    "scheduled_for",
    "auto_transition_deliver_notifications_at_end",
    "auto_transition_deliver_notifications_at_start",
    "auto_transition_to_maintenance_state",
    "auto_transition_to_operational_state",
    "scheduled_remind_prior",
    "scheduled_reminded_at",
    "scheduled_until",
    "shortlink",
    "status",
    "updated_at",
  ],
  properties: {
    id: { type: "string" },
    components: {
      type: "array",
      items: { type: "object", required: ["id", "name", "status"] },
    },
    created_at: time,
    updated_at: time,
    impact: { enum: ["none", "maintenance", "minor", "major", "critical"] },
    incident_updates: { type: "array", items: UPDATE },
    metadata: { type: "object" },
    monitoring_at: timeOrNull,
    resolved_at: timeOrNull,
    scheduled_for: timeOrNull,
    scheduled_until: timeOrNull,
    name: { type: "string" },
    page_id: { type: "string" },
    shortlink: { type: "string" },
    status: { enum: STATUSES },
    scheduled_remind_prior: { type: "boolean" },
    scheduled_auto_in_progress: { type: "boolean" },
    scheduled_auto_completed: { type: "boolean" },
  },
};
const SUBSCRIBER = {
  type: "object",
  required: ["id", "mode", "email", "components", "created_at", "skip_confirmation_notification"],
  properties: {
    id: { type: "string" },
    mode: { type: "string" },
    email: { type: "string" },
    components: { type: "array", items: { type: "string" } },
    created_at: time,
    quarantined_at: timeOrNull,
  },
};
const ERROR = {
  type: "object",
  required: ["error", "message"],
  properties: { error: { type: "string" }, message: { type: "string" } },
};

const shaped = schemaChecks({
  incident: INCIDENT,
  update: UPDATE,
  subscriber: SUBSCRIBER,
  error: ERROR,
});
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

let owner: TestClient;
let workspaceId: string;
let secret: string;
let viewerOauth: Record<string, string>;
let receiver: Receiver;

beforeAll(async () => {
  ({ client: owner, workspaceId } = await setUpOwner());
  secret = (await tokenClient(owner, "admin")).secret;
  viewerOauth = { authorization: `OAuth ${(await tokenClient(owner, "viewer")).secret}` };
  receiver = await new Receiver().start();
});

afterAll(() => receiver.stop());

const script = scriptCalls(() => secret);

async function component(name: string): Promise<string> {
  const made = await script("POST", `/v1/pages/${workspaceId}/components`, {
    component: { name },
  });
  expect(made.status, made.text).toBe(201);
  return made.body.id;
}

/** The types of the events written about a window, oldest first. */
async function eventsAbout(id: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ type: schema.outboxEvent.type })
    .from(schema.outboxEvent)
    .where(sql`${schema.outboxEvent.data} -> 'maintenance' ->> 'id' = ${id}`)
    .orderBy(asc(schema.outboxEvent.occurredAt), asc(schema.outboxEvent.id));
  return rows.map((row) => row.type);
}

const statusOf = async (id: string) =>
  (await owner.get("/v1/components")).body.components.find((c: { id: string }) => c.id === id)
    .status;

describe("Statuspage's incident API", () => {
  it("runs an incident from creation to resolution as the documentation's examples do", async () => {
    const base = `/v1/pages/${workspaceId}/incidents`;
    const api = await component("API");
    // curl … -d "incident[name]=string" -d "incident[status]=string" -d "incident[body]=string"
    const created = await script(
      "POST",
      base,
      `incident[name]=Elevated+API+errors&incident[status]=investigating&incident[body]=We+are+looking+into+it.&incident[components][${api}]=major_outage`,
      FORM,
    );
    expect(created.status, created.text).toBe(201);
    const incident = shaped("incident", created);
    expect(incident).toMatchObject({
      name: "Elevated API errors",
      status: "investigating",
      impact: "critical",
      page_id: workspaceId,
      resolved_at: null,
      scheduled_for: null,
    });
    // The answer shows the components as the incident left them.
    expect(
      incident.components.map((c: { id: string; status: string }) => [c.id, c.status]),
    ).toEqual([[api, "major_outage"]]);
    expect(incident.incident_updates).toHaveLength(1);
    expect(incident.incident_updates[0]).toMatchObject({
      body: "We are looking into it.",
      status: "investigating",
      affected_components: [
        { code: api, name: "API", old_status: "operational", new_status: "major_outage" },
      ],
    });
    expect(created.headers.get("location")).toBe(`${base}/${incident.id}`);
    expect(await statusOf(api)).toBe("major_outage");

    // It is published at once: on the public Statuspage JSON and in our own API.
    const publicJson = await new TestClient().get("/api/v2/incidents/unresolved.json");
    expect(publicJson.body.incidents.map((i: { id: string }) => i.id)).toContain(incident.id);
    const ours = await owner.get(`/v1/incidents/${incident.id}`);
    expect(ours.body).toMatchObject({ visibility: "published", impact: "critical" });

    const identified = await script("PATCH", `${base}/${incident.id}`, {
      incident: {
        status: "identified",
        body: "A bad deploy; rolling back.",
        components: { [api]: "partial_outage" },
      },
    });
    expect(identified.status, identified.text).toBe(200);
    // A lesser status later keeps the worst impact the incident had.
    expect(shaped("incident", identified)).toMatchObject({
      status: "identified",
      impact: "critical",
      components: [{ id: api, status: "partial_outage" }],
    });
    expect(await statusOf(api)).toBe("partial_outage");

    // Only a status: the update says the status's usual words.
    const monitoring = await script("PATCH", `${base}/${incident.id}`, {
      incident: { status: "monitoring" },
    });
    expect(monitoring.status, monitoring.text).toBe(200);
    const watched = shaped("incident", monitoring);
    expect(watched.incident_updates[0].body).toBe(
      "A fix has been implemented and we are monitoring the results.",
    );
    expect(watched.monitoring_at).toBe(watched.incident_updates[0].created_at);

    const unresolved = await script("GET", `${base}/unresolved`);
    expect(shaped("incidents", unresolved).map((i: { id: string }) => i.id)).toContain(incident.id);

    const resolved = await script(
      "PUT",
      `${base}/${incident.id}`,
      `incident[status]=resolved&incident[body]=Recovered.&incident[components][${api}]=operational`,
      FORM,
    );
    expect(resolved.status, resolved.text).toBe(200);
    const closed = shaped("incident", resolved);
    expect(closed.status).toBe("resolved");
    // Components back to operational do not lower the impact the incident had.
    expect(closed.impact).toBe("critical");
    expect(closed.resolved_at).not.toBeNull();
    expect(closed.incident_updates.map((u: { status: string }) => u.status)).toEqual([
      "resolved",
      "monitoring",
      "identified",
      "investigating",
    ]);
    expect(await statusOf(api)).toBe("operational");
    const after = await script("GET", `${base}/unresolved`);
    expect(after.body.map((i: { id: string }) => i.id)).not.toContain(incident.id);

    // Corrects the first update's body; nothing else about it changes.
    const first = closed.incident_updates[3];
    const corrected = await script(
      "PATCH",
      `${base}/${incident.id}/incident_updates/${first.id}`,
      "incident_update[body]=We+are+looking+into+errors+on+the+API.",
      FORM,
    );
    expect(corrected.status, corrected.text).toBe(200);
    expect(shaped("update", corrected)).toMatchObject({
      id: first.id,
      status: "investigating",
      body: "We are looking into errors on the API.",
      created_at: first.created_at,
    });
    const edited = (await owner.get(`/v1/incidents/${incident.id}`)).body.updates.at(-1);
    expect(edited).toMatchObject({ body: "We are looking into errors on the API." });
    expect(edited.editedAt).not.toBeNull();

    // Found by a word from an update; a word from nowhere finds nothing.
    const found = await script("GET", `${base}?q=rolling`);
    expect(shaped("incidents", found).map((i: { id: string }) => i.id)).toEqual([incident.id]);
    expect((await script("GET", `${base}?q=zebra`)).body).toEqual([]);

    // Published incidents stay on the record.
    const refused = await script("DELETE", `${base}/${incident.id}`);
    expect(refused.status).toBe(409);
    expect(shaped("error", refused).error).toMatch(/cannot be deleted/);
  });

  it("schedules maintenance, starts it, ends it and calls another off", async () => {
    const base = `/v1/pages/${workspaceId}/incidents`;
    const db = await component("Database");
    const made = await script("POST", base, {
      incident: {
        name: "Database upgrade",
        status: "scheduled",
        body: "We will upgrade the primary database.",
        scheduled_for: later(120),
        scheduled_until: later(180),
        scheduled_remind_prior: true,
        scheduled_auto_in_progress: true,
        scheduled_auto_completed: true,
        component_ids: [db],
      },
    });
    expect(made.status, made.text).toBe(201);
    const window = shaped("incident", made);
    expect(window).toMatchObject({
      status: "scheduled",
      impact: "maintenance",
      scheduled_remind_prior: true,
      scheduled_auto_in_progress: true,
    });
    expect(Date.parse(window.scheduled_until) - Date.parse(window.scheduled_for)).toBe(3_600_000);
    expect(window.incident_updates[0]).toMatchObject({
      status: "scheduled",
      body: "We will upgrade the primary database.",
    });
    const ours = await owner.get(`/v1/maintenances/${window.id}`);
    expect(ours.body).toMatchObject({ componentIds: [db], remindBeforeMinutes: 60 });
    const publicJson = await new TestClient().get("/api/v2/scheduled-maintenances/upcoming.json");
    expect(publicJson.body.scheduled_maintenances.map((m: { id: string }) => m.id)).toContain(
      window.id,
    );
    for (const list of ["scheduled", "upcoming"]) {
      const listed = await script("GET", `${base}/${list}`);
      expect(shaped("incidents", listed).map((i: { id: string }) => i.id)).toContain(window.id);
    }
    expect(
      (await script("GET", `${base}/unresolved`)).body.map((i: { id: string }) => i.id),
    ).not.toContain(window.id);

    const started = await script("PATCH", `${base}/${window.id}`, {
      incident: { status: "in_progress", body: "Started early." },
    });
    expect(started.status, started.text).toBe(200);
    expect(shaped("incident", started)).toMatchObject({ status: "in_progress" });
    expect(await statusOf(db)).toBe("under_maintenance");
    // Starting early tells that it started, not that it was scheduled again.
    expect(await eventsAbout(window.id)).toEqual([
      "maintenance.scheduled",
      "maintenance.started",
      "maintenance.updated",
    ]);
    const active = await script("GET", `${base}/active_maintenance`);
    expect(active.body.map((i: { id: string }) => i.id)).toContain(window.id);

    const ended = await script("PATCH", `${base}/${window.id}`, {
      incident: { status: "completed", body: "All done." },
    });
    expect(ended.status, ended.text).toBe(200);
    const done = shaped("incident", ended);
    expect(done.status).toBe("completed");
    expect(done.resolved_at).not.toBeNull();
    expect(done.incident_updates.map((u: { body: string }) => u.body)).toEqual([
      "All done.",
      "Started early.",
      "We will upgrade the primary database.",
    ]);
    expect(await statusOf(db)).toBe("operational");

    const other = shaped(
      "incident",
      await script("POST", base, {
        incident: {
          name: "Cache failover",
          scheduled_for: later(300),
          scheduled_until: later(330),
          component_ids: [db],
        },
      }),
    );
    const deleted = await script("DELETE", `${base}/${other.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(shaped("incident", deleted)).toMatchObject({ id: other.id, status: "scheduled" });
    expect((await owner.get(`/v1/maintenances/${other.id}`)).body.status).toBe("cancelled");
    expect((await script("GET", `${base}/${other.id}`)).status).toBe(404);
  });

  it("notifies nobody when deliver_notifications is false", async () => {
    const hook = await owner.post("/v1/webhook-endpoints", {
      kind: "webhook",
      name: "Receiver",
      url: `${receiver.url}/hook`,
    });
    expect(hook.status, hook.text).toBe(201);
    const endpointId = hook.body.endpoint.id;
    await fanOutPending();
    const base = `/v1/pages/${workspaceId}/incidents`;
    const quiet = await script("POST", base, {
      incident: { name: "Quiet fix", status: "resolved", deliver_notifications: false },
    });
    expect(quiet.status, quiet.text).toBe(201);
    expect((await fanOutPending()).filter((d) => d.endpointId === endpointId)).toEqual([]);
    // It is on the page all the same.
    const history = await new TestClient().get("/api/v2/incidents.json");
    expect(history.body.incidents.map((i: { id: string }) => i.id)).toContain(quiet.body.id);

    const loud = await script("POST", base, {
      incident: { name: "Loud fix", status: "resolved", deliver_notifications: true },
    });
    expect(loud.status, loud.text).toBe(201);
    expect((await fanOutPending()).filter((d) => d.endpointId === endpointId)).toHaveLength(1);
  });

  it("quiets only the change asked for: the window it schedules still tells when it starts", async () => {
    const hook = await owner.post("/v1/webhook-endpoints", {
      kind: "webhook",
      name: "Window receiver",
      url: `${receiver.url}/window-hook`,
    });
    expect(hook.status, hook.text).toBe(201);
    await fanOutPending();
    // The runner is idle, so the quiet request is what wakes it.
    const runner = startEmbeddedRunner();
    try {
      const quiet = await script("POST", `/v1/pages/${workspaceId}/incidents`, {
        incident: {
          name: "Cache flush",
          status: "scheduled",
          scheduled_for: new Date(Date.now() + 1500).toISOString(),
          scheduled_until: later(10),
          deliver_notifications: false,
        },
      });
      expect(quiet.status, quiet.text).toBe(201);
      const [started] = await receiver.waitFor("/window-hook", 1, 15_000);
      expect(JSON.parse(started!.body)).toMatchObject({
        type: "maintenance.started",
        data: { maintenance: { title: "Cache flush" } },
      });
    } finally {
      await runner.stop();
    }
    // Its scheduling was never sent.
    expect(receiver.on("/window-hook")).toHaveLength(1);
  });

  it("keeps each page's incidents to the components it shows", async () => {
    const shown = await component("Shown");
    const hidden = await component("Hidden");
    const page = await owner.post("/v1/pages", {
      name: "Partners",
      slug: "partners-sp",
      componentIds: [shown],
    });
    expect(page.status, page.text).toBe(201);
    const base = `/v1/pages/${page.body.id}/incidents`;
    const elsewhere = await script("POST", `/v1/pages/${workspaceId}/incidents`, {
      incident: { name: "Hidden trouble", component_ids: [hidden] },
    });
    expect(elsewhere.status, elsewhere.text).toBe(201);
    expect((await script("GET", `${base}/${elsewhere.body.id}`)).status).toBe(404);

    const here = await script("POST", base, {
      incident: { name: "Partner trouble", components: { [shown]: "degraded_performance" } },
    });
    expect(here.status, here.text).toBe(201);
    expect(shaped("incident", here)).toMatchObject({
      page_id: page.body.id,
      impact: "minor",
      shortlink: expect.stringMatching(/\/p\/partners-sp\/incidents\//),
    });
    const listed = (await script("GET", base)).body.map((i: { id: string }) => i.id);
    expect(listed).toContain(here.body.id);
    expect(listed).not.toContain(elsewhere.body.id);

    // Another page's component, or none at all, cannot be named here.
    const foreign = await script("POST", base, {
      incident: { name: "Wrong page", component_ids: [hidden] },
    });
    expect(foreign.status).toBe(422);
    expect(shaped("error", foreign).message).toMatch(/No component/);
    const bare = await script("POST", base, { incident: { name: "Nowhere" } });
    expect(bare.status).toBe(422);
    expect(bare.body.errors[0].field).toBe("incident.component_ids");
  });

  it("answers bad requests with Statuspage's error members and our codes", async () => {
    const base = `/v1/pages/${workspaceId}/incidents`;
    const nameless = await script("POST", base, { incident: { status: "investigating" } });
    expect(nameless.status).toBe(422);
    expect(shaped("error", nameless)).toMatchObject({ code: "validation_failed" });

    const mixed = await script("POST", base, {
      incident: { name: "Mixed", status: "scheduled", scheduled_for: later(10) },
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors[0].field).toBe("incident.scheduled_until");

    const backwards = await script("POST", base, {
      incident: { name: "Backwards", scheduled_for: later(60), scheduled_until: later(30) },
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors[0].field).toBe("incident.scheduled_until");

    const badStatus = await script("POST", base, {
      incident: { name: "Odd", status: "exploding" },
    });
    expect(badStatus.status).toBe(422);
    shaped("error", badStatus);

    expect((await script("GET", `${base}/not-an-id`)).status).toBe(404);
    // Statuspage's endpoints not served here answer in its shape too.
    const templates = await script("GET", `/v1/pages/${workspaceId}/incident_templates`);
    expect(templates.status).toBe(404);
    expect(shaped("error", templates)).toMatchObject({ code: "not_found" });
    const viewer = await new TestClient().call("POST", base, {
      body: { incident: { name: "From a viewer" } },
      headers: viewerOauth,
    });
    expect(viewer.status).toBe(403);
    shaped("error", viewer);
  });
});

describe("Statuspage's subscriber API", () => {
  it("subscribes an address pending its confirmation, lists by state and unsubscribes", async () => {
    const base = `/v1/pages/${workspaceId}/subscribers`;
    const api = await component("Search");
    // curl … -d "subscriber[email]=string"
    const made = await script(
      "POST",
      base,
      `subscriber[email]=Reader%40example.com&subscriber[component_ids][]=${api}`,
      FORM,
    );
    expect(made.status, made.text).toBe(201);
    const reader = shaped("subscriber", made);
    expect(reader).toMatchObject({ mode: "email", email: "reader@example.com", components: [api] });
    const ours = (await owner.get("/v1/subscribers")).body.find(
      (s: { id: string }) => s.id === reader.id,
    );
    expect(ours.state).toBe("pending_confirmation");

    expect(shaped("subscribers", await script("GET", base))).toEqual([]);
    const unconfirmed = await script("GET", `${base}?state=unconfirmed`);
    expect(shaped("subscribers", unconfirmed).map((s: { id: string }) => s.id)).toEqual([
      reader.id,
    ]);
    expect((await script("GET", `${base}?state=all&q=reader`)).body).toHaveLength(1);
    expect((await script("GET", `${base}?state=all&q=nobody`)).body).toHaveLength(0);
    expect((await script("GET", `${base}?state=all&page=1`)).body).toHaveLength(0);

    const again = await script("POST", base, { subscriber: { email: "reader@example.com" } });
    expect(again.status).toBe(409);
    shaped("error", again);
    const sms = await script("POST", base, { subscriber: { phone_number: "202-555-0105" } });
    expect(sms.status).toBe(422);
    shaped("error", sms);

    const gone = await script("DELETE", `${base}/${reader.id}`);
    expect(gone.status, gone.text).toBe(200);
    expect(shaped("subscriber", gone).id).toBe(reader.id);
    expect((await script("GET", `${base}/${reader.id}`)).status).toBe(404);
    const forbidden = await new TestClient().call("GET", base, { headers: viewerOauth });
    expect(forbidden.status).toBe(403);
  });
});
