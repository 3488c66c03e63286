import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

test.describe.configure({ mode: "serial" });

async function statusOf(page: Page, name: string): Promise<string> {
  const { components } = await (await page.request.get("/v1/components")).json();
  return components.find((c: { name: string }) => c.name === name).status;
}

test("declare an incident, post an update, resolve it", async ({ page }) => {
  await signIn(page, OWNER.email, OWNER.password);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/v1/components", {
    data: { name: "Checkout" },
    headers: { origin },
  });
  expect(created.status()).toBe(201);

  await page.getByRole("link", { name: "Incidents", exact: true }).click();
  await page.getByRole("button", { name: "Declare incident" }).click();
  await page.getByLabel("Title").fill("Checkout failures");
  await page.getByLabel("Impact").selectOption("major");
  await page.getByLabel("Message").fill("We are seeing **errors** at checkout.");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("markdown-preview").locator("strong")).toHaveText("errors");
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("checkbox", { name: "Checkout" }).check();
  await page.getByLabel("Status of Checkout in this incident").selectOption("major_outage");
  await page.getByRole("button", { name: "Declare incident" }).click();

  await expect(page.getByRole("heading", { name: "Checkout failures", level: 1 })).toBeVisible();
  const timeline = page.getByRole("list", { name: "Updates" });
  await expect(timeline.locator("strong", { hasText: "errors" })).toBeVisible();
  await expect.poll(() => statusOf(page, "Checkout")).toBe("major_outage");

  // The components page says what holds Checkout; browsing statuses with the keyboard sets nothing.
  await page.getByRole("link", { name: "Components", exact: true }).click();
  const checkout = page.getByTestId("component-row").filter({ hasText: "Checkout" });
  await expect(checkout).toContainText("Held at Major outage by incident Checkout failures");
  await checkout.getByLabel("Status of Checkout", { exact: true }).focus();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(
    checkout.getByRole("group", { name: "Confirm the status of Checkout" }),
  ).toBeVisible();
  expect(await statusOf(page, "Checkout")).toBe("major_outage");
  await checkout.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("link", { name: "Incidents", exact: true }).click();

  // The overview leads with the outage, worded as on the public page (a major outage is
  // "Critical Service Outage"), and lists the open incident.
  await page.getByRole("link", { name: "Overview", exact: true }).click();
  const overall = page.getByTestId("overall-status");
  await expect(overall).toHaveText("Critical Service Outage");
  await expect(overall).toHaveClass(/status-major_outage/);
  await page
    .getByRole("region", { name: "Open incidents" })
    .getByRole("link", { name: "Checkout failures" })
    .click();
  await expect(page.getByRole("heading", { name: "Checkout failures", level: 1 })).toBeVisible();

  // An update that changes the status and the component's status.
  await page.getByLabel("Status", { exact: true }).selectOption("identified");
  await page.getByLabel("Message").fill("A bad deploy; rolling back.");
  await page.getByLabel("Status of Checkout in this incident").selectOption("partial_outage");
  await page.getByRole("button", { name: "Post update" }).click();
  await expect(timeline.getByText("A bad deploy; rolling back.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Timeline" })).toBeFocused();
  await expect(timeline.locator("li").first()).toContainText("Identified");

  // Resolve it: the component returns to operational and the incident is closed.
  await page.getByLabel("Status", { exact: true }).selectOption("resolved");
  await page.getByLabel("Message").fill("Rolled back; checkout works again.");
  await page.getByRole("button", { name: "Post update" }).click();
  await expect(page.getByText("This incident is resolved and closed.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Post update" })).toHaveCount(0);
  await expect.poll(() => statusOf(page, "Checkout")).toBe("operational");

  await page.getByRole("link", { name: "← Incidents" }).click();
  await expect(page.getByText("No open incidents. All clear.")).toBeVisible();
  await page.getByRole("link", { name: "Resolved" }).click();
  await expect(page.getByRole("link", { name: "Checkout failures" })).toBeVisible();
});

