import { asc, eq } from "drizzle-orm";
import { Statuspage } from "statuspage.io";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { closeMailer } from "@/lib/email/transport";
import { startEmbeddedRunner, type Runner } from "@/lib/runner/runner";
import { setUpOwner, tokenClient, type TestClient, type TestResponse } from "@/lib/testing/client";
import { startFrontDoor } from "@/lib/testing/front-door";
import {
  ago,
  ahead,
  serveStatuspageApi,
  statuspageRecords,
  STATUSPAGE_KEY,
  STATUSPAGE_PAGE_ID,
} from "@/lib/testing/import-sources";
import { Receiver } from "@/lib/testing/receiver";
import { MailCatcher } from "@/lib/testing/smtp";

/**
 * Importing a Statuspage page through its manage API (served on loopback in the documented
 * shapes), then the public /api/v2 files of the page it became into another page: a dry run
 * changes nothing, a real run keeps the history's times and the subscribers' consent, a second
 * run changes nothing, and the round trip answers the same summary.json.
 */

let owner: TestClient;
let receiver: Receiver;
let catcher: MailCatcher;
let runner: Runner;
let frontDoor: Awaited<ReturnType<typeof startFrontDoor>>;
let sourceUrl: string;
let records: ReturnType<typeof statuspageRecords>;

beforeAll(async () => {
  catcher = await new MailCatcher().start();
  process.env.SMTP_URL = catcher.url;
  process.env.EMAIL_FROM = "Acme Status <status@acme.test>";
  // The source and the checks' targets are on loopback.
  process.env.ALLOW_PRIVATE_TARGETS = "true";
  resetConfig();
  ({ client: owner } = await setUpOwner());
  receiver = await new Receiver().start();
  ({ url: sourceUrl, records } = serveStatuspageApi(receiver));
  frontDoor = await startFrontDoor();
  runner = startEmbeddedRunner();
});

afterAll(async () => {
  await runner.stop();
  await frontDoor.close();
  await receiver.stop();
  closeMailer();
  await catcher.stop();
  delete process.env.SMTP_URL;
  delete process.env.EMAIL_FROM;
  delete process.env.ALLOW_PRIVATE_TARGETS;
  resetConfig();
});

const statuspage = (dryRun: boolean, apiKey = STATUSPAGE_KEY) =>
  owner.post("/v1/imports", {
    source: "statuspage",
    apiKey,
    pageId: STATUSPAGE_PAGE_ID,
    url: sourceUrl,
    dryRun,
  });

const EXPECTED_COUNTS = {
  page: { create: 0, update: 1, unchanged: 0, skip: 0 },
  group: { create: 1, update: 0, unchanged: 0, skip: 0 },
  component: { create: 3, update: 0, unchanged: 0, skip: 0 },
  incident: { create: 2, update: 0, unchanged: 0, skip: 0 },
  maintenance: { create: 2, update: 0, unchanged: 0, skip: 0 },
  template: { create: 1, update: 0, unchanged: 0, skip: 0 },
  subscriber: { create: 2, update: 0, unchanged: 0, skip: 0 },
  monitor: { create: 0, update: 0, unchanged: 0, skip: 0 },
};

type Named = { name?: string; title?: string; email?: string; id?: string };
/** The item of a list answered by the API with this name, title or address. */
const byName = (list: Named[], name: string): TestResponse["body"] =>
  list.find((item) => (item.name ?? item.title ?? item.email) === name);

