import { freshDeployment } from "./deployment.mjs";
import { expect, test } from "./fixtures";
import { ServerProcess } from "./server-process";

test("maintenance windows start and end on time across a server restart", async () => {
  test.setTimeout(120_000);
  const deployment = await freshDeployment(`allclear_e2e_restart_${Date.now().toString(36)}`);
  const server = new ServerProcess(3102, deployment.env);
  try {
    await server.start();
    const api = await server.owner();
    const component = (await api("POST", "/v1/components", { name: "Database" })).body;
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    // A runs across the restart; B starts and ends while the server is down.
    const a = (
      await api("POST", "/v1/maintenances", {
        title: "A",
        body: "",
        startsAt: at(2000),
        endsAt: at(7000),
        componentIds: [component.id],
      })
    ).body;
    const b = (
      await api("POST", "/v1/maintenances", {
        title: "B",
        body: "",
        startsAt: at(4000),
        endsAt: at(5000),
        componentIds: [],
      })
    ).body;
    const statusOf = async (id: string) => (await api("GET", `/v1/maintenances/${id}`)).body.status;

    await expect
      .poll(() => statusOf(a.id), { timeout: 5000, intervals: [100] })
      .toBe("in_progress");
    expect((await api("GET", "/v1/components")).body.components[0].status).toBe(
      "under_maintenance",
    );

    server.kill();
    await new Promise((resolve) => setTimeout(resolve, now + 7500 - Date.now()));
    const ready = await server.start();

    await expect.poll(() => statusOf(a.id), { timeout: 3000, intervals: [100] }).toBe("completed");
    expect(await statusOf(b.id)).toBe("completed");
    expect(Date.now() - ready).toBeLessThan(3000);
    expect((await api("GET", "/v1/components")).body.components[0].status).toBe("operational");
  } finally {
    server.kill();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await deployment.drop();
  }
});
