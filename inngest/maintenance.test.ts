import { InngestTestEngine } from "@inngest/test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import type { WindowRun } from "@/lib/jobs/engine";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { maintenanceWindow, scheduledJobSweep } from "./maintenance";

let owner: TestClient;

beforeAll(async () => {
  ({ client: owner } = await setUpOwner());
});

const sleepUntil = (at: string) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(at) - Date.now())));

/** Schedules a window through the API and answers its run as the Inngest function receives it. */
async function scheduleWindow(
  startInMs: number,
  lengthMs: number,
): Promise<WindowRun & { componentId: string }> {
  const componentId = (await owner.post("/v1/components", { name: `C ${Math.random()}` })).body.id;
  const startsAt = new Date(Date.now() + startInMs).toISOString();
  const endsAt = new Date(Date.now() + startInMs + lengthMs).toISOString();
  const created = await owner.post("/v1/maintenances", {
    title: "W",
    body: "B",
    startsAt,
    endsAt,
    componentIds: [componentId],
  });
  expect(created.status).toBe(201);
  const db = await getDb();
  const jobs = await db
    .select()
    .from(schema.scheduledJob)
    .where(
      and(
        eq(schema.scheduledJob.subjectId, created.body.id),
        eq(schema.scheduledJob.state, "pending"),
      ),
    );
  return {
    componentId,
    maintenanceId: created.body.id,
    revision: 0,
    startsAt,
    endsAt,
    startJobId: jobs.find((j) => j.kind === "maintenance.start")!.id,
    completeJobId: jobs.find((j) => j.kind === "maintenance.complete")!.id,
  };
}

async function windowStatus(id: string) {
  return (await owner.get(`/v1/maintenances/${id}`)).body.status;
}

describe("the maintenance-window Inngest function", () => {
  it("sleeps until the start, starts, sleeps until the end, completes", async () => {
    const run = await scheduleWindow(300, 300);
    const seen: string[] = [];
    const t = new InngestTestEngine({ function: maintenanceWindow });
    const { result, ctx } = await t.execute({
      events: [{ name: "allclear/maintenance.window", data: run }],
      steps: [
        // Inngest sleeps durably; here the mocks wait for the same instants.
        {
          id: "wait-for-start",
          handler: async () => (
            await sleepUntil(run.startsAt),
            seen.push(await windowStatus(run.maintenanceId))
          ),
        },
        {
          id: "wait-for-end",
          handler: async () => (
            await sleepUntil(run.endsAt),
            seen.push(await windowStatus(run.maintenanceId))
          ),
        },
      ],
    });
    expect(result).toBeNull();
    expect(seen).toEqual(["scheduled", "in_progress"]);
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-for-start", run.startsAt);
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-for-end", run.endsAt);
    expect(ctx.step.run).toHaveBeenCalledWith("start", expect.any(Function));
    expect(ctx.step.run).toHaveBeenCalledWith("complete", expect.any(Function));
    expect(await windowStatus(run.maintenanceId)).toBe("completed");
  });

  it("does nothing for a run that was replaced: the rescheduled window keeps its new times", async () => {
    const run = await scheduleWindow(200, 200);
    const current = (await owner.get(`/v1/maintenances/${run.maintenanceId}`)).body;
    const later = new Date(Date.now() + 60 * 60_000).toISOString();
    const moved = await owner.put(`/v1/maintenances/${run.maintenanceId}`, {
      ...current,
      startsAt: later,
      endsAt: new Date(Date.parse(later) + 60_000).toISOString(),
    });
    expect(moved.status).toBe(200);
    const t = new InngestTestEngine({ function: maintenanceWindow });
    const { ctx } = await t.execute({
      events: [{ name: "allclear/maintenance.window", data: run }],
      steps: [
        { id: "wait-for-start", handler: () => sleepUntil(run.startsAt) },
        { id: "wait-for-end", handler: () => sleepUntil(run.endsAt) },
      ],
    });
    // Both steps ran, and both found their job cancelled by the reschedule.
    const ran = (
      ctx.step.run as unknown as { mock: { calls: [string][]; results: { value: unknown }[] } }
    ).mock;
    expect(ran.calls.map(([id]) => id)).toEqual(["start", "complete"]);
    expect(await Promise.all(ran.results.map((r) => r.value))).toEqual([false, false]);
    // (A replaced run's job is cancelled, not merely not due: nothing to wait for.)
    expect(await windowStatus(run.maintenanceId)).toBe("scheduled");
    const db = await getDb();
    const old = await db
      .select()
      .from(schema.scheduledJob)
      .where(eq(schema.scheduledJob.id, run.startJobId!));
    expect(old[0]!.state).toBe("cancelled");
  });
});

describe("the scheduled-job sweep", () => {
  it("runs every job that is due, as the embedded runner does", async () => {
    const run = await scheduleWindow(50, 100);
    await sleepUntil(run.endsAt);
    const t = new InngestTestEngine({ function: scheduledJobSweep });
    const { result } = await t.execute();
    expect((result as { jobs: number }).jobs).toBeGreaterThanOrEqual(2);
    expect(await windowStatus(run.maintenanceId)).toBe("completed");
    const { components } = (await owner.get("/v1/components")).body;
    expect(components.find((c: { id: string }) => c.id === run.componentId).status).toBe(
      "operational",
    );
  });
});
