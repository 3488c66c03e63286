import { Webhook } from "standardwebhooks";
import { Receiver } from "../lib/testing/receiver";
import { freshDeployment } from "./deployment.mjs";
import { expect, test } from "./fixtures";
import { ServerProcess } from "./server-process";

const ENDPOINTS = 15;
const INCIDENTS = 3;

test("deliveries survive a SIGKILL of the server: all arrive, repeats only as retries of one webhook-id", async () => {
  test.setTimeout(180_000);
  const receiver = await new Receiver().start();
  const deployment = await freshDeployment(`allclear_e2e_crash_${Date.now().toString(36)}`);
  const server = new ServerProcess(3103, {
    ...deployment.env,
    ALLOW_PRIVATE_TARGETS: "true",
    WEBHOOK_RETRY_SCHEDULE: "500ms,1s,1s,1s,1s",
  });
  try {
    await server.start();
    const api = await server.owner();
    const secrets = new Map<string, string>();
    for (let i = 0; i < ENDPOINTS; i++) {
      const path = `/crash-${i}`;
      // Slow receivers keep attempts in flight when the server dies.
      receiver.reply(path, { status: 200, delayMs: 1500 }, { status: 200, delayMs: 1500 });
      const created = await api("POST", "/v1/webhook-endpoints", {
        kind: "webhook",
        name: path,
        url: `${receiver.url}${path}`,
      });
      expect(created.status).toBe(201);
      secrets.set(path, created.body.secret);
    }
    for (let i = 0; i < INCIDENTS; i++) {
      const incident = await api("POST", "/v1/incidents", {
        title: `Crash ${i}`,
        impact: "minor",
        body: "x",
        visibility: "published",
      });
      expect(incident.status).toBe(201);
    }
    // Some attempts have started (and are waiting on the slow receivers): kill the server now.
    await expect
      .poll(() => receiver.received.length, { timeout: 10_000, intervals: [20] })
      .toBeGreaterThan(0);
    server.kill();
    const beforeRestart = receiver.received.length;
    expect(beforeRestart).toBeLessThan(ENDPOINTS * INCIDENTS);

    await server.start();
    // Every (endpoint, incident) pair arrives; claimed-but-unfinished attempts return after their lease.
    await expect
      .poll(
        () => {
          const pairs = new Set(
            receiver.received.map((r) => `${r.path} ${JSON.parse(r.body).data.incident.title}`),
          );
          return pairs.size;
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(ENDPOINTS * INCIDENTS);

    // The server records every delivery as succeeded, including the attempts the kill cut off,
    // which it sends again (same webhook-id) once their lease ends.
    const endpoints = (await api("GET", "/v1/webhook-endpoints")).body as { id: string }[];
    await expect
      .poll(
        async () => {
          let succeeded = 0;
          for (const { id } of endpoints) {
            const { deliveries } = (await api("GET", `/v1/webhook-endpoints/${id}/deliveries`))
              .body;
            succeeded += deliveries.filter(
              (d: { state: string }) => d.state === "succeeded",
            ).length;
          }
          return succeeded;
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBe(ENDPOINTS * INCIDENTS);
    expect(receiver.received.length).toBeGreaterThan(ENDPOINTS * INCIDENTS);

    // Each pair came under exactly one webhook-id: any repeat was a retry of that same delivery,
    // with the same body, and every request verifies.
    const idsByPair = new Map<string, Set<string>>();
    const bodyById = new Map<string, string>();
    for (const request of receiver.received) {
      const payload = new Webhook(secrets.get(request.path)!).verify(
        request.body,
        request.headers as Record<string, string>,
      ) as {
        data: { incident: { title: string } };
      };
      const pair = `${request.path} ${payload.data.incident.title}`;
      const id = String(request.headers["webhook-id"]);
      idsByPair.set(pair, (idsByPair.get(pair) ?? new Set()).add(id));
      if (bodyById.has(id)) expect(request.body).toBe(bodyById.get(id));
      bodyById.set(id, request.body);
    }
    expect([...idsByPair.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(bodyById.size).toBe(ENDPOINTS * INCIDENTS);
  } finally {
    server.kill();
    await receiver.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await deployment.drop();
  }
});
