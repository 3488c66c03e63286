import { readFileSync } from "node:fs";
import { expect, test, createComponent } from "./fixtures";
import { OWNER, signIn } from "./owner";

test("an operator opens the availability report for today, sees a component's outage, prints it and downloads the CSV", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `Report API ${Date.now().toString(36)}`;
  await signIn(page, OWNER.email, OWNER.password);
  const origin = new URL(page.url()).origin;
  const id = await createComponent(page, name);
  // A short major outage, so the report has downtime to show.
  for (const status of ["major_outage", "operational"]) {
    const changed = await page.request.patch(`/v1/components/${id}`, {
      data: { status },
      headers: { origin },
    });
    expect(changed.status()).toBe(200);
    await page.waitForTimeout(1500);
  }

  await page.getByRole("link", { name: "Reports", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Availability report", level: 1 })).toBeVisible();
  // The form opens on the last whole month; today is a custom period of one day.
  await expect(page.getByLabel("Month", { exact: true })).toHaveValue(/^\d{4}-\d{2}$/);
  await page.getByLabel("Period", { exact: true }).selectOption("custom");
  const today = await page.evaluate(async () => {
    const answer = await fetch("/v1/workspace");
    const { timeZone } = (await answer.json()) as { timeZone: string };
    return new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  });
  await page.getByLabel("From").fill(today);
  await page.getByLabel("To (inclusive)").fill(today);
  const row = page
    .getByRole("table", { name: "Availability by component" })
    .getByRole("row", { name: new RegExp(name) });
  await expect(row).toBeVisible();
  const availability = await row.getByRole("cell").nth(1).innerText();
  expect(Number.parseFloat(availability)).toBeLessThan(100);
  await expect(row.getByRole("cell").nth(2)).not.toHaveText("0 min");
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, "utf8");
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toBe(
    "type,id,name,start,end,observed_minutes,downtime_minutes,availability_percent,impact",
  );
  const line = lines.find((l) => l.includes(name))!;
  expect(line.startsWith(`component,${id},${name},`)).toBe(true);
  // The period runs to now, so the figures are read again as the file is made.
  expect(Number(line.split(",")[6])).toBeGreaterThan(0);
  expect(Number(line.split(",")[7])).toBeLessThan(100);
  expect(lines.some((l) => l.startsWith("overall,,Overall,"))).toBe(true);
});

test("an admin names who is mailed the report each month, and sees when the next one goes", async ({
  page,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  await page.getByRole("link", { name: "Reports", exact: true }).click();
  const card = page.getByRole("region", { name: "Monthly report by email" });
  await card.getByLabel("Recipients").fill("cfo@example.com\nsre@example.com");
  await card.getByRole("button", { name: "Save recipients" }).click();
  await expect(card.getByText(/^Saved\. Next report: /)).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Monthly report by email" }).getByLabel("Recipients"),
  ).toHaveValue("cfo@example.com\nsre@example.com");
  // Other journeys expect no mail going out.
  await page
    .getByRole("region", { name: "Monthly report by email" })
    .getByLabel("Recipients")
    .fill("");
  await page.getByRole("button", { name: "Save recipients" }).click();
  await expect(page.getByText("No report is scheduled.")).toBeVisible();
});
