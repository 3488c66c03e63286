import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { setUpOwner, type TestClient } from "@/lib/testing/client";
import { Receiver } from "@/lib/testing/receiver";
import { monitorChecks, STEPS_PER_RUN, SLOTS_PER_STEP } from "./monitors";

process.env.ALLOW_PRIVATE_TARGETS = "true";
resetConfig();

let admin: TestClient;
let target: Receiver;

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
  target = await new Receiver().start();
});

afterAll(() => target.stop());

describe("the monitor-checks Inngest function", () => {
  it("runs the due checks once, and a second run at once finds nothing due", async () => {
    target.always("/health", { status: 503 });
    const created = await admin.post("/v1/monitors", {
      name: "API",
      http: { url: `${target.url}/health` },
      detection: { intervalSeconds: 60, failureThreshold: 1, recoveryThreshold: 1 },
    });
    expect(created.status).toBe(201);
    const first = await new InngestTestEngine({ function: monitorChecks }).execute();
    expect(first.result).toEqual({ checked: 1 });
    expect(target.on("/health")).toHaveLength(1);
    const telemetry = (await admin.get("/v1/monitors/telemetry")).body.monitors[0];
    expect(telemetry).toMatchObject({ state: "down", status: "partial_outage" });
    const second = await new InngestTestEngine({ function: monitorChecks }).execute();
    expect(second.result).toEqual({ checked: 0 });
    expect(target.on("/health")).toHaveLength(1);
  });

  it("checks 6,000 due slots in one minute's run, in steps of a thousand", async () => {
    target.always("/scale", { status: 200 });
    const created = await admin.post("/v1/monitors", {
      name: "Scale 0",
      http: { url: `${target.url}/scale` },
      detection: { intervalSeconds: 60, failureThreshold: 1, recoveryThreshold: 1 },
    });
    expect(created.status).toBe(201);
    const scale = SLOTS_PER_STEP * STEPS_PER_RUN;
    const db = await getDb();
    // The rest are copies of the first, up already, so the run's work is checking and recording.
    await db.execute(sql`update monitor set state = 'up' where id = ${created.body.id}`);
    await db.execute(sql`
      insert into monitor (id, workspace_id, component_id, name, url, method, expected_status,
        keyword, timeout_ms, follow_redirects, publish_policy, down_status, interval_seconds,
        failure_threshold, recovery_threshold, enabled, state)
      select gen_random_uuid(), workspace_id, component_id, 'Scale ' || n, url, method,
        expected_status, keyword, timeout_ms, follow_redirects, publish_policy, down_status,
        interval_seconds, failure_threshold, recovery_threshold, enabled, 'up'
      from monitor, generate_series(1, ${scale - 1}) n where id = ${created.body.id}`);
    await db.execute(
      sql`update monitor_region set next_due_at = now() - interval '1 second' where monitor_id = ${created.body.id}`,
    );
    const hits = target.on("/scale").length;
    const run = await new InngestTestEngine({ function: monitorChecks }).execute();
    expect(run.result).toEqual({ checked: scale });
    expect(target.on("/scale").length - hits).toBe(scale);
    const [recorded] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from monitor_result r
        join monitor m on m.id = r.monitor_id where m.name like 'Scale %'`),
    );
    expect(recorded!.n).toBe(scale);
  }, 120_000);
});
