import { describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { functions } from "./functions";

type Registered = {
  id: string;
  triggers: { event?: string; cron?: string }[];
  cancel?: { event: string; if?: string }[];
  concurrency?: unknown;
  singleton?: unknown;
  steps: Record<string, { retries?: { attempts: number } }>;
};

// What the SDK registers with Inngest, read from each function's own configuration (the payload
// `serve()` sends), not from the options we passed.
function registered(): Map<string, Registered> {
  const all = functions.flatMap((fn) =>
    (
      fn as unknown as {
        getConfig(options: { baseUrl: URL; appPrefix: string }): Registered[];
      }
    ).getConfig({ baseUrl: new URL("http://localhost:3000/api/inngest"), appPrefix: "allclear" }),
  );
  return new Map(all.map((fn) => [fn.id, fn]));
}

describe("what the Inngest functions register", () => {
  it("calls off a window's run only for a newer revision of the same window, or its cancellation", () => {
    const window = registered().get("allclear-maintenance-window")!;
    expect(window.triggers).toEqual([{ event: "allclear/maintenance.window" }]);
    const condition =
      "async.data.maintenanceId == event.data.maintenanceId && async.data.revision > event.data.revision";
    expect(window.cancel).toEqual([
      { event: "allclear/maintenance.window", if: condition },
      { event: "allclear/maintenance.cancel", if: condition },
    ]);
  });

  it("delivers one at a time per endpoint, with more retries than any schedule needs", () => {
    const deliver = registered().get("allclear-deliver-webhook")!;
    expect(deliver.triggers).toEqual([{ event: "allclear/webhook.deliver" }]);
    expect(deliver.concurrency).toEqual({ key: "event.data.endpointId", limit: 1 });
    const attempts = Object.values(deliver.steps)[0]!.retries!.attempts;
    // The longest schedule WEBHOOK_RETRY_SCHEDULE allows has 10 retries.
    expect(attempts).toBeGreaterThan(10);
    expect(attempts).toBeGreaterThan(config().webhookRetrySchedule.length);
  });

  it("sweeps every minute, one sweep at a time", () => {
    const sweep = registered().get("allclear-scheduled-job-sweep")!;
    expect(sweep.triggers).toEqual([{ cron: "* * * * *" }]);
    expect(sweep.singleton).toEqual({ mode: "skip" });
    expect(registered().get("allclear-fan-out-events")!.triggers).toEqual([
      { event: "allclear/outbox.pending" },
    ]);
  });

  it("checks monitors every minute, one run at a time", () => {
    const checks = registered().get("allclear-monitor-checks")!;
    expect(checks.triggers).toEqual([{ cron: "* * * * *" }]);
    expect(checks.singleton).toEqual({ mode: "skip" });
  });
});
