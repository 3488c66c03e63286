import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { freshDeployment } from "./deployment.mjs";
import { expect, test } from "./fixtures";
import { ServerProcess } from "./server-process";

const SIGNING_KEY = `signkey-prod-${"3c".repeat(32)}`;

test("a server with only part of the Inngest settings stops at start, naming what is missing", async () => {
  test.setTimeout(120_000);
  const deployment = await freshDeployment(`allclear_e2e_partial_${Date.now().toString(36)}`);
  try {
    const child = spawn(process.execPath, ["lib/cli/start.mjs"], {
      env: {
        ...process.env,
        ...deployment.env,
        PORT: "3105",
        BASE_URL: "http://localhost:3105",
        INNGEST_BASE_URL: "http://127.0.0.1:8288",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("INNGEST_EVENT_KEY");
    expect(output).toContain("INNGEST_SIGNING_KEY");
  } finally {
    await deployment.drop();
  }
});

test("with both keys, writes hand named events to Inngest after answering, and only signed calls run functions", async () => {
  test.setTimeout(120_000);
  // Inngest's event API, on loopback: it takes the events and answers slowly, as a stalled one would.
  const events: { id?: string; name: string }[] = [];
  const inngest = createServer((request: IncomingMessage, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.method === "POST" && request.url?.startsWith("/e/")) {
        events.push(...[JSON.parse(body)].flat());
        setTimeout(() => response.end(JSON.stringify({ ids: ["x"], status: 200 })), 1_500);
        return;
      }
      response.statusCode = 404;
      response.end();
    });
  });
  await new Promise<void>((resolve) => inngest.listen(0, "127.0.0.1", resolve));
  const deployment = await freshDeployment(`allclear_e2e_inngest_${Date.now().toString(36)}`);
  const server = new ServerProcess(3106, {
    ...deployment.env,
    INNGEST_EVENT_KEY: "journey-event-key",
    INNGEST_SIGNING_KEY: SIGNING_KEY,
    INNGEST_BASE_URL: `http://127.0.0.1:${(inngest.address() as AddressInfo).port}`,
  });
  try {
    await server.start();
    const api = await server.owner();
    const started = Date.now();
    const created = await api("POST", "/v1/incidents", {
      title: "Checkout failing",
      impact: "major",
      body: "Investigating.",
      visibility: "published",
    });
    expect(created.status).toBe(201);
    // The answer does not wait for the event API's 1.5 s.
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect
      .poll(() => events.filter((e) => e.name === "allclear/outbox.pending"), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ id: expect.stringMatching(/^outbox:/), data: {} })]);

    const unsigned = await fetch(`${server.base}/api/inngest`);
    expect(unsigned.status).toBe(401);
    const at = Math.floor(Date.now() / 1000);
    const mac = createHmac("sha256", SIGNING_KEY.replace(/^signkey-\w+-/, ""))
      .update("")
      .update(String(at))
      .digest("hex");
    const signed = await fetch(`${server.base}/api/inngest`, {
      headers: { "x-inngest-signature": `t=${at}&s=${mac}` },
    });
    expect(signed.status).toBe(200);
    expect(await signed.json()).toMatchObject({
      authentication_succeeded: true,
      function_count: 6,
    });
  } finally {
    server.kill();
    inngest.closeAllConnections();
    inngest.close();
    await deployment.drop();
  }
});
