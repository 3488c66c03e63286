import { Receiver } from "../lib/testing/receiver";
import { freshDeployment } from "./deployment.mjs";
import { expect, test } from "./fixtures";
import { ServerProcess } from "./server-process";

test("a SIGKILL of the server in the middle of checks loses no results and opens one incident", async () => {
  test.setTimeout(180_000);
  const target = await new Receiver().start();
  // Slow failing answers keep a check in flight when the server dies.
  target.always("/slow", { status: 503, delayMs: 2_000, body: "overloaded" });
  const deployment = await freshDeployment(`allclear_e2e_monitor_crash_${Date.now().toString(36)}`);
  const server = new ServerProcess(3107, { ...deployment.env, ALLOW_PRIVATE_TARGETS: "true" });
  try {
    await server.start();
    const api = await server.owner();
    const created = await api("POST", "/v1/monitors", {
      name: "Slow API",
      http: { url: `${target.url}/slow`, timeoutMs: 5_000 },
      detection: { intervalSeconds: 10, failureThreshold: 2, recoveryThreshold: 1 },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    // The first check is recorded; the server dies while the second is waiting for its answer.
    await expect
      .poll(async () => (await api("GET", `/v1/monitors/${id}/failures`)).body.failures.length, {
        timeout: 15_000,
      })
      .toBe(1);
    await expect.poll(() => target.on("/slow").length, { timeout: 15_000 }).toBe(2);
    server.kill();

    await server.start();
    // What was recorded before the crash is still there, and the checks carry on to "down".
    expect((await api("GET", `/v1/monitors/${id}/failures`)).body.failures.length).toBeGreaterThan(
      0,
    );
    await expect
      .poll(async () => (await api("GET", "/v1/monitors/telemetry")).body.monitors[0].state, {
        timeout: 40_000,
        intervals: [500],
      })
      .toBe("down");
    const incidents = async () =>
      (await api("GET", "/v1/incidents?state=open")).body.incidents.filter(
        (i: { title: string }) => i.title === "Issues with Slow API",
      );
    expect(await incidents()).toHaveLength(1);
    // Another check later: still one incident.
    const seen = target.on("/slow").length;
    await expect.poll(() => target.on("/slow").length, { timeout: 15_000 }).toBeGreaterThan(seen);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await incidents()).toHaveLength(1);
  } finally {
    server.kill();
    await target.stop();
    await deployment.drop();
  }
});
