import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "./fixtures";
import { freshDeployment } from "./deployment.mjs";

// This journey runs a server process of its own, on its own port and data, so that it can kill
// it in the middle of a maintenance window and start it again.
const PORT = 3102;
const base = `http://localhost:${PORT}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startServer(env: Record<string, string | undefined>): ChildProcess {
  return spawn(process.execPath, ["lib/cli/start.mjs"], {
    env: { ...process.env, ...env, PORT: String(PORT), BASE_URL: base },
    stdio: "ignore",
    detached: true,
  });
}

async function waitForHealth() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return Date.now();
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error("the server did not start");
}

/** SIGKILL for the whole process group: npm start's script and the Next.js server under it. */
function kill(server: ChildProcess) {
  process.kill(-server.pid!, "SIGKILL");
}

test("maintenance windows start and end on time across a server restart", async () => {
  test.setTimeout(120_000);
  const deployment = await freshDeployment(`allclear_e2e_restart_${Date.now().toString(36)}`);
  let server = startServer(deployment.env);
  try {
    await waitForHealth();
    const setup = await fetch(`${base}/v1/setup`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({
        workspaceName: "Restart",
        name: "R",
        email: "r@example.com",
        password: "restart password",
      }),
    });
    expect(setup.status).toBe(201);
    const cookie = setup.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { "content-type": "application/json", origin: base, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    };
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

    await expect
      .poll(async () => (await api("GET", `/v1/maintenances/${a.id}`)).body.status, {
        timeout: 5000,
        intervals: [100],
      })
      .toBe("in_progress");
    const { components } = (await api("GET", "/v1/components")).body;
    expect(components[0].status).toBe("under_maintenance");

    kill(server);
    await sleep(now + 7500 - Date.now());
    server = startServer(deployment.env);
    const ready = await waitForHealth();

    await expect
      .poll(async () => (await api("GET", `/v1/maintenances/${a.id}`)).body.status, {
        timeout: 3000,
        intervals: [100],
      })
      .toBe("completed");
    expect((await api("GET", `/v1/maintenances/${b.id}`)).body.status).toBe("completed");
    expect(Date.now() - ready).toBeLessThan(3000);
    const after = (await api("GET", "/v1/components")).body.components;
    expect(after[0].status).toBe("operational");
  } finally {
    kill(server);
    await sleep(500);
    await deployment.drop();
  }
});
