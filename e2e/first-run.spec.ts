import { expect, test } from "./fixtures";
import { OWNER as owner, signIn } from "./owner";

// The journeys build on each other: the first sets the deployment up.
test.describe.configure({ mode: "serial" });

test("first run: setup through the form, sign out, sign in through the form", async ({ page }) => {
  // Before setup, every dashboard page leads to /setup.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("heading", { name: "Set up your status page" })).toBeVisible();

  // The API's field errors show next to the fields.
  await page.getByLabel("Workspace name").fill(owner.workspace);
  await page.getByLabel("Your name").fill(owner.name);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByText("Must be an email address.")).toBeVisible();
  await expect(page.getByText("At least 8 characters.", { exact: true })).toBeVisible();

  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Create workspace" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toHaveText(`${owner.email} · owner`);
  await expect(page.getByRole("link", { name: owner.workspace })).toBeVisible();

  // Setup is done: /setup now leads to sign-in, which leads a signed-in owner to the dashboard.
  await page.goto("/setup");
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /invalid/i })).toBeVisible();

  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("signed-in-as")).toHaveText(`${owner.email} · owner`);
});

test("a fresh workspace's overview lists the first steps, and ticks one once it is done", async ({
  page,
}) => {
  await signIn(page, owner.email, owner.password);
  const card = page.getByRole("region", { name: "Get started" });
  const step = (action: string) =>
    card.getByRole("listitem").filter({ has: page.getByRole("link", { name: action }) });
  // Every step, in order, and none done yet.
  await expect(card.getByRole("listitem").getByRole("link")).toHaveText([
    "Add components",
    "Add a monitor",
    "Add a notification channel",
    "Open the subscribe page",
    "Invite a teammate",
  ]);
  await expect(card.getByRole("img", { name: "to do", exact: true })).toHaveCount(5);
  await expect(card).toContainText("0 of 5 done");

  // The step's link leads to where it is done; back on the overview, it is ticked.
  await step("Add components").getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Components", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "New component" }).click();
  await page.getByLabel("Name", { exact: true }).fill("First step");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(
    page.getByRole("region", { name: "Ungrouped components" }).getByText("First step"),
  ).toBeVisible();
  await page.getByRole("link", { name: "Overview", exact: true }).click();
  await expect(
    step("Add components").getByRole("img", { name: "done", exact: true }),
  ).toBeVisible();
  await expect(
    step("Add a monitor").getByRole("img", { name: "to do", exact: true }),
  ).toBeVisible();
  await expect(card).toContainText("1 of 5 done");

  // The journeys that follow start from a workspace without components.
  const { components } = await (await page.request.get("/v1/components")).json();
  const made = components.find((c: { name: string }) => c.name === "First step");
  const removed = await page.request.delete(`/v1/components/${made.id}`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(removed.status()).toBe(204);
});

test("the API reference renders the OpenAPI document", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Allclear API" })).toBeVisible();
  await expect(page.getByText("/v1/setup").first()).toBeVisible();
  const response = await page.request.get("/openapi.json");
  expect((await response.json()).openapi).toBe("3.1.0");
});

test("dashboard works at phone width", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // The menu folds behind one button, so the page starts near the top of the screen.
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(page.getByRole("link", { name: "Components", exact: true })).toBeHidden();
  expect((await page.getByRole("heading", { name: "Overview" }).boundingBox())!.y).toBeLessThan(
    150,
  );
  await menu.click();
  await page.getByRole("link", { name: "Components", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Components", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Overview", exact: true })).toBeHidden();
  // A short page leaves the menu row its own height rather than sharing the spare screen with it.
  expect(
    (await page.getByRole("heading", { name: "Components", level: 1 }).boundingBox())!.y,
  ).toBeLessThan(150);
  expect((await request.get("/health")).status()).toBe(200);
});
