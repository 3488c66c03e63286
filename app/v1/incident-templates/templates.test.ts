import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { ensureRegionSlots, runDueChecks } from "@/lib/monitors/checker";
import { memberWithRole, setUpOwner, TestClient } from "@/lib/testing/client";
import { Receiver } from "@/lib/testing/receiver";

let owner: TestClient;
let editor: TestClient;
let viewer: TestClient;
let target: Receiver;
let api: string;
let web: string;

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_TARGETS = "true";
  resetConfig();
  ({ client: owner } = await setUpOwner());
  ({ client: editor } = await memberWithRole(owner, "editor"));
  ({ client: viewer } = await memberWithRole(owner, "viewer"));
  target = await new Receiver().start();
  await ensureRegionSlots();
  const set = await owner.patch("/v1/workspace", { timeZone: "Europe/Berlin" });
  expect(set.status).toBe(200);
  for (const name of ["Payments API", "Web app"]) {
    const created = await editor.post("/v1/components", { name });
    expect(created.status).toBe(201);
    if (name === "Web app") web = created.body.id;
    else api = created.body.id;
  }
});

afterAll(async () => {
  await target.stop();
  delete process.env.ALLOW_PRIVATE_TARGETS;
  resetConfig();
});

async function incidentCount(): Promise<number> {
  const db = await getDb();
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from incident`),
  );
  return row!.n;
}

const PAYMENTS = {
  name: "Payments degraded",
  title: "Payments slow on {{component}}",
  body: "Since {{start}} payments through {{component}} take longer. Next update by {{eta}}.",
  status: "identified",
  impact: "minor",
};

describe("incident templates", () => {
  it("are made, read, changed and deleted by editors, read by viewers, and audited", async () => {
    const created = await editor.post("/v1/incident-templates", {
      ...PAYMENTS,
      components: [{ componentId: api, status: "degraded_performance" }],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get("location")).toBe(`/v1/incident-templates/${created.body.id}`);
    expect(created.body).toMatchObject({
      ...PAYMENTS,
      components: [{ componentId: api, status: "degraded_performance" }],
      variables: ["component", "start", "eta"],
    });
    const id = created.body.id;

    const listed = await viewer.get("/v1/incident-templates");
    expect(listed.status).toBe(200);
    expect(listed.body.templates.map((t: { id: string }) => t.id)).toEqual([id]);
    expect((await viewer.post("/v1/incident-templates", PAYMENTS)).status).toBe(403);

    const changed = await editor.patch(`/v1/incident-templates/${id}`, {
      impact: "major",
      components: [
        { componentId: api, status: "partial_outage" },
        { componentId: web, status: "degraded_performance" },
      ],
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.impact).toBe("major");
    expect(changed.body.title).toBe(PAYMENTS.title);
    expect(changed.body.components).toHaveLength(2);

    const other = await editor.post("/v1/incident-templates", { ...PAYMENTS, name: "Spare" });
    expect((await editor.delete(`/v1/incident-templates/${other.body.id}`)).status).toBe(204);
    expect((await viewer.get(`/v1/incident-templates/${other.body.id}`)).status).toBe(404);

    const log = await owner.get("/v1/audit-log?action=incident_template");
    expect(log.body.entries.map((e: { action: string }) => e.action)).toEqual([
      "incident_template.delete",
      "incident_template.create",
      "incident_template.update",
      "incident_template.create",
    ]);
  });

  it("refuses templates it could never declare", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...PAYMENTS, body: "<script>alert(1)</script>" }, "body"],
      [{ ...PAYMENTS, status: "resolved" }, "status"],
      [{ ...PAYMENTS, impact: "huge" }, "impact"],
      [{ ...PAYMENTS, title: "" }, "title"],
      [
        {
          ...PAYMENTS,
          components: [
            { componentId: "019a0000-0000-7000-8000-000000000001", status: "major_outage" },
          ],
        },
        "components.0.componentId",
      ],
    ];
    for (const [body, field] of cases) {
      const refused = await editor.post("/v1/incident-templates", body);
      expect(refused.status, field).toBe(400);
      expect(refused.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it("declares an incident with its variables filled, in the workspace's zone", async () => {
    const template = await editor.post("/v1/incident-templates", {
      ...PAYMENTS,
      name: "Declared",
      components: [{ componentId: api, status: "partial_outage" }],
    });
    const before = await incidentCount();
    const unfilled = await editor.post(`/v1/incident-templates/${template.body.id}/incidents`, {});
    expect(unfilled.status).toBe(422);
    expect(unfilled.body.code).toBe("unfilled_placeholder");
    expect(unfilled.body.detail).toContain("{{eta}}");
    expect(await incidentCount()).toBe(before);
    // A name Object has of its own is still the writer's to fill.
    const inherited = await editor.post("/v1/incident-templates", {
      ...PAYMENTS,
      name: "Inherited",
      title: "Down: {{constructor}}",
    });
    const declaredInherited = await editor.post(
      `/v1/incident-templates/${inherited.body.id}/incidents`,
      { variables: { eta: "soon" } },
    );
    expect(declaredInherited.status).toBe(422);
    expect(declaredInherited.body.detail).toContain("{{constructor}}");

    const declared = await editor.post(`/v1/incident-templates/${template.body.id}/incidents`, {
      variables: { eta: "15:00 CET" },
      visibility: "published",
      startedAt: "2026-11-27T13:30:00Z",
    });
    expect(declared.status, declared.text).toBe(201);
    expect(declared.headers.get("location")).toBe(`/v1/incidents/${declared.body.id}`);
    expect(declared.body).toMatchObject({
      title: "Payments slow on Payments API",
      status: "identified",
      impact: "minor",
      visibility: "published",
      components: [{ componentId: api, status: "partial_outage" }],
    });
    expect(declared.body.updates[0].body).toBe(
      "Since 27 Nov 2026, 14:30 CET payments through Payments API take longer. Next update by 15:00 CET.",
    );
    const components = await viewer.get("/v1/components");
    expect(components.body.components.find((c: { id: string }) => c.id === api)?.status).toBe(
      "partial_outage",
    );

    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const elsewhere = await editor.post(`/v1/incident-templates/${template.body.id}/incidents`, {
      variables: { eta: "soon" },
      components: [{ componentId: web, status: "major_outage" }],
      estimatedResolutionAt: later(120),
      nextUpdateBy: later(30),
    });
    expect(elsewhere.status).toBe(201);
    // Declared with the promises an update makes.
    expect(elsewhere.body.nextUpdateBy).toBe(elsewhere.body.updates[0].nextUpdateBy);
    expect(Date.parse(elsewhere.body.updates[0].nextUpdateBy)).toBeGreaterThan(Date.now());
    expect(elsewhere.body.updates[0].estimatedResolutionAt).not.toBeNull();
    const past = await editor.post(`/v1/incident-templates/${template.body.id}/incidents`, {
      variables: { eta: "soon" },
      nextUpdateBy: later(-5),
    });
    expect(past.status).toBe(400);
    expect(past.body.errors[0].field).toBe("nextUpdateBy");
    expect(elsewhere.body.title).toBe("Payments slow on Web app");
    expect(elsewhere.body.visibility).toBe("draft");
    expect(
      (await viewer.post(`/v1/incident-templates/${template.body.id}/incidents`, {})).status,
    ).toBe(403);
  });

  it("words a monitor's incident, and falls back to the monitor's own wording when a person must fill it", async () => {
    const template = await editor.post("/v1/incident-templates", {
      name: "Monitor down",
      title: "{{monitor}} cannot reach {{component}}",
      body: "Our checks of {{component}} have failed since {{start}}.",
      impact: "major",
    });
    expect(template.status).toBe(201);
    const unknown = await editor.post("/v1/monitors", {
      name: "Nowhere",
      http: { url: `${target.url}/down` },
      incidentTemplateId: "019a0000-0000-7000-8000-000000000001",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe("incidentTemplateId");

    target.always("/down", { status: 500, body: "no" });
    const worded = await editor.post("/v1/monitors", {
      name: "Checkout probe",
      componentId: web,
      http: { url: `${target.url}/down` },
      publishPolicy: "auto",
      detection: { intervalSeconds: 30, failureThreshold: 1, recoveryThreshold: 1 },
      incidentTemplateId: template.body.id,
    });
    expect(worded.status, worded.text).toBe(201);
    expect(worded.body.incidentTemplateId).toBe(template.body.id);
    const manual = await editor.post("/v1/incident-templates", {
      ...PAYMENTS,
      name: "Needs a person",
    });
    const fallback = await editor.post("/v1/monitors", {
      name: "Fallback probe",
      componentId: api,
      http: { url: `${target.url}/down` },
      publishPolicy: "auto",
      detection: { intervalSeconds: 30, failureThreshold: 1, recoveryThreshold: 1 },
      incidentTemplateId: manual.body.id,
    });
    expect(fallback.status).toBe(201);

    const db = await getDb();
    await db.execute(sql`update monitor_region set next_due_at = now()`);
    await runDueChecks();
    const opened = async (monitorId: string) => {
      const [row] = rowsOf<{ title: string; body: string; started_at: string }>(
        await db.execute(sql`
          select i.title, u.body, i.started_at from monitor m
          join incident i on i.id = m.incident_id
          join incident_update u on u.incident_id = i.id
          where m.id = ${monitorId}`),
      );
      return row;
    };
    const fromTemplate = await opened(worded.body.id);
    expect(fromTemplate?.title).toBe("Checkout probe cannot reach Web app");
    expect(fromTemplate?.body).toMatch(
      /^Our checks of Web app have failed since \d{1,2} \w{3} \d{4}, \d{2}:\d{2} (CET|CEST|GMT\+1|GMT\+2)\.$/,
    );
    const own = await opened(fallback.body.id);
    expect(own?.title).toBe("Issues with Payments API");

    // A deleted template leaves its monitors to their own wording.
    expect((await editor.delete(`/v1/incident-templates/${template.body.id}`)).status).toBe(204);
    const after = await viewer.get(`/v1/monitors/${worded.body.id}`);
    expect(after.body.incidentTemplateId).toBeNull();
  });
});
