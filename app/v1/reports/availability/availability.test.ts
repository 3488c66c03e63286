import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import { memberWithRole, setUpOwner, TestClient, tokenClient } from "@/lib/testing/client";

let owner: TestClient;
let viewer: TestClient;
let workspaceId: string;
const ids: Record<"api" | "web" | "other", string> = { api: "", web: "", other: "" };
const incidents: Record<string, string> = {};
let windowId: string;

const at = (iso: string) => new Date(iso);
type Status = (typeof schema.componentStatusEnum.enumValues)[number];

async function history(componentId: string, changes: [string, Status][]) {
  const db = await getDb();
  await db.insert(schema.componentStatusChange).values(
    changes.map(([when, toStatus]) => ({
      workspaceId,
      componentId,
      toStatus,
      cause: "manual" as const,
      changedAt: at(when),
    })),
  );
}

async function incident(
  title: string,
  componentId: string,
  startedAt: string,
  resolvedAt: string | null,
  visibility: "draft" | "published" = "published",
) {
  const db = await getDb();
  const [row] = await db
    .insert(schema.incident)
    .values({
      workspaceId,
      title,
      status: resolvedAt ? "resolved" : "investigating",
      impact: "major",
      visibility,
      startedAt: at(startedAt),
      resolvedAt: resolvedAt ? at(resolvedAt) : null,
    })
    .returning({ id: schema.incident.id });
  await db
    .insert(schema.incidentComponent)
    .values({ workspaceId, incidentId: row!.id, componentId, status: "major_outage" });
  incidents[title] = row!.id;
}

/**
 * June 2026 (30 days, 43,200 minutes) in UTC, by hand:
 * - API existed all month. Down: 90 min major outage (3 June), 45 min partial outage (10 June,
 *   then 75 min degraded, which counts as up), 30 min major outage from 23:30 on 30 June. A
 *   window from 02:00 to 04:00 on 20 June, in which it was under maintenance for 60 min and in
 *   major outage for 30 (at 03:00) then under maintenance again.
 * - Web was created on 15 June 00:00 (16 days, 23,040 minutes), in the same window while
 *   operational, and down 10 min on 16 June.
 */
beforeAll(async () => {
  const setUp = await setUpOwner();
  owner = setUp.client;
  workspaceId = setUp.workspaceId;
  ({ client: viewer } = await memberWithRole(owner, "viewer"));
  for (const key of ["api", "web", "other"] as const) {
    const created = await owner.post("/v1/components", { name: key.toUpperCase() });
    expect(created.status, created.text).toBe(201);
    ids[key] = created.body.id;
  }
  const db = await getDb();
  // Only the history below counts: the creation records of today fall after every period asked.
  await history(ids.api, [
    ["2026-02-20T00:00:00Z", "operational"],
    ["2026-06-03T10:00:00Z", "major_outage"],
    ["2026-06-03T11:30:00Z", "operational"],
    ["2026-06-10T08:00:00Z", "partial_outage"],
    ["2026-06-10T08:45:00Z", "degraded_performance"],
    ["2026-06-10T10:00:00Z", "operational"],
    ["2026-06-20T02:00:00Z", "under_maintenance"],
    ["2026-06-20T03:00:00Z", "major_outage"],
    ["2026-06-20T03:30:00Z", "under_maintenance"],
    ["2026-06-20T04:00:00Z", "operational"],
    ["2026-06-30T23:30:00Z", "major_outage"],
    ["2026-07-01T01:00:00Z", "operational"],
  ]);
  await history(ids.web, [
    ["2026-06-15T00:00:00Z", "operational"],
    ["2026-06-16T12:00:00Z", "major_outage"],
    ["2026-06-16T12:10:00Z", "operational"],
  ]);
  await history(ids.other, [["2025-12-01T00:00:00Z", "operational"]]);
  const [window] = await db
    .insert(schema.maintenance)
    .values({
      workspaceId,
      title: "Database upgrade",
      body: "",
      status: "completed",
      startsAt: at("2026-06-20T02:00:00Z"),
      endsAt: at("2026-06-20T04:00:00Z"),
      startedAt: at("2026-06-20T02:00:00Z"),
      completedAt: at("2026-06-20T04:00:00Z"),
    })
    .returning({ id: schema.maintenance.id });
  windowId = window!.id;
  await db.insert(schema.maintenanceComponent).values([
    { workspaceId, maintenanceId: windowId, componentId: ids.api },
    { workspaceId, maintenanceId: windowId, componentId: ids.web },
  ]);
  await incident("Login failures", ids.api, "2026-06-03T10:00:00Z", "2026-06-03T11:30:00Z");
  await incident("Still open", ids.api, "2026-06-30T23:30:00Z", null);
  await incident("Web blip", ids.web, "2026-06-16T12:00:00Z", "2026-06-16T12:10:00Z");
  await incident("A draft", ids.api, "2026-06-05T00:00:00Z", null, "draft");
  await incident("In May", ids.api, "2026-05-02T00:00:00Z", "2026-05-02T01:00:00Z");
  await incident("Elsewhere", ids.other, "2026-06-07T00:00:00Z", "2026-06-07T00:20:00Z");
});

