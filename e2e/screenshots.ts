// `npm run screenshots`: the README's pictures, taken from a running app that has not been set up
// yet (`PGLITE_DIR=memory:// npm start`, say). It sets up a workspace with a few components, an
// incident and a maintenance window through the /v1 API, then photographs the public page and
// the dashboard with Chromium into docs/screenshots/.
import path from "node:path";
import { chromium, type APIRequestContext } from "@playwright/test";

const BASE = process.env.SCREENSHOT_URL ?? "http://localhost:3000";
const OUT = path.join(import.meta.dirname, "..", "docs", "screenshots");

async function send<T>(api: APIRequestContext, method: string, url: string, data?: unknown) {
  const response = await api.fetch(url, { method, data, headers: { origin: BASE } });
  if (!response.ok()) {
    throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  }
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 1280, height: 860 },
    deviceScaleFactor: 1,
  });
  const api = context.request;
  await send(api, "POST", "/v1/setup", {
    workspaceName: "Acme",
    name: "Olive Owner",
    email: "olive@example.com",
    password: "correct horse battery",
  });
  const platform = await send<{ id: string }>(api, "POST", "/v1/component-groups", {
    name: "Platform",
  });
  const names = ["Website", "Dashboard", "API", "Webhooks", "Email delivery"];
  const ids: Record<string, string> = {};
  for (const name of names) {
    const created = await send<{ id: string }>(api, "POST", "/v1/components", {
      name,
      groupId: name === "Website" ? null : platform.id,
    });
    ids[name] = created.id;
  }
  await send(api, "POST", "/v1/incidents", {
    title: "Slow API responses in Europe",
    impact: "minor",
    status: "identified",
    body: "Requests to the API from Europe take up to 5 seconds. We found an overloaded database replica and are moving traffic away from it.",
    visibility: "published",
    components: [{ componentId: ids.API, status: "degraded_performance" }],
  });
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  tomorrow.setUTCHours(6, 0, 0, 0);
  await send(api, "POST", "/v1/maintenances", {
    title: "Database upgrade",
    body: "Webhooks may be delivered a few minutes late while we upgrade the database.",
    startsAt: tomorrow.toISOString(),
    endsAt: new Date(tomorrow.getTime() + 3600_000).toISOString(),
    componentIds: [ids.Webhooks],
  });

  const page = await context.newPage();
  await page.goto("/");
  await page.screenshot({ path: path.join(OUT, "public-page.png"), fullPage: false });
  await page.goto("/dashboard");
  await page.getByTestId("overall-status").waitFor();
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: path.join(OUT, "dashboard.png"), fullPage: false });
  console.log(`Saved ${path.join(OUT, "public-page.png")} and dashboard.png`);
} finally {
  await browser.close();
}
