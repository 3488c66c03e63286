import { randomBytes } from "node:crypto";
import { defineConfig } from "@playwright/test";

// The e2e suite runs the built app on a deployment of its own: a fresh PGlite directory, or a
// fresh database on the PostgreSQL server that DATABASE_URL names (dropped in global teardown).
const PORT = Number(process.env.E2E_PORT ?? 3100);
// PagerDuty's Events API has one address for everyone: the server is pointed at a stand-in the
// journey starts on this port.
process.env.E2E_PAGERDUTY_PORT ??= String(PORT + 7);
process.env.E2E_DEPLOYMENT ??= `allclear_e2e_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.TEST_REPORT_DIR
    ? [["list"], ["json", { outputFile: `${process.env.TEST_REPORT_DIR}/playwright.json` }]]
    : [["list"]],
  globalTeardown: "./e2e/teardown.ts",
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // Status pages on hosts of their own, served by the suite's server.
        "--host-resolver-rules=MAP *.status.test 127.0.0.1",
      ],
    },
  },
  // The first-run journey sets the deployment up; every other journey builds on it.
  projects: [
    {
      name: "first-run",
      testMatch: "first-run.spec.ts",
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
    {
      name: "journeys",
      testIgnore: "first-run.spec.ts",
      dependencies: ["first-run"],
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: "node e2e/serve.mjs",
    url: `http://localhost:${PORT}/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    // Journeys deliver webhooks to receivers on loopback; SSRF refusals are covered by vitest.
    env: {
      PORT: String(PORT),
      BASE_URL: `http://localhost:${PORT}`,
      ALLOW_PRIVATE_TARGETS: "true",
      PAGERDUTY_EVENTS_URL: `http://localhost:${process.env.E2E_PAGERDUTY_PORT}/v2/enqueue`,
    },
  },
});
