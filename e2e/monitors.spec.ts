import { Receiver } from "../lib/testing/receiver";
import { expect, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

test("a monitor made in the dashboard goes up, then down with its target: the component moves and an incident opens by itself", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const target = await new Receiver().start();
  target.always("/health", { status: 200, body: "ok: all systems" });
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  try {
    await signIn(page, OWNER.email, OWNER.password);
    await page.getByRole("link", { name: "Monitors", exact: true }).click();
    await expect(page.getByText("No monitors yet")).toBeVisible();
    await page.getByRole("button", { name: "New monitor" }).click();
    const form = page.getByRole("form", { name: "Create monitor" });
    // The defaults are shown before anything is typed.
    await expect(form.getByLabel("Method")).toHaveValue("GET");
    await expect(form.getByLabel("Expected status codes")).toHaveValue("200");
    await expect(form.getByLabel("Timeout (ms)")).toHaveValue("10000");
    await expect(form.getByLabel("Check every (seconds)")).toHaveValue("60");
    await expect(form.getByLabel("When it goes down")).toHaveValue("auto");
    await form.getByLabel("Name", { exact: true }).fill("Storefront");
    await form.getByLabel("URL").fill(`${target.url}/health`);
    await form.getByLabel("Keyword (optional)").fill("all systems");
    await form.getByLabel("Check every (seconds)").fill("10");
    await form.getByLabel("Down after failures").fill("1");
    await form.getByLabel("Up after passes").fill("1");
    await form.getByRole("button", { name: "Create monitor" }).click();

    const card = page.getByTestId("monitor").filter({ hasText: "Storefront" });
    await expect(card.getByTestId("monitor-state")).toHaveText("Up", { timeout: 10_000 });
    await expect(card.getByTestId("monitor-component")).toHaveText("Component: Storefront");
    await expect(card).toContainText(/local: \d+ ms/);
    await page.screenshot({ path: test.info().outputPath("monitors-up.png"), fullPage: true });

    target.always("/health", { status: 503, body: "maintenance" });
    await expect(card.getByTestId("monitor-state")).toHaveText("Down", { timeout: 20_000 });

    await page.getByRole("link", { name: "Overview", exact: true }).click();
    const overview = page.getByRole("region", { name: "Monitors" });
    await expect(overview.getByRole("link", { name: "Storefront" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Overall status" })).toContainText(
      "Partial outage",
    );
    await expect(page.getByRole("region", { name: "Open incidents" })).toContainText(
      "Issues with Storefront",
    );

    await overview.getByRole("link", { name: "Storefront" }).click();
    await expect(page.getByRole("heading", { name: "Storefront" })).toBeVisible();
    const outage = page.getByRole("region", { name: "Outages" }).getByTestId("outage").first();
    await expect(outage).toContainText("unexpected_status");
    await expect(outage).toContainText("Ongoing");
    await expect(outage.getByRole("link", { name: /View incident/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Latest checks" })).toContainText("HTTP 503");
    await expect(page.getByRole("img", { name: /response time over 24h/ })).toBeVisible();
    await page.getByRole("button", { name: "7d" }).click();
    await expect(page.getByRole("img", { name: /response time over 7d/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("monitor-down.png"), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: test.info().outputPath("monitor-phone.png"), fullPage: true });
    expect(problems).toEqual([]);

    // Recovery resolves the incident by itself; then the journey clears what it made.
    target.always("/health", { status: 200, body: "ok: all systems" });
    await expect(page.getByTestId("monitor-state")).toHaveText(/^Up/, { timeout: 20_000 });
    const origin = new URL(page.url()).origin;
    const open = await page.request.get("/v1/incidents?state=open");
    expect(
      ((await open.json()) as { incidents: { title: string }[] }).incidents.map((i) => i.title),
    ).not.toContain("Issues with Storefront");
    const monitors = (await (await page.request.get("/v1/monitors")).json()) as {
      monitors: { name: string; componentId: string }[];
    };
    const made = monitors.monitors.find((m) => m.name === "Storefront")!;
    const removed = await page.request.delete(`/v1/components/${made.componentId}`, {
      headers: { origin },
    });
    expect(removed.status()).toBe(204);
  } finally {
    await target.stop();
  }
});