/** A component's status history, oldest first, as the bars read it. */
async function historyOf(componentId: string) {
  const db = await getDb();
  const rows = await db
    .select({
      to: schema.componentStatusChange.toStatus,
      cause: schema.componentStatusChange.cause,
      at: schema.componentStatusChange.changedAt,
    })
    .from(schema.componentStatusChange)
    .where(eq(schema.componentStatusChange.componentId, componentId))
    .orderBy(asc(schema.componentStatusChange.changedAt));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

/** The class of a component's bar on the day `date` (YYYY-MM-DD) in the page's HTML. */
function barDay(html: string, component: string, date: string): string | undefined {
  const row = html.slice(html.indexOf(`>${component}<`));
  return new RegExp(`class="day s-([a-z_]+)" href="[^"]*/history/${date}"`).exec(row)?.[1];
}

describe("importing from Statuspage's manage API", () => {
  it("answers a dry run's report and changes nothing", async () => {
    const dry = await statuspage(true);
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toMatchObject({
      source: "statuspage",
      dryRun: true,
      counts: EXPECTED_COUNTS,
      subscribers: { confirmed: 1, optIn: 1 },
    });
    expect(dry.body.items).toContainEqual({
      kind: "subscriber",
      name: "bob@example.com",
      action: "create",
      note: "Not confirmed at the source: sent one opt-in mail.",
    });
    expect((await owner.get("/v1/components")).body.components).toEqual([]);
    expect((await owner.get("/v1/subscribers")).body).toEqual([]);
    // The source was read with its key in Statuspage's header.
    expect(receiver.received[0]!.headers.authorization).toBe(`OAuth ${STATUSPAGE_KEY}`);
  });

  it("imports history with its times, follows consent, and a second run changes nothing", async () => {
    const real = await statuspage(false);
    expect(real.status, real.text).toBe(200);
    expect(real.body.counts).toEqual(EXPECTED_COUNTS);
    expect(real.body.page.isDefault).toBe(true);

    const { components, groups } = (await owner.get("/v1/components")).body;
    expect(components.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ["Website", "operational"],
      ["API", "operational"],
      ["Database", "degraded_performance"],
    ]);
    expect(groups.map((g: { name: string }) => g.name)).toEqual(["Core"]);
    const api = byName(components, "API") as { id: string; groupId: string; description: string };
    expect(api).toMatchObject({ groupId: groups[0].id, description: "The public REST API" });

    const resolved = (await owner.get("/v1/incidents?state=resolved")).body.incidents;
    const errors = byName(resolved, "Elevated API errors") as { id: string };
    const incident = (await owner.get(`/v1/incidents/${errors.id}`)).body;
    const source = records.incidents[2]!;
    expect(incident).toMatchObject({
      status: "resolved",
      impact: "major",
      visibility: "published",
      startedAt: source.started_at,
      resolvedAt: source.resolved_at,
      postmortem: { body: "A bad deploy exhausted the connection pool." },
    });
    expect(
      incident.updates.map((u: { status: string; createdAt: string }) => [u.status, u.createdAt]),
    ).toEqual(source.incident_updates.map((u) => [u.status, u.created_at]));
    const open = (await owner.get("/v1/incidents")).body.incidents;
    expect(byName(open, "Slow database queries")).toMatchObject({
      status: "identified",
      components: [
        { componentId: byName(components, "Database").id, status: "degraded_performance" },
      ],
    });

    const windows = (await owner.get("/v1/maintenances")).body.maintenances;
    expect(byName(windows, "Database upgrade")).toMatchObject({
      status: "scheduled",
      body: "We will upgrade the primary database.",
      startsAt: records.incidents[1]!.scheduled_for,
    });
    // The transitions' usual words are not notes; the window is over and completed.
    expect(byName(windows, "Network maintenance")).toMatchObject({
      status: "completed",
      updates: [],
    });
    const templates = (await owner.get("/v1/incident-templates")).body.templates;
    expect(templates.map((t: { name: string }) => t.name)).toEqual(["API errors"]);

    // Consent: the confirmed address is active and mailed nothing; the other is asked once.
    const subscribers = (await owner.get("/v1/subscribers")).body;
    expect(subscribers.map((s: { email: string; state: string }) => [s.email, s.state])).toEqual([
      ["alice@example.com", "active"],
      ["bob@example.com", "pending_confirmation"],
    ]);
    expect(
      byName(
        subscribers.map((s: { email: string }) => ({ ...s, name: s.email })),
        "alice@example.com",
      ),
    ).toMatchObject({
      componentIds: [api.id],
      createdAt: records.subscribers.active[0]!.created_at,
    });
    await catcher.waitFor(() => catcher.to("bob@example.com").length === 1);
    expect(catcher.to("alice@example.com")).toEqual([]);

    // The bars show the imported history: the API's outage ten days ago, the network window.
    const html = (await frontDoor.get("/")).body;
    expect(barDay(html, "API", ago(10).slice(0, 10))).toBe("partial_outage");
    expect(barDay(html, "API", ago(12).slice(0, 10))).toBe("operational");
    expect(barDay(html, "Website", ago(30).slice(0, 10))).toBe("under_maintenance");

    // Served by our /api/v2 to the statuspage.io client.
    const client = new Statuspage("acme");
    client.setApiUrl(`http://127.0.0.1:${frontDoor.port}`);
    const summary = await client.api.getSummary();
    expect(summary.components.map((c) => c.name)).toEqual(["Website", "Core", "API", "Database"]);
    expect(summary.incidents.map((i) => i.name)).toEqual(["Slow database queries"]);
    expect(summary.scheduled_maintenances.map((m) => m.name)).toEqual(["Database upgrade"]);
    const history = await client.api.incidents.getAll();
    expect(byName(history.incidents, "Elevated API errors").created_at).toBe(
      new Date(source.created_at).toISOString().replace("Z", "+00:00"),
    );

    const again = await statuspage(false);
    expect(again.status, again.text).toBe(200);
    for (const [kind, counts] of Object.entries(again.body.counts) as [
      string,
      Record<string, number>,
    ][]) {
      expect({ kind, ...counts }).toEqual({
        kind,
        create: 0,
        update: 0,
        unchanged:
          EXPECTED_COUNTS[kind as keyof typeof EXPECTED_COUNTS].create +
          EXPECTED_COUNTS[kind as keyof typeof EXPECTED_COUNTS].update,
        skip: 0,
      });
    }
    expect((await owner.get("/v1/components")).body.components).toHaveLength(3);
    expect((await owner.get("/v1/incidents?state=resolved")).body.incidents).toHaveLength(1);
    expect(catcher.to("bob@example.com")).toHaveLength(1);

    const log = (await owner.get("/v1/audit-log?action=import.run")).body.entries;
    expect(log.map((e: { target: { name: string } }) => e.target.name)).toEqual([
      "statuspage",
      "statuspage",
    ]);
  });

  it("brings what changed at the source since: a resolution, a moved window, a status", async () => {
    const [open, upcoming] = records.incidents as [
      (typeof records.incidents)[0],
      (typeof records.incidents)[1],
    ];
    const resolvedAt = new Date(Date.now() - 60_000).toISOString();
    Object.assign(open, { status: "resolved", resolved_at: resolvedAt, updated_at: resolvedAt });
    // The resolving update names no component, as Statuspage's often does not.
    open.incident_updates.unshift({
      ...open.incident_updates[0]!,
      id: "o3",
      status: "resolved",
      body: "The index is in place.",
      created_at: resolvedAt,
      display_at: resolvedAt,
      updated_at: resolvedAt,
      affected_components: null,
    });
    const movedTo = ahead(3);
    upcoming.scheduled_for = movedTo;
    upcoming.scheduled_until = ahead(3, 2);
    records.components[3]!.status = "operational";

    const report = await statuspage(false);
    expect(report.status, report.text).toBe(200);
    expect(report.body.counts).toMatchObject({
      incident: { update: 1, unchanged: 1 },
      maintenance: { update: 1, unchanged: 1 },
      component: { update: 1, unchanged: 2 },
    });
    const database = byName((await owner.get("/v1/components")).body.components, "Database");
    expect(database.status).toBe("operational");
    const resolved = byName(
      (await owner.get("/v1/incidents?state=resolved")).body.incidents,
      "Slow database queries",
    );
    expect(resolved.resolvedAt).toBe(resolvedAt);
    const window = byName(
      (await owner.get("/v1/maintenances")).body.maintenances,
      "Database upgrade",
    );
    expect(window.startsAt).toBe(movedTo);
    // The incident's history ends with its resolution, though its last update named no component.
    const history = await historyOf(database.id);
    expect(history).toContainEqual({ to: "operational", cause: "incident", at: resolvedAt });
  });

  it("round-trips: a page's public /api/v2 imported into another page answers the same summary", async () => {
    const before = (await frontDoor.get("/api/v2/summary.json")).body;
    const imported = await owner.post("/v1/imports", {
      source: "statuspage-public",
      url: `http://127.0.0.1:${frontDoor.port}`,
      dryRun: false,
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.page).toMatchObject({ isDefault: false });
    const slug = imported.body.items
      .find((i: { kind: string }) => i.kind === "page")
      .note.match(/\/p\/([\w-]+)/)[1];
    const after = (await frontDoor.get(`/p/${slug}/api/v2/summary.json`)).body;
    expect(withoutIds(JSON.parse(after))).toEqual(withoutIds(JSON.parse(before)));
  });

  it("says why a source cannot be read, and leaves private addresses alone unless allowed", async () => {
    const refused = await statuspage(true, "a wrong key");
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "source_unreadable" });
    expect(refused.body.detail).toMatch(/refused the key \(401\)/);

    delete process.env.ALLOW_PRIVATE_TARGETS;
    resetConfig();
    try {
      const guarded = await statuspage(true);
      expect(guarded.status).toBe(422);
      expect(guarded.body.detail).toMatch(/may not be fetched/);
    } finally {
      process.env.ALLOW_PRIVATE_TARGETS = "true";
      resetConfig();
    }
    const editor = (await tokenClient(owner, "editor")).client;
    expect(
      (
        await editor.post("/v1/imports", {
          source: "statuspage-public",
          url: sourceUrl,
          dryRun: true,
        })
      ).status,
    ).toBe(403);
  });
});

/**
 * A summary.json with what differs between two pages of one install left out: ids, links, and
 * the page's `updated_at` (when anything on the install last changed).
 */
function withoutIds(value: unknown, under = ""): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutIds(item, under));
  if (!value || typeof value !== "object") return value;
  const kept: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    if (under === "page" && name === "updated_at") continue;
    if (["id", "page_id", "incident_id", "group_id", "code", "shortlink", "url"].includes(name))
      continue;
    if (name === "components" && Array.isArray(inner) && typeof inner[0] === "string") continue;
    kept[name] = withoutIds(inner, name);
  }
  return kept;
}
