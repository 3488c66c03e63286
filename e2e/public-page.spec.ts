import { expect, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

test.describe.configure({ mode: "serial" });

const GROUP = "Payments";
const CHILD = "Card processing";
const TITLE = "Card payments are declined";

test("a visitor sees an incident appear within 2 s of an editor posting it, and follows it", async ({
  page,
  browser,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  const origin = new URL(page.url()).origin;
  const group = await page.request.post("/v1/component-groups", {
    data: { name: GROUP },
    headers: { origin },
  });
  expect(group.status()).toBe(201);
  const child = await page.request.post("/v1/components", {
    data: { name: CHILD, groupId: (await group.json()).id },
    headers: { origin },
  });
  expect(child.status()).toBe(201);

  // A visitor with no account, in New York, has the page open.
  const visitor = await (
    await browser.newContext({
      timezoneId: "America/New_York",
      extraHTTPHeaders: { "x-forwarded-for": "192.0.2.251" },
    })
  ).newPage();
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitor.getByText(TITLE)).toHaveCount(0);
  // The quiet group is closed; the visitor opens and closes it from the keyboard.
  const groupRow = visitor.locator("li.group", { hasText: GROUP });
  const summary = groupRow.locator("summary");
  await expect(groupRow.locator("details")).not.toHaveAttribute("open");
  await summary.focus();
  await visitor.keyboard.press("Enter");
  await expect(groupRow.locator("details")).toHaveAttribute("open");
  await expect(groupRow.getByText(CHILD)).toBeVisible();
  await visitor.keyboard.press("Enter");
  await expect(groupRow.locator("details")).not.toHaveAttribute("open");

  // The editor declares it in the dashboard.
  await page.goto("/dashboard/incidents");
  await page.getByRole("button", { name: "Declare incident" }).click();
  await page.getByLabel("Title").fill(TITLE);
  await page.getByLabel("Impact").selectOption("major");
  await page.getByLabel("Message").fill("Many card payments are **declined** in the EU.");
  await page.getByRole("checkbox", { name: CHILD }).check();
  await page.getByLabel(`Status of ${CHILD} in this incident`).selectOption("major_outage");
  await page.getByRole("button", { name: "Declare incident" }).click();
  await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
  const posted = Date.now();

  // The visitor reloads until it shows: within 2 s.
  await expect(async () => {
    await visitor.reload();
    await expect(visitor.getByRole("link", { name: TITLE }).first()).toBeVisible({ timeout: 200 });
  }).toPass({ timeout: 5_000, intervals: [100] });
  expect(Date.now() - posted).toBeLessThan(2_000);
  const active = visitor.getByRole("region", { name: "Active incidents" });
  await expect(active.getByText("Major impact")).toBeVisible();
  await expect(active.locator("strong", { hasText: "declined" })).toBeVisible();
  await expect(groupRow.locator("details")).toHaveAttribute("open");
  await expect(groupRow.locator(".status").first()).toHaveText("Major outage");
  // Times are written in UTC and shown in the visitor's own zone by the page's script.
  const time = active.locator("time").first();
  await expect(time).toHaveAttribute("datetime", /Z$/);
  await expect(time).toHaveText(/\b(EST|EDT)$/);

  // An update in the dashboard joins its timeline.
  await page.getByLabel("Status", { exact: true }).selectOption("identified");
  await page.getByLabel("Message").fill("An expired certificate at our acquirer.");
  await page.getByRole("button", { name: "Post update" }).click();
  await expect(
    page.getByRole("list", { name: "Updates" }).getByText("An expired certificate"),
  ).toBeVisible();
  await visitor.reload();
  const timeline = active.locator("ol.timeline").first();
  await expect(timeline.locator("li").first()).toContainText("Identified");
  await expect(timeline.locator("li").nth(1)).toContainText("Investigating");

  // Its own page, from the link.
  await active.getByRole("link", { name: TITLE }).click();
  await expect(visitor).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  await expect(visitor.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
  await expect(visitor.getByText("An expired certificate at our acquirer.")).toBeVisible();
  await visitor.getByRole("link", { name: "← Current status" }).click();
  await expect(visitor.getByRole("link", { name: "Incident history" }).first()).toBeVisible();
  await visitor.getByRole("link", { name: "Incident history" }).first().click();
  await expect(visitor.getByRole("heading", { name: "Incident history" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: TITLE })).toBeVisible();
  await visitor.context().close();
});

test("the page at desktop and phone width, light and dark", async ({ browser }) => {
  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({
        viewport,
        colorScheme,
        extraHTTPHeaders: { "x-forwarded-for": "192.0.2.250" },
      });
      const visitor = await context.newPage();
      const problems: string[] = [];
      visitor.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      await visitor.goto("/");
      await expect(visitor.getByRole("link", { name: TITLE }).first()).toBeVisible();
      // Nothing wider than the screen.
      expect(
        await visitor.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(viewport.width);
      const background = await visitor.evaluate(
        () => getComputedStyle(document.body).backgroundColor,
      );
      expect(background).toBe(colorScheme === "dark" ? "rgb(17, 20, 24)" : "rgb(246, 247, 249)");
      await visitor.screenshot({
        path: test.info().outputPath(`status-${name}-${colorScheme}.png`),
        fullPage: true,
      });
      expect(problems).toEqual([]);
      await context.close();
    }
  }
});

test("an admin names the status page and picks its time zone in Settings", async ({ page }) => {
  await signIn(page, OWNER.email, OWNER.password);
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  const section = page.getByRole("region", { name: "Status page" });
  await section.getByLabel("Workspace name").fill("Acme Public Status");
  await section.getByLabel("Time zone").selectOption("Europe/Berlin");
  await section.getByRole("button", { name: "Save status page" }).click();
  await expect(section.getByRole("status")).toHaveText("Saved. The public page shows it now.");
  await expect(section.getByRole("button", { name: "Save status page" })).toBeEnabled();
  await expect(page.locator(".sidebar .brand")).toHaveText("Acme Public Status");
  const status = await (await page.request.get("/api/v2/status.json")).json();
  expect(status.page).toMatchObject({ name: "Acme Public Status", time_zone: "Europe/Berlin" });
  await page.goto("/");
  await expect(page).toHaveTitle("Acme Public Status status");
  // Put the name back for the journeys that follow.
  await page.goto("/dashboard/settings");
  await section.getByLabel("Workspace name").fill(OWNER.workspace);
  await section.getByRole("button", { name: "Save status page" }).click();
  await expect(section.getByRole("status")).toBeVisible();
});
