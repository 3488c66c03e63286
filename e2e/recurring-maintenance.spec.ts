import { expect, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

test("an editor schedules weekly maintenance with a reminder, edits one window alone, edits and ends the series", async ({
  page,
}) => {
  const title = `Weekly patching ${Date.now().toString(36)}`;
  await signIn(page, OWNER.email, OWNER.password);
  await page.getByRole("link", { name: "Maintenance", exact: true }).click();
  await page.getByRole("button", { name: "Schedule maintenance" }).click();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Repeats").selectOption({ label: "Every week" });
  await page.getByLabel("Remind subscribers (minutes before)").fill("30");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();

  const recurring = page.getByRole("region", { name: "Recurring" });
  const card = recurring.getByTestId("maintenance-series").filter({ hasText: title });
  await expect(card).toContainText("Repeats every week");
  await expect(card).toContainText("reminded 30 minutes before");
  await expect(
    card.getByRole("list", { name: `Next windows of ${title}` }).getByRole("listitem"),
  ).toHaveCount(3);

  const upcoming = page.getByRole("region", { name: "Upcoming" });
  const windows = upcoming.getByTestId("maintenance").filter({ hasText: title });
  await expect(windows).toHaveCount(await windows.count());
  expect(await windows.count()).toBeGreaterThanOrEqual(4);
  const created = await windows.count();
  await expect(windows.first()).toContainText("One window of a recurring series");

  // The second window alone gets a longer name; the series' own edit leaves it so.
  await windows
    .nth(1)
    .getByRole("button", { name: `Edit ${title}` })
    .click();
  await expect(upcoming.getByLabel("Repeats")).toHaveCount(0);
  await expect(upcoming.getByLabel("Remind subscribers (minutes before)")).toHaveValue("30");
  await upcoming.getByLabel("Title").fill(`${title} (extended)`);
  await upcoming.getByRole("button", { name: "Save changes" }).click();
  await expect(
    upcoming.getByTestId("maintenance").filter({ hasText: `${title} (extended)` }),
  ).toHaveCount(1);

  await card.getByRole("button", { name: `Edit series ${title}` }).click();
  const form = recurring.getByTestId("maintenance-series");
  await expect(form.getByLabel("Repeats")).toHaveValue("FREQ=WEEKLY");
  await form.getByLabel("Title").fill(`${title} v2`);
  await form.getByRole("button", { name: "Save series" }).click();
  await expect(
    recurring.getByTestId("maintenance-series").filter({ hasText: `${title} v2` }),
  ).toBeVisible();
  await expect(upcoming.getByTestId("maintenance").filter({ hasText: `${title} v2` })).toHaveCount(
    created - 1,
  );
  await expect(
    upcoming.getByTestId("maintenance").filter({ hasText: `${title} (extended)` }),
  ).toHaveCount(1);

  // Ended, the windows that followed it are withdrawn; the one edited alone stays.
  const series = recurring.getByTestId("maintenance-series").filter({ hasText: `${title} v2` });
  await series.getByRole("button", { name: "End series" }).click();
  await series.getByRole("button", { name: "Yes, end it" }).click();
  await expect(page.getByRole("region", { name: "Recurring" })).toHaveCount(0);
  await expect(upcoming.getByTestId("maintenance").filter({ hasText: `${title} v2` })).toHaveCount(
    0,
  );
  const kept = upcoming.getByTestId("maintenance").filter({ hasText: `${title} (extended)` });
  await kept.getByRole("button", { name: "Cancel maintenance" }).click();
  await kept.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(upcoming.getByTestId("maintenance").filter({ hasText: title })).toHaveCount(0);
});
