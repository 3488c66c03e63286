import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { setUpOwner, type TestClient } from "@/lib/testing/client";
import { Program, sleep } from "@/lib/testing/processes";
import { Receiver } from "@/lib/testing/receiver";
import { phaseOf } from "./detection";

process.env.ALLOW_PRIVATE_TARGETS = "true";
resetConfig();

const MONITORS = 100;
const INTERVAL_MS = 10_000;
// The lease lasts the timeout and 5 s more: 6 s.
const TIMEOUT_MS = 1_000;

let admin: TestClient;
let target: Receiver;
const checkers: Program[] = [];

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
  target = await new Receiver().start();
});

afterAll(async () => {
  await Promise.all(checkers.map((checker) => checker.kill()));
  await target.stop();
});

function startChecker() {
  const checker = new Program("lib/cli/checker.ts", { REGION: "local" });
  checkers.push(checker);
  return checker;
}

describe("two checker processes of one region on one database", () => {
  it("ask each slot of the target once, through a pause past the lease and a kill, and count every slot", async () => {
    const [first, second] = [startChecker(), startChecker()];
    await Promise.all([first.printed("Checking monitors"), second.printed("Checking monitors")]);
    const monitors: string[] = [];
    for (let i = 0; i < MONITORS; i++) {
      // A slow answer keeps checks in flight: a checker frozen or killed mid-check has asked.
      target.always(`/m/${i}`, { status: 200, delayMs: 500 });
      const created = await admin.post("/v1/monitors", {
        name: `Checked ${i}`,
        http: { url: `${target.url}/m/${i}`, timeoutMs: TIMEOUT_MS },
        detection: {
          intervalSeconds: INTERVAL_MS / 1000,
          failureThreshold: 2,
          recoveryThreshold: 2,
        },
      });
      expect(created.status, created.text).toBe(201);
      monitors.push(created.body.id as string);
    }
    await sleep(INTERVAL_MS + 2_000);
    // The first checker freezes for longer than a lease, holding the slots it had claimed.
    first.pause();
    await sleep(9_000);
    first.resume();
    await sleep(INTERVAL_MS);
    // The second dies holding its slots; the first takes them over.
    await second.kill();
    await sleep(INTERVAL_MS + 2_000);
    expect(await first.stop()).toBe(0);

    // At the target: no slot asked twice.
    const asked = new Map<string, number>();
    monitors.forEach((id, i) => {
      const phase = phaseOf(id, INTERVAL_MS);
      for (const { at } of target.on(`/m/${i}`)) {
        const slot = Math.floor((at - phase) / INTERVAL_MS) * INTERVAL_MS + phase;
        asked.set(`${id} ${slot}`, (asked.get(`${id} ${slot}`) ?? 0) + 1);
      }
    });
    const twice = [...asked].filter(([, times]) => times > 1);
    expect(twice).toEqual([]);
    expect(asked.size).toBeGreaterThan(MONITORS * 3);

    // In the database: each slot checked or counted skipped, once; history equal to the results.
    const db = await getDb();
    const slots = rowsOf<{
      monitor_id: string;
      results: number;
      skipped: number;
      first_ms: number;
      next_ms: number;
    }>(
      await db.execute(sql`
        select r.monitor_id, count(*)::int as results, s.skipped,
          (extract(epoch from min(r.scheduled_at)) * 1000)::float8 as first_ms,
          (extract(epoch from s.next_due_at) * 1000)::float8 as next_ms
        from monitor_result r
        join monitor_region s on s.monitor_id = r.monitor_id and s.region = r.region
        group by r.monitor_id, s.skipped, s.next_due_at`),
    );
    expect(slots).toHaveLength(MONITORS);
    const miscounted = slots.filter(
      (s) => s.results + s.skipped !== Math.ceil((s.next_ms - s.first_ms) / INTERVAL_MS),
    );
    expect(miscounted).toEqual([]);
    const skipped = slots.reduce((sum, s) => sum + s.skipped, 0);
    // The pause and the kill each left slots unchecked, and those were counted.
    expect(skipped).toBeGreaterThan(0);
    const [totals] = rowsOf<{ results: number; rolled_up: number }>(
      await db.execute(sql`
        select (select count(*)::int from monitor_result) as results,
          (select coalesce(sum(checks), 0)::int from monitor_rollup) as rolled_up`),
    );
    expect(totals!.rolled_up).toBe(totals!.results);
  }, 120_000);
});
