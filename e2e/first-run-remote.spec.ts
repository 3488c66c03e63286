import { networkInterfaces } from "node:os";
import { chromium } from "@playwright/test";
import { freshDeployment } from "./deployment.mjs";
import { expect, test } from "./fixtures";
import { ServerProcess } from "./server-process";

const PORT = 3109;
// The site's name resolves, for the browser, to this machine's address on its network: its
// connections then come from a peer that is not loopback, as another machine's would.
const HOST = "allclear.test";
const BASE = `http://${HOST}:${PORT}`;

function networkAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal);
  if (!found) throw new Error("This machine has no IPv4 address besides loopback to test with.");
  return found.address;
}

const OWNER = {
  workspaceName: "Remote",
  name: "R",
  email: "r@example.com",
  password: "remote owner password",
};

test("a first run reached from another machine sets up only with the link the server printed", async () => {
  test.setTimeout(120_000);
  const address = networkAddress();
  const deployment = await freshDeployment(`allclear_e2e_first_run_${Date.now().toString(36)}`);
  const server = new ServerProcess(PORT, deployment.env, BASE);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", `--host-resolver-rules=MAP ${HOST} ${address}`],
  });
  try {
    await server.start();
    await expect.poll(() => server.output, { timeout: 30_000 }).toContain("/setup?token=");
    const link = new RegExp(`${BASE}/setup\\?token=([\\w-]+)`).exec(server.output);
    expect(link, server.output).not.toBeNull();

    // From the network, without the token, or claiming loopback in headers: refused.
    const claims: Record<string, string>[] = [
      {},
      { "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1" },
    ];
    for (const headers of claims) {
      const refused = await fetch(`http://${address}:${PORT}/v1/setup`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE, ...headers },
        body: JSON.stringify(OWNER),
      });
      expect(refused.status).toBe(403);
      expect(refused.headers.get("content-type")).toBe("application/problem+json");
      const problem = await refused.json();
      expect(problem.code).toBe("setup_token_required");
      expect(problem.detail).toMatch(/printed in its log/);
    }

    // The setup page, opened without the link, says where the token is.
    const page = await browser.newPage();
    await page.goto(`${BASE}/setup`);
    await expect(page.getByText(/server printed in its log/)).toBeVisible();
    await expect(page.getByLabel("Setup token")).toBeVisible();

    // The printed link sets the deployment up.
    await page.goto(link![0]);
    await expect(page.getByLabel("Setup token")).toHaveCount(0);
    await page.getByLabel("Workspace name").fill(OWNER.workspaceName);
    await page.getByLabel("Your name").fill(OWNER.name);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(page).toHaveURL(`${BASE}/dashboard`);
  } finally {
    await browser.close();
    server.kill();
    await deployment.drop();
  }
});
