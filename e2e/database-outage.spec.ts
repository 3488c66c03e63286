import { TcpProxy } from "../lib/testing/tcp-proxy";
import { freshDeployment } from "./deployment.mjs";
import { expect, test } from "./fixtures";
import { ServerProcess } from "./server-process";

// The server reaches PostgreSQL through a proxy that the journey takes down and brings back: to
// the server, the database goes away under it. This journey needs PostgreSQL whichever database
// the rest of the suite runs on (DATABASE_URL, else the local server on 5432).
const ADMIN_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

test("a database outage answers 503 with Retry-After, a restart during it serves the saved page, and the server recovers by itself when it returns", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const deployment = await freshDeployment(
    `allclear_e2e_outage_${Date.now().toString(36)}`,
    ADMIN_URL,
  );
  const target = new URL(deployment.env.DATABASE_URL!);
  const proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).start();
  const throughProxy = new URL(target);
  throughProxy.host = `127.0.0.1:${proxy.port}`;
  const env = { ...deployment.env, DATABASE_URL: throughProxy.toString() };
  let server = new ServerProcess(3108, env);
  try {
    await server.start();
    const api = await server.owner();
    const before = await api("POST", "/v1/components", { name: "Before the outage" });
    expect(before.status).toBe(201);
    // The public page has been read once, so it is in memory.
    expect((await fetch(`${server.base}/`)).status).toBe(200);

    await proxy.stop();
    for (const [method, path, body] of [
      ["GET", "/v1/components", undefined],
      ["POST", "/v1/components", { name: "During the outage" }],
      ["GET", "/v1/me", undefined],
    ] as const) {
      const response = await api(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(503);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect(response.headers.get("retry-after")).toBe("5");
      expect(response.body.code).toBe("service_unavailable");
    }
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
    const ready = await fetch(`${server.base}/health/ready`);
    expect(ready.status).toBe(503);
    // The server's checker reports beside the database; it has nothing to check here.
    expect(await ready.json()).toMatchObject({
      status: "unavailable",
      database: "unreachable",
      checker: { status: "ok", givenUp: 0 },
    });
    // Visitors still get the last good page.
    const publicPage = await fetch(`${server.base}/`);
    expect(publicPage.status).toBe(200);
    expect(await publicPage.text()).toContain("Before the outage");

    expect(server.output.match(/The database is unreachable/g)).toHaveLength(1);

    // The server restarts while the database is still away: it starts anyway, shows visitors
    // the copy it saved, and answers the API with 503 until the database is back.
    server.kill();
    server = new ServerProcess(3108, env);
    await server.start();
    await expect.poll(() => server.output).toContain("Serving without the database");
    const saved = await fetch(`${server.base}/`);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Before the outage");
    const summary = await fetch(`${server.base}/api/v2/summary.json`);
    expect(summary.status).toBe(200);
    expect((await summary.json()).components.map((c: { name: string }) => c.name)).toEqual([
      "Before the outage",
    ]);
    const refused = await api("GET", "/v1/components");
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe("service_unavailable");
    // An operator who opens the dashboard is told what is wrong, and the page comes back by itself.
    await page.goto(`${server.base}/sign-in`);
    await expect(
      page.getByRole("heading", { name: "The database cannot be reached" }),
    ).toBeVisible();

    await proxy.start();
    await expect
      .poll(async () => (await api("GET", "/v1/components")).status, { timeout: 20_000 })
      .toBe(200);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible({ timeout: 15_000 });
    const after = await api("GET", "/v1/components");
    expect(after.body.components.map((c: { name: string }) => c.name)).toEqual([
      "Before the outage",
    ]);
    expect((await api("POST", "/v1/components", { name: "After the outage" })).status).toBe(201);
    expect((await fetch(`${server.base}/health/ready`)).status).toBe(200);
    // The start-up finished once the database answered: the page follows new writes again.
    await expect
      .poll(async () => (await fetch(`${server.base}/`)).text(), { timeout: 5_000 })
      .toContain("After the outage");
    // Said once when it began and once when it ended, however many requests and background
    // ticks met it.
    await expect.poll(() => server.output, { timeout: 10_000 }).toContain("reachable again");
    expect(server.output.match(/The database is unreachable/g)).toHaveLength(1);
    expect(server.output.match(/The database is reachable again/g)).toHaveLength(1);
  } finally {
    server.kill();
    await proxy.stop();
    await deployment.drop();
  }
});
