import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, rowsOf, schema } from "@/db/client";
import { nextReportAt } from "@/lib/reports/schedule";
import { memberWithRole, setUpOwner, TestClient } from "@/lib/testing/client";
import { startDeliveries } from "@/lib/testing/deliveries";
import type { MailCatcher } from "@/lib/testing/smtp";

let owner: TestClient;
let editor: TestClient;
let workspaceId: string;
let catcher: MailCatcher;
let stopDeliveries: () => Promise<void>;

beforeAll(async () => {
  ({ catcher, stop: stopDeliveries } = await startDeliveries());
  const setUp = await setUpOwner();
  owner = setUp.client;
  workspaceId = setUp.workspaceId;
  ({ client: editor } = await memberWithRole(owner, "editor"));
});

afterAll(() => stopDeliveries());

describe("the monthly report's moment", () => {
  it("is the next 1st at 08:00 on the zone's clock, across daylight saving time", () => {
    const at = (iso: string, zone: string) => nextReportAt(Date.parse(iso), zone).toISOString();
    expect(at("2026-11-27T12:00:00Z", "Europe/Berlin")).toBe("2026-12-01T07:00:00.000Z");
    expect(at("2026-12-01T06:59:00Z", "Europe/Berlin")).toBe("2026-12-01T07:00:00.000Z");
    expect(at("2026-12-01T07:00:00Z", "Europe/Berlin")).toBe("2027-01-01T07:00:00.000Z");
    expect(at("2026-02-15T00:00:00Z", "America/New_York")).toBe("2026-03-01T13:00:00.000Z");
    expect(at("2026-03-15T00:00:00Z", "America/New_York")).toBe("2026-04-01T12:00:00.000Z");
    expect(at("2026-12-31T23:00:00Z", "Etc/UTC")).toBe("2027-01-01T08:00:00.000Z");
  });
});

describe("the monthly availability report", () => {
  it("is set by admins only, and refuses what is not a list of addresses", async () => {
    expect((await editor.get("/v1/reports/schedule")).status).toBe(403);
    expect((await editor.put("/v1/reports/schedule", { recipients: [] })).status).toBe(403);
    expect((await owner.get("/v1/reports/schedule")).body).toEqual({
      recipients: [],
      nextRunAt: null,
    });
    const bad = await owner.put("/v1/reports/schedule", { recipients: ["not an address"] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("recipients.0");
    const twice = await owner.put("/v1/reports/schedule", {
      recipients: ["a@example.com", "A@example.com"],
    });
    expect(twice.status).toBe(400);
    const many = await owner.put("/v1/reports/schedule", {
      recipients: Array.from({ length: 21 }, (_, i) => `r${i}@example.com`),
    });
    expect(many.status).toBe(400);
  });

  it("mails last month's numbers, as the API answers them, to each address, and schedules the next", async () => {
    const component = await owner.post("/v1/components", { name: "Checkout" });
    const db = await getDb();
    // October 2026 in UTC, 44,640 minutes: down 45 minutes on the 10th.
    await db.insert(schema.componentStatusChange).values(
      (
        [
          ["2026-10-01T00:00:00Z", "operational"],
          ["2026-10-10T12:00:00Z", "major_outage"],
          ["2026-10-10T12:45:00Z", "operational"],
        ] as const
      ).map(([changedAt, toStatus]) => ({
        workspaceId,
        componentId: component.body.id,
        toStatus,
        cause: "manual" as const,
        changedAt: new Date(changedAt),
      })),
    );

    const set = await owner.put("/v1/reports/schedule", {
      recipients: ["cfo@example.com", "sre@example.com"],
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.recipients).toEqual(["cfo@example.com", "sre@example.com"]);
    const next = new Date(set.body.nextRunAt);
    expect(next.toISOString()).toMatch(/-01T08:00:00\.000Z$/);
    expect(next.getTime() - Date.now()).toBeGreaterThan(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(32 * 86_400_000);

    // The job becomes November's, due since 1 November, 08:00.
    catcher.clear();
    await db.execute(
      sql`update scheduled_job set run_at = '2026-11-01T08:00:00Z', revision = 202611 where kind = 'report.monthly' and state = 'pending'`,
    );
    const october = () => catcher.messages.filter((m) => m.subject.includes("October 2026"));
    await catcher.waitFor(() => october().length >= 2, 15_000);
    expect(
      october()
        .map((m) => m.to)
        .sort(),
    ).toEqual(["cfo@example.com", "sre@example.com"]);
    const [mail] = october().filter((m) => m.to === "cfo@example.com");
    const api = (await owner.get("/v1/reports/availability?period=2026-10")).body;
    const checkout = api.components.find((c: { name: string }) => c.name === "Checkout");
    expect(checkout).toMatchObject({ downtimeMinutes: 45, availabilityPercent: 99.899 });
    expect(mail!.subject).toBe(
      `[Acme] Availability for October 2026: ${api.overall.availabilityPercent.toFixed(3)} %`,
    );
    expect(mail!.text).toContain("Checkout: 99.899 % · 45 min down");
    expect(mail!.text).toContain("http://localhost:3000/dashboard/reports");

    // The next one is December's, whatever the day the test runs.
    const newest = async () =>
      rowsOf<{ revision: number; run_at: string | Date }>(
        await db.execute(
          sql`select revision, run_at from scheduled_job where kind = 'report.monthly' order by created_at desc, id desc limit 1`,
        ),
      )[0]!;
    expect((await newest()).revision).toBe(202612);
    expect(new Date((await newest()).run_at).toISOString()).toBe("2026-12-01T08:00:00.000Z");

    // A job that comes before its month's moment (the zone moved west) waits for it instead.
    catcher.clear();
    await db.execute(
      sql`update scheduled_job set run_at = now(), revision = 209912 where kind = 'report.monthly' and state = 'pending'`,
    );
    await expect
      .poll(async () => (await owner.get("/v1/reports/schedule")).body.nextRunAt, {
        timeout: 10_000,
      })
      .toBe("2099-12-01T08:00:00.000Z");
    expect(catcher.messages.filter((m) => m.subject.includes("Availability"))).toEqual([]);

    const stopped = await owner.put("/v1/reports/schedule", { recipients: [] });
    expect(stopped.body).toEqual({ recipients: [], nextRunAt: null });
  });
});