const percent = (down: number, observed: number) =>
  Math.floor((1 - down / observed) * 100_000) / 1000;

function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\n") {
      row.push(cell.replace(/\r$/, ""));
      rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  const [header, ...body] = rows;
  return body.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]!])));
}

describe("GET /v1/reports/availability", () => {
  it("matches the hand-computed month with maintenance left out, in JSON and CSV", async () => {
    const query = `period=2026-06&componentIds=${ids.api},${ids.web}`;
    const response = await viewer.get(`/v1/reports/availability?${query}`);
    expect(response.status, response.text).toBe(200);
    const report = response.body;
    expect(report.from).toBe("2026-06-01T00:00:00.000Z");
    expect(report.to).toBe("2026-07-01T00:00:00.000Z");
    expect(report.excludeMaintenance).toBe(true);
    expect(report.components).toEqual([
      {
        componentId: ids.api,
        name: "API",
        observedMinutes: 43_080,
        downtimeMinutes: 165,
        availabilityPercent: percent(165, 43_080),
      },
      {
        componentId: ids.web,
        name: "WEB",
        observedMinutes: 22_920,
        downtimeMinutes: 10,
        availabilityPercent: percent(10, 22_920),
      },
    ]);
    expect(report.components[0].availabilityPercent).toBe(99.616);
    expect(report.overall).toEqual({
      observedMinutes: 66_000,
      downtimeMinutes: 175,
      availabilityPercent: percent(175, 66_000),
    });
    expect(report.incidents.map((i: any) => [i.title, i.minutesInPeriod, i.componentIds])).toEqual([
      ["Login failures", 90, [ids.api]],
      ["Web blip", 10, [ids.web]],
      ["Still open", 30, [ids.api]],
    ]);
    expect(report.incidents[2].resolvedAt).toBeNull();
    expect(report.maintenances).toEqual([
      {
        id: windowId,
        title: "Database upgrade",
        startedAt: "2026-06-20T02:00:00.000Z",
        endedAt: "2026-06-20T04:00:00.000Z",
        minutesInPeriod: 120,
        componentIds: [ids.api, ids.web].sort(),
      },
    ]);

    const csv = await viewer.get(`/v1/reports/availability?${query}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(
      'attachment; filename="availability-2026-06-01-2026-07-01.csv"',
    );
    const rows = parseCsv(csv.text);
    expect(rows.map((r) => [r.type, r.name, r.observed_minutes, r.downtime_minutes])).toEqual([
      ["component", "API", "43080", "165"],
      ["component", "WEB", "22920", "10"],
      ["overall", "Overall", "66000", "175"],
      ["incident", "Login failures", "90", ""],
      ["incident", "Web blip", "10", ""],
      ["incident", "Still open", "30", ""],
      ["maintenance", "Database upgrade", "120", ""],
    ]);
    expect(rows[0]!.availability_percent).toBe(String(report.components[0].availabilityPercent));
    expect(rows[2]!.availability_percent).toBe(String(report.overall.availabilityPercent));
    expect(rows[5]!.end).toBe("");
    expect(rows[0]!.start).toBe("2026-06-01T00:00:00.000Z");
  });

  it("counts maintenance as down when asked to, the window and the status alike", async () => {
    const response = await viewer.get(
      `/v1/reports/availability?from=2026-06-01T00:00:00Z&to=2026-07-01T00:00:00Z&componentIds=${ids.api},${ids.web}&excludeMaintenance=false`,
    );
    expect(response.status, response.text).toBe(200);
    const [api, web] = response.body.components;
    expect([api.observedMinutes, api.downtimeMinutes]).toEqual([43_200, 285]);
    expect([web.observedMinutes, web.downtimeMinutes]).toEqual([23_040, 130]);
    expect(response.body.overall).toEqual({
      observedMinutes: 66_240,
      downtimeMinutes: 415,
      availabilityPercent: percent(415, 66_240),
    });
  });

  it("covers every component without a list, and lists incidents of any", async () => {
    const response = await viewer.get("/v1/reports/availability?period=2026-06");
    expect(response.status).toBe(200);
    expect(response.body.components.map((c: any) => c.name)).toEqual(["API", "WEB", "OTHER"]);
    expect(response.body.components[2]).toMatchObject({
      observedMinutes: 43_200,
      downtimeMinutes: 0,
      availabilityPercent: 100,
    });
    expect(response.body.incidents.map((i: any) => i.title)).toEqual([
      "Login failures",
      "Elsewhere",
      "Web blip",
      "Still open",
    ]);
  });

  it("reads calendar periods in the workspace's zone, across a change of clocks", async () => {
    const zones: [string, string, string, string, number][] = [
      // Berlin springs forward on 29 March 2026: March has 743 hours.
      ["Europe/Berlin", "2026-03", "2026-02-28T23:00:00.000Z", "2026-03-31T22:00:00.000Z", 44_580],
      // New York falls back on 1 November 2026: November has 721 hours.
      ["America/New_York", "2026-11", "2026-11-01T04:00:00.000Z", "2026-12-01T05:00:00.000Z", 0],
      // The first quarter in Berlin: 90 days less the hour lost in March.
      ["Europe/Berlin", "2026-Q1", "2025-12-31T23:00:00.000Z", "2026-03-31T22:00:00.000Z", 0],
    ];
    for (const [timeZone, period, from, to, observed] of zones) {
      const set = await owner.patch("/v1/workspace", { timeZone });
      expect(set.status, set.text).toBe(200);
      const response = await viewer.get(
        `/v1/reports/availability?period=${period}&componentIds=${ids.other}`,
      );
      expect(response.status, response.text).toBe(200);
      expect([response.body.from, response.body.timeZone]).toEqual([from, timeZone]);
      if (observed) {
        expect(response.body.to).toBe(to);
        expect(response.body.components[0].observedMinutes).toBe(observed);
      } else if (Date.parse(to) <= Date.now()) {
        expect(response.body.to).toBe(to);
      }
    }
    const q1 = await viewer.get(
      `/v1/reports/availability?period=2026-Q1&componentIds=${ids.other}`,
    );
    expect(q1.body.components[0].observedMinutes).toBe(90 * 24 * 60 - 60);
    const set = await owner.patch("/v1/workspace", { timeZone: "Etc/UTC" });
    expect(set.status).toBe(200);
  });

  it("ends a period still running at now, and answers a token", async () => {
    const { client: token } = await tokenClient(owner, "viewer");
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const response = await token.get(
      `/v1/reports/availability?from=${from}&to=${to}&componentIds=${ids.other}`,
    );
    expect(response.status, response.text).toBe(200);
    expect(Date.parse(response.body.to)).toBeLessThanOrEqual(Date.now());
    expect(response.body.components[0].observedMinutes).toBeGreaterThan(59);
    expect(response.body.components[0].observedMinutes).toBeLessThanOrEqual(61);
  });

  it("refuses what it cannot report with a clear problem", async () => {
    const cases: [string, string][] = [
      ["period=2026-13", "period"],
      ["period=2026-06&from=2026-06-01T00:00:00Z", "period"],
      ["from=2026-06-01T00:00:00Z", "to"],
      ["from=2026-06-02T00:00:00Z&to=2026-06-01T00:00:00Z", "to"],
      ["from=2025-01-01T00:00:00Z&to=2026-06-01T00:00:00Z", "to"],
      ["componentIds=nope", "componentIds.0"],
      ["componentIds=019a0000-0000-7000-8000-000000000001", "componentIds.0"],
      ["excludeMaintenance=maybe", "excludeMaintenance"],
      ["format=xml", "format"],
      ["from=0000-06-01T00:00:00Z&to=0000-06-02T00:00:00Z", "from"],
      ["from=0001-01-01T00:00:00%2B05:00&to=0001-01-02T00:00:00Z", "from"],
      [
        `componentIds=${"019a0000-0000-7000-8000-000000000001"},019a0000-0000-7000-8000-000000000001`,
        "componentIds.1",
      ],
    ];
    for (const [query, field] of cases) {
      const response = await viewer.get(`/v1/reports/availability?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(response.body.code).toBe("validation_failed");
      expect(
        response.body.errors.map((e: { field: string }) => e.field),
        query,
      ).toContain(field);
    }
    const anonymous = await new TestClient().get("/v1/reports/availability");
    expect(anonymous.status).toBe(401);
  });

  it("takes the status at the period's first instant, and changes at one instant in order", async () => {
    const created = await owner.post("/v1/components", { name: "TIES" });
    expect(created.status).toBe(201);
    await history(created.body.id, [
      ["2026-05-31T23:00:00Z", "major_outage"],
      ["2026-06-01T00:00:00Z", "operational"],
      // Two changes in one transaction share their instant: the later one holds.
      ["2026-06-05T00:00:00Z", "major_outage"],
      ["2026-06-05T00:00:00Z", "operational"],
      ["2026-06-06T00:00:00Z", "partial_outage"],
      ["2026-06-06T00:00:00Z", "partial_outage"],
      ["2026-06-06T00:30:00Z", "operational"],
    ]);
    const response = await viewer.get(
      `/v1/reports/availability?period=2026-06&componentIds=${created.body.id}`,
    );
    expect(response.status).toBe(200);
    expect(response.body.components[0]).toMatchObject({
      observedMinutes: 43_200,
      downtimeMinutes: 30,
    });
  });

  it("rounds a whole step as it is, and reports a period still to come as empty", async () => {
    const created = await owner.post("/v1/components", { name: "STEP" });
    await history(created.body.id, [
      ["2026-06-01T00:00:00Z", "operational"],
      ["2026-06-01T00:01:00Z", "major_outage"],
    ]);
    const step = await viewer.get(
      `/v1/reports/availability?from=2026-06-01T00:00:00Z&to=2026-06-01T00:10:00Z&componentIds=${created.body.id}`,
    );
    expect(step.body.components[0]).toMatchObject({
      observedMinutes: 10,
      downtimeMinutes: 9,
      availabilityPercent: 10,
    });
    const later = await viewer.get(
      `/v1/reports/availability?period=2099-01&componentIds=${created.body.id}`,
    );
    expect(later.status).toBe(200);
    expect(later.body.to).toBe(later.body.from);
    expect(later.body.components[0].observedMinutes).toBe(0);
    expect(later.body.components[0].availabilityPercent).toBeNull();
  });
});
