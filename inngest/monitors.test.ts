import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { setUpOwner, type TestClient } from "@/lib/testing/client";
import { Receiver } from "@/lib/testing/receiver";
import { monitorChecks } from "./monitors";

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
});