test("a draft is kept quiet until it is published", async ({ page }) => {
  await signIn(page, OWNER.email, OWNER.password);
  await page.goto("/dashboard/incidents");
  await page.getByRole("button", { name: "Declare incident" }).click();
  await page.getByLabel("Title").fill("Possible DNS issue");
  await page.getByLabel("Message").fill("Checking reports.");
  await page.getByRole("checkbox", { name: /Publish now/ }).uncheck();
  await page.getByRole("button", { name: "Declare incident" }).click();
  await expect(page.getByText(/This incident is a draft/)).toBeVisible();
  await page.getByRole("button", { name: "Publish incident" }).click();
  await expect(page.getByText(/This incident is a draft/)).toHaveCount(0);
  await expect(page.getByText("Draft", { exact: true })).toHaveCount(0);
});

test("schedule, edit and cancel maintenance", async ({ page }) => {
  await signIn(page, OWNER.email, OWNER.password);
  // The form takes times in the workspace's zone, whatever the browser's: set one that is not UTC.
  const origin = new URL(page.url()).origin;
  const { timeZone: zoneBefore } = await (await page.request.get("/v1/workspace")).json();
  const setZone = async (timeZone: string) => {
    const patched = await page.request.patch("/v1/workspace", {
      data: { timeZone },
      headers: { origin },
    });
    expect(patched.status()).toBe(200);
  };
  const windowNamed = async (title: string) =>
    (await (await page.request.get("/v1/maintenances")).json()).maintenances.find(
      (w: { title: string }) => w.title === title,
    );
  await setZone("America/New_York");
  try {
    await page.getByRole("link", { name: "Maintenance", exact: true }).click();
    await page.getByRole("button", { name: "Schedule maintenance" }).click();
    await page.getByLabel("Title").fill("Database upgrade");
    await page.getByLabel("Starts (America/New_York)").fill("2030-03-01T02:00");
    await page.getByLabel("Ends (America/New_York)").fill("2030-03-01T03:00");
    await page.getByLabel("Message").fill("Expect a few seconds of downtime.");
    await page.getByRole("checkbox", { name: "Checkout" }).check();
    await page.getByRole("button", { name: "Schedule", exact: true }).click();

    const upcoming = page.getByRole("region", { name: "Upcoming" });
    const item = upcoming.getByTestId("maintenance").filter({ hasText: "Database upgrade" });
    await expect(item).toContainText("Components: Checkout");
    // 02:00 in New York on 1 March is 07:00 UTC (standard time, UTC-5).
    expect((await windowNamed("Database upgrade")).startsAt).toBe("2030-03-01T07:00:00.000Z");

    // Editing shows the stored times in the same zone.
    await item.getByRole("button", { name: "Edit" }).click();
    await expect(upcoming.getByLabel(/^Starts/)).toHaveValue("2030-03-01T02:00");
    await expect(upcoming.getByLabel(/^Ends/)).toHaveValue("2030-03-01T03:00");
    await upcoming.getByLabel("Title").fill("Database upgrade to v17");
    await upcoming.getByLabel(/^Ends/).fill("2030-03-01T04:00");
    await upcoming.getByRole("button", { name: "Save changes" }).click();
    const edited = upcoming
      .getByTestId("maintenance")
      .filter({ hasText: "Database upgrade to v17" });
    await expect(edited).toBeVisible();
    expect((await windowNamed("Database upgrade to v17")).endsAt).toBe("2030-03-01T09:00:00.000Z");

    await edited.getByRole("button", { name: "Cancel maintenance" }).click();
    await edited.getByRole("button", { name: "Yes, cancel it" }).click();
    const past = page.getByRole("region", { name: "Past" });
    await expect(
      past.getByTestId("maintenance").filter({ hasText: "Database upgrade to v17" }),
    ).toContainText("Cancelled");
    await expect(upcoming.getByText("Nothing upcoming.")).toBeVisible();
  } finally {
    await setZone(zoneBefore);
  }
});

