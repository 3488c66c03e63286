import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/health/ready/route";
import { getDb } from "@/db/client";
import { checkerStore } from "@/lib/jobs/wake";
import { CheckWatch } from "@/lib/monitors/watch";

/** A checker handle over a real watchdog whose one check began `agoMs` ago and never ended. */
function checkerWithCheckStartedAgo(agoMs: number) {
  const watch = new CheckWatch<string>();
  const startedAt = Date.now() - agoMs;
  watch.begin({ item: "a", startsAt: startedAt, timeoutMs: 1_000, intervalMs: 10_000 }, startedAt);
  checkerStore.__allclearChecker = {
    health: () => watch.health(),
    wake: () => {},
    stop: async () => {},
  };
}

// A server probes a database it opened and migrated at start: so does this test, so that opening a
// fresh database file does not count against the probe's two seconds.
beforeAll(async () => {
  await getDb();
});

afterEach(() => {
  checkerStore.__allclearChecker = undefined;
});

describe("GET /health/ready", () => {
  it("answers 200 when the database answers", async () => {
    const response = await GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("reports the checker of the process, ready while it completes checks", async () => {
    checkerWithCheckStartedAgo(500);
    const response = await GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "ok",
      checker: { status: "ok", inFlight: 1, givenUp: 0, lastCompletedAt: null },
    });
  });

  it("answers 503 when the checker has completed no check for three intervals", async () => {
    checkerWithCheckStartedAgo(31_000);
    const response = await GET();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).not.toBeNull();
    const body = await response.json();
    expect(body).toMatchObject({
      status: "unavailable",
      database: "ok",
      checker: { status: "stalled", inFlight: 1 },
    });
    expect(body.checker.oldestInFlightMs).toBeGreaterThanOrEqual(31_000);
  });
});
