import { createComponent, expect, newVisitor, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

/** A moment as a datetime-local input on the zone's clock holds it ("2026-11-27T14:30"). */
function onClockOf(zone: string, ms: number): string {
  const parts = new Intl.DateTimeFormat("sv-SE", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(ms));
  return parts.replace(" ", "T");
}

test("an editor declares from a template with promised times, readers see them, and the dashboard marks the incident overdue once the promise passes", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const component = `Queue ${stamp}`;
  const title = `${component} delays`;
  await signIn(page, OWNER.email, OWNER.password);
  const componentId = await createComponent(page, component);
  const origin = new URL(page.url()).origin;
  const { timeZone } = await (await page.request.get("/v1/workspace")).json();

  const template = await page.request.post("/v1/incident-templates", {
    data: {
      name: `Queue delays ${stamp}`,
      title: "{{component}} delays",
      body: "Since {{start}} jobs wait longer than usual.",
      impact: "minor",
      components: [{ componentId, status: "degraded_performance" }],
    },
    headers: { origin },
  });
  expect(template.status()).toBe(201);

  // Declared from the template, with both promises.
  await page.getByRole("link", { name: "Incidents", exact: true }).click();
  await page.getByRole("button", { name: "Declare incident" }).click();
  await page.getByLabel("Start from a template").selectOption({ label: `Queue delays ${stamp}` });
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await page.getByLabel(/^Next update by/).fill(onClockOf(timeZone, Date.now() + 2 * 3_600_000));
  await page
    .getByLabel(/^Estimated resolution/)
    .fill(onClockOf(timeZone, Date.now() + 4 * 3_600_000));
  await page.getByRole("button", { name: "Declare incident" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText(/^Next update promised by/)).toBeVisible();
  await expect(page.getByText("Update overdue")).toHaveCount(0);
  const incidentId = page.url().split("/").pop()!;

  // Readers see both promises, in their own zone.
  const visitor = await newVisitor(browser);
  await expect(async () => {
    await visitor.goto(`/incidents/${incidentId}`);
    await expect(visitor.locator("p.promises")).toContainText("Estimated resolution:", {
      timeout: 1_000,
    });
  }).toPass({ timeout: 10_000 });
  await expect(visitor.locator("p.promises")).toContainText("Next update by");

  // A script's update promises the next one within seconds; nobody posts it.
  const posted = await page.request.post(`/v1/incidents/${incidentId}/updates`, {
    data: {
      status: "identified",
      body: "Found the stuck worker.",
      nextUpdateBy: new Date(Date.now() + 4_000).toISOString(),
      components: [{ componentId, status: "degraded_performance" }],
    },
    headers: { origin },
  });
  expect(posted.status()).toBe(201);
  await page.reload();
  await expect(page.getByText("Found the stuck worker.")).toBeVisible();
  // The page left open marks it when the moment passes.
  await expect(page.getByText("Update overdue")).toBeVisible({ timeout: 15_000 });
  await page.getByRole("link", { name: "← Incidents" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText(
    "Update overdue",
  );

  // Other journeys expect no open incident.
  const resolved = await page.request.post(`/v1/incidents/${incidentId}/updates`, {
    data: { status: "resolved", body: "Fixed." },
    headers: { origin },
  });
  expect(resolved.status()).toBe(201);
  await visitor.close();
});
