import { createComponent, expect, newVisitor, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

// The browser resolves *.status.test to this machine (playwright.config.ts), so a page's own host
// is reached as a visitor would reach it.
const SHOWN = "Payments API";
const HIDDEN = "Warehouse robots";
const PASSWORD = "swordfish 12";

test("a second page at its own address and host, then behind a password", async ({
  page,
  browser,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  const origin = new URL(page.url()).origin;
  const host = `payments.status.test:${new URL(origin).port}`;
  const ids = [await createComponent(page, SHOWN), await createComponent(page, HIDDEN)];
  try {
    await page.getByRole("link", { name: "Status pages", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Status pages", level: 1 })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "the first page" })).toBeVisible();

    await page.getByRole("button", { name: "New page" }).click();
    await page.getByLabel("Name").fill("Acme Payments");
    await page.getByLabel("Slug").fill("payments");
    await page.getByLabel("Host (optional)").fill(host);
    await page.getByRole("checkbox", { name: SHOWN }).check();
    await page.getByRole("button", { name: "Create page" }).click();
    const card = page.getByRole("listitem").filter({ hasText: "Acme Payments" });
    await expect(card.getByRole("link", { name: `http://${host}` })).toBeVisible();

    const visitor = await newVisitor(browser);
    for (const address of [`${origin}/p/payments`, `http://${host}/`]) {
      await visitor.goto(address);
      await expect(visitor.locator("main")).toContainText(SHOWN);
      await expect(visitor.locator("main")).not.toContainText(HIDDEN);
      await expect(visitor).toHaveTitle(/Acme Payments/);
    }

    await card.getByRole("button", { name: "Edit Acme Payments" }).click();
    await card.getByLabel("Who may read it").selectOption("password");
    await card.getByLabel("Password").fill(PASSWORD);
    await card.getByRole("button", { name: "Save page" }).click();
    await expect(card.getByLabel(/Feed token of Acme Payments/)).toHaveValue(/^[\w-]{32}$/);

    const stranger = await newVisitor(browser);
    await stranger.goto(`http://${host}/`);
    await expect(
      stranger.getByRole("heading", { name: "This status page is private" }),
    ).toBeVisible();
    await expect(stranger.locator("body")).not.toContainText(SHOWN);
    await stranger.getByLabel("Password").fill("not it at all");
    await stranger.getByRole("button", { name: "Open the page" }).click();
    await expect(stranger.getByRole("alert")).toHaveText("That password is not right.");
    await stranger.getByLabel("Password").fill(PASSWORD);
    await stranger.getByRole("button", { name: "Open the page" }).click();
    await expect(stranger).toHaveURL(`http://${host}/`);
    await expect(stranger.locator("main")).toContainText(SHOWN);

    await card.getByRole("button", { name: "Delete Acme Payments" }).click();
    await page.getByRole("button", { name: "Delete page" }).click();
    await expect(card).toHaveCount(0);
    await stranger.reload();
    await expect(stranger.locator("main")).toContainText(HIDDEN);
  } finally {
    for (const id of ids)
      await page.request.delete(`/v1/components/${id}`, { headers: { origin } });
  }
});
