import { expect, test, createComponent } from "./fixtures";
import { OWNER, signIn } from "./owner";

test("an editor prepares a template, declares from it, fills what it leaves, and the incident names the component", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const component = `Ledger ${stamp}`;
  const name = `Ledger slow ${stamp}`;
  await signIn(page, OWNER.email, OWNER.password);
  await createComponent(page, component);

  await page.getByRole("link", { name: "Incidents", exact: true }).click();
  await page.getByRole("link", { name: "Templates" }).click();
  await expect(page.getByRole("heading", { name: "Incident templates", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "New template" }).click();
  await page.getByLabel("Template name").fill(name);
  await page.getByLabel("Incident title").fill("{{component}} is slow");
  await page.getByLabel("Impact").selectOption("major");
  await page
    .getByLabel("First update")
    .fill("Since {{start}} {{component}} answers slowly. Next update by {{eta}}.");
  await page.getByRole("checkbox", { name: component }).check();
  await page
    .getByLabel(`Status of ${component} in this incident`)
    .selectOption("degraded_performance");
  await page.getByRole("button", { name: "Create template" }).click();
  const row = page
    .getByRole("table", { name: "Incident templates" })
    .getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("{{component}} is slow");

  await page.getByRole("link", { name: "Incidents", exact: true }).click();
  await page.getByRole("button", { name: "Declare incident" }).click();
  await page.getByLabel("Start from a template").selectOption({ label: name });
  await expect(page.getByLabel("Title")).toHaveValue(`${component} is slow`);
  await expect(page.getByLabel("Impact")).toHaveValue("major");
  await expect(page.getByLabel("Message")).toHaveValue(
    new RegExp(
      `^Since \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} .+ ${component} answers slowly\\. Next update by \\{\\{eta\\}\\}\\.$`,
    ),
  );
  await expect(page.getByLabel(`Status of ${component} in this incident`)).toHaveValue(
    "degraded_performance",
  );
  // What only the writer knows is refused until filled.
  await page.getByRole("button", { name: "Declare incident" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "{{eta}}" })).toBeVisible();
  const message = page.getByLabel("Message");
  await message.fill((await message.inputValue()).replace("{{eta}}", "15:00"));
  await page.getByRole("button", { name: "Declare incident" }).click();
  await expect(page.getByRole("heading", { name: `${component} is slow` })).toBeVisible();
  await expect(page.getByText("Next update by 15:00.")).toBeVisible();
});
