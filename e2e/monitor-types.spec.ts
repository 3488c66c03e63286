import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { Receiver } from "../lib/testing/receiver";
import { expect, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

const run = promisify(execFile);

/** Deletes a monitor's component (and so the monitor), leaving the workspace as it was. */
async function removeMonitor(page: Page, name: string) {
  const origin = new URL(page.url()).origin;
  const { monitors } = (await (await page.request.get("/v1/monitors")).json()) as {
    monitors: { name: string; componentId: string }[];
  };
  const made = monitors.find((m) => m.name === name)!;
  const removed = await page.request.delete(`/v1/components/${made.componentId}`, {
    headers: { origin },
  });
  expect(removed.status()).toBe(204);
}

test("an http monitor with a bearer token and a JSON assertion: the failed value in the dashboard, the customer wording on the page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const target = await new Receiver().start();
  const healthy = { status: 200, headers: { "content-type": "application/json" } };
  target.always("/api/health", { ...healthy, body: JSON.stringify({ status: "ok" }) });
  try {
    await signIn(page, OWNER.email, OWNER.password);
    await page.getByRole("link", { name: "Monitors", exact: true }).click();
    await page.getByRole("button", { name: "New monitor" }).click();
    const form = page.getByRole("form", { name: "Create monitor" });
    await expect(form.getByLabel("Monitor type")).toHaveValue("http");
    await form.getByLabel("Name", { exact: true }).fill("Payments API");
    await form.getByLabel("URL").fill(`${target.url}/api/health`);
    await form.getByLabel("Authentication").selectOption("bearer");
    await form.getByLabel("Bearer token").fill("e2e-secret-token");
    await form.getByRole("button", { name: "Add assertion" }).click();
    await form.getByLabel("Assertion 1 Source").selectOption("json");
    await form.getByLabel("Assertion 1 JSON path").fill("$.status");
    await form.getByLabel("Assertion 1 Comparison").selectOption("equals");
    await form.getByLabel("Assertion 1 Target").fill("ok");
    await form.getByLabel("Check every (seconds)").fill("10");
    await form.getByLabel("Down after failures").fill("1");
    await form.getByLabel("Up after passes").fill("1");

    // Test now runs the form as it stands and shows what each assertion saw.
    await form.getByRole("button", { name: "Test now" }).click();
    const tested = page.getByTestId("test-result");
    await expect(tested.getByTestId("test-status")).toHaveText("Up");
    await expect(tested.getByTestId("assertion-outcome")).toContainText('saw "ok"');
    await expect(tested.getByTestId("assertion-outcome")).toContainText("Passed");
    await form.getByRole("button", { name: "Create monitor" }).click();

    const row = page.getByTestId("monitor").filter({ hasText: "Payments API" });
    await expect(row.getByTestId("monitor-state")).toHaveText(/^Up/, { timeout: 15_000 });
    expect(target.on("/api/health").at(-1)!.headers.authorization).toBe("Bearer e2e-secret-token");

    // The target answers, but not what the assertion wants.
    target.always("/api/health", {
      ...healthy,
      body: JSON.stringify({ status: "degraded: replica lag 40 s" }),
    });
    await expect(row.getByTestId("monitor-state")).toHaveText(/^Down/, { timeout: 25_000 });
    await row.getByRole("link", { name: "Payments API" }).click();
    await expect(page.getByRole("heading", { name: "Payments API" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Latest checks" }).getByTestId("failed-assertion"),
    ).toHaveText('Assertion 1 failed: saw "degraded: replica lag 40 s"');
    const outage = page.getByRole("region", { name: "Outages" }).getByTestId("outage").first();
    await expect(outage).toContainText("assertion_failed");
    await page.screenshot({ path: test.info().outputPath("assertion-failed.png"), fullPage: true });

    // Visitors read the monitor's customer wording, never the internal detail.
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(new URL("/", page.url()).toString());
    await expect(
      visitor.getByText("We are investigating issues with Payments API.").first(),
    ).toBeVisible();
    await expect(visitor.locator("body")).not.toContainText("replica lag");
    await visitor.close();

    target.always("/api/health", { ...healthy, body: JSON.stringify({ status: "ok" }) });
    await expect(page.getByTestId("monitor-state")).toHaveText(/^Up/, { timeout: 25_000 });
    await removeMonitor(page, "Payments API");
  } finally {
    await target.stop();
  }
});

test("a heartbeat made in the dashboard goes up when pinged with curl and down when the pings stop", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, OWNER.email, OWNER.password);
  await page.getByRole("link", { name: "Monitors", exact: true }).click();
  await page.getByRole("button", { name: "New monitor" }).click();
  const form = page.getByRole("form", { name: "Create monitor" });
  await form.getByLabel("Monitor type").selectOption("heartbeat");
  await expect(form.getByLabel("URL")).toHaveCount(0);
  await form.getByLabel("Name", { exact: true }).fill("Nightly backup");
  await form.getByLabel("Ping expected every (seconds)").fill("10");
  await form.getByLabel("Grace period (seconds)").fill("0");
  await form.getByRole("button", { name: "Create monitor" }).click();

  const row = page.getByTestId("monitor").filter({ hasText: "Nightly backup" });
  await expect(row.getByTestId("monitor-state")).toHaveText(/^Pending/);
  await row.getByRole("link", { name: "Nightly backup" }).click();
  const pingUrl = await page.getByLabel("Ping URL").inputValue();
  expect(pingUrl).toMatch(/\/heartbeat\/[A-Za-z0-9_-]{32,}$/);

  const { stdout } = await run("curl", ["-fsS", "-X", "POST", pingUrl]);
  expect(JSON.parse(stdout)).toEqual({ ok: true });
  await expect(page.getByTestId("monitor-state")).toHaveText(/^Up/, { timeout: 15_000 });
  await expect(page.getByTestId("last-ping")).not.toHaveText("No ping yet");

  // No more pings: down once the period has passed.
  await expect(page.getByTestId("monitor-state")).toHaveText(/^Down/, { timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath("heartbeat-down.png"), fullPage: true });
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(new URL("/", page.url()).toString());
  await expect(
    visitor.getByText("We are investigating issues with Nightly backup.").first(),
  ).toBeVisible();
  await visitor.close();

  // The job runs again: the monitor recovers and the incident resolves by itself.
  await run("curl", ["-fsS", pingUrl]);
  await expect(page.getByTestId("monitor-state")).toHaveText(/^Up/, { timeout: 15_000 });
  await expect
    .poll(async () => {
      const open = await page.request.get("/v1/incidents?state=open");
      return ((await open.json()) as { incidents: { title: string }[] }).incidents.map(
        (i) => i.title,
      );
    })
    .not.toContain("Issues with Nightly backup");
  await removeMonitor(page, "Nightly backup");
});
