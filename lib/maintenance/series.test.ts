import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, schema } from "@/db/client";
import { runDueJobs } from "@/lib/runner/jobs";
import { jobHandlers } from "@/lib/runner/handlers";
import { setUpOwner, type TestClient } from "@/lib/testing/client";
import { MAINTENANCE_SERIES, SERIES_HORIZON_DAYS } from "./series";

const DAY = 86_400_000;
let owner: TestClient;

beforeAll(async () => {
  ({ client: owner } = await setUpOwner());
});

afterEach(() => {
  vi.useRealTimers();
});

async function seriesJobs(seriesId: string) {
  const db = await getDb();
  return db
    .select()
    .from(schema.scheduledJob)
    .where(
      and(
        eq(schema.scheduledJob.subjectId, seriesId),
        eq(schema.scheduledJob.kind, MAINTENANCE_SERIES),
      ),
    );
}

async function startsOf(seriesId: string) {
  const db = await getDb();
  const rows = await db
    .select({ startsAt: schema.maintenance.startsAt })
    .from(schema.maintenance)
    .where(eq(schema.maintenance.seriesId, seriesId));
  return rows.map((row) => row.startsAt.getTime()).sort((a, b) => a - b);
}

describe("a series' daily run", () => {
  it("creates the windows that come within the horizon as time passes, once each", async () => {
    const first = new Date(Date.now() + 3_600_000);
    const created = await owner.post("/v1/maintenance-series", {
      title: "Nightly backups",
      body: "",
      startsAt: first.toISOString(),
      endsAt: new Date(first.getTime() + 600_000).toISOString(),
      componentIds: [],
      recurrence: "FREQ=DAILY",
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const before = await startsOf(id);
    expect(before.length).toBe(SERIES_HORIZON_DAYS);
    const [job] = (await seriesJobs(id)).filter((j) => j.state === "pending");
    expect(Math.abs(job!.runAt.getTime() - (Date.now() + DAY))).toBeLessThan(60_000);

    // Ten days on, the run is long due: it makes the ten days that came within reach.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10 * DAY);
    await runDueJobs(jobHandlers);
    await runDueJobs(jobHandlers);
    const after = await startsOf(id);
    expect(after.length).toBe(SERIES_HORIZON_DAYS + 10);
    expect(new Set(after).size).toBe(after.length);
    for (let i = 1; i < after.length; i += 1) expect(after[i]! - after[i - 1]!).toBe(DAY);
    const pending = (await seriesJobs(id)).filter((j) => j.state === "pending");
    expect(pending).toHaveLength(1);
    expect(Math.abs(pending[0]!.runAt.getTime() - (Date.now() + DAY))).toBeLessThan(60_000);
    vi.useRealTimers();

    // Ended, its run is called off and no more windows come.
    expect((await owner.delete(`/v1/maintenance-series/${id}`)).status).toBe(204);
    expect((await seriesJobs(id)).filter((j) => j.state === "pending")).toEqual([]);
    // The ten days that went by ran their windows; the rest, never announced, are gone.
    expect(await startsOf(id)).toEqual(after.slice(0, 10));

    // The withdrawn windows' jobs were left to find them gone: they run, and do nothing.
    const db = await getDb();
    const left = await db
      .select()
      .from(schema.scheduledJob)
      .where(eq(schema.scheduledJob.state, "pending"));
    expect(left.length).toBeGreaterThan(0);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 60 * DAY);
    while ((await runDueJobs(jobHandlers)) > 0);
    const failed = await db.select().from(schema.scheduledJob);
    expect(failed.filter((job) => job.lastError !== null)).toEqual([]);
    expect(failed.filter((job) => job.state === "pending")).toEqual([]);
  });
});