test("an editor renames an incident, corrects an update, resolves it with the button, and deletes a draft", async ({
  page,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  const origin = new URL(page.url()).origin;
  const declared = await page.request.post("/v1/incidents", {
    data: {
      title: "Slow serch",
      impact: "minor",
      body: "Looking into slow serch.",
      visibility: "published",
    },
    headers: { origin },
  });
  expect(declared.status()).toBe(201);
  const { id } = await declared.json();
  await page.goto(`/dashboard/incidents/${id}`);

  await page.getByRole("button", { name: "Rename" }).click();
  await page.getByLabel("Title").fill("Slow search");
  await page.getByRole("button", { name: "Save title" }).click();
  await expect(page.getByRole("heading", { name: "Slow search", level: 1 })).toBeFocused();

  const timeline = page.getByRole("list", { name: "Updates" });
  await timeline.getByRole("button", { name: /^Edit the update of/ }).click();
  await timeline.getByLabel("Message").fill("Something else");
  await page.keyboard.press("Escape");
  await expect(timeline.getByText("Looking into slow serch.")).toBeVisible();
  await timeline.getByRole("button", { name: /^Edit the update of/ }).click();
  await timeline.getByLabel("Message").fill("Looking into slow search.");
  await timeline.getByRole("button", { name: "Save correction" }).click();
  await expect(timeline.getByText("Looking into slow search.")).toBeVisible();
  await expect(timeline).toContainText("edited");
  await expect(timeline).toContainText("Olive Owner");

  await page.getByRole("button", { name: "Resolve…" }).click();
  await page.getByRole("button", { name: "Resolve incident" }).click();
  await expect(page.getByText("This incident is resolved and closed.")).toBeVisible();
  await expect(timeline.locator("li").first()).toContainText("Resolved");

  const draft = await page.request.post("/v1/incidents", {
    data: { title: "Never mind", impact: "none", body: "Maybe." },
    headers: { origin },
  });
  const draftId = (await draft.json()).id;
  await page.goto(`/dashboard/incidents/${draftId}`);
  await page.getByRole("button", { name: "Delete draft" }).click();
  await page.getByRole("button", { name: "Delete Never mind" }).click();
  await expect(page).toHaveURL(/\/dashboard\/incidents$/);
  expect((await page.request.get(`/v1/incidents/${draftId}`)).status()).toBe(404);
});

test("maintenance in progress takes a progress update and is completed early", async ({ page }) => {
  await signIn(page, OWNER.email, OWNER.password);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/v1/maintenances", {
    data: {
      title: "Cache flush",
      body: "Flushing caches.",
      startsAt: new Date(Date.now() + 1000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      componentIds: [],
    },
    headers: { origin },
  });
  expect(created.status()).toBe(201);
  await page.getByRole("link", { name: "Maintenance", exact: true }).click();
  const item = page
    .getByRole("region", { name: "In progress" })
    .getByTestId("maintenance")
    .filter({ hasText: "Cache flush" });
  await expect(item).toBeVisible({ timeout: 15_000 });
  await item.getByRole("button", { name: "Edit Cache flush" }).click();
  await expect(item.getByLabel(/^Starts/)).toBeDisabled();
  await page.keyboard.press("Escape");
  await item.getByRole("button", { name: "Post update" }).click();
  await item.getByRole("textbox", { name: "Update" }).fill("Half of the caches are **flushed**.");
  await item.getByRole("button", { name: "Post update" }).click();
  await expect(item.getByRole("list", { name: "Updates on Cache flush" })).toContainText(
    "Half of the caches are flushed.",
  );
  await item.getByRole("button", { name: "Complete now" }).click();
  await item.getByRole("button", { name: "Yes, it is done" }).click();
  await expect(
    page
      .getByRole("region", { name: "Past" })
      .getByTestId("maintenance")
      .filter({ hasText: "Cache flush" }),
  ).toContainText("Completed");
});

test("a refused declaration keeps what was typed, says what to fix, and clears once it changes", async ({
  page,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  await page.getByRole("link", { name: "Incidents", exact: true }).click();
  await page.getByRole("button", { name: "Declare incident" }).click();
  const title = page.getByLabel("Title");
  await title.fill("x".repeat(230));
  await expect(page.getByText("230 of 200 characters: too long")).toBeVisible();
  await page.getByLabel("Message").fill("Kept as typed.");
  await page.getByRole("button", { name: "Declare incident" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "One thing needs fixing" })).toBeVisible();
  await expect(page.getByText("At most 200 characters.")).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("Kept as typed.");
  await title.fill("Short enough");
  await expect(page.getByText("At most 200 characters.")).toHaveCount(0);
  await page.getByRole("button", { name: "Cancel" }).click();
});
