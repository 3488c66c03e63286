import { startOidcProvider } from "../lib/testing/oidc";
import { createComponent, expect, newVisitor, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

// An audience page on a host of its own (the browser resolves *.status.test to this machine),
// whose readers sign in through an OpenID provider running in this test process.
const THEIRS = "Acme Billing";
const OTHERS = "Globex Search";
const CLIENT = { clientId: "customer-page", clientSecret: "the customer page's secret" };

test("an audience page whose readers sign in with a provider and see only their components", async ({
  page,
  browser,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  const origin = new URL(page.url()).origin;
  const host = `customers.status.test:${new URL(origin).port}`;
  const provider = await startOidcProvider([
    { ...CLIENT, redirectUris: [`http://${host}/access/callback`] },
  ]);
  const ids = [await createComponent(page, THEIRS), await createComponent(page, OTHERS)];
  try {
    await page.getByRole("link", { name: "Status pages", exact: true }).click();
    await page.getByRole("button", { name: "New page" }).click();
    const form = page.locator("section").filter({ hasText: "New page" });
    await form.getByLabel("Name").fill("Customer status");
    await form.getByLabel("Slug").fill("customers");
    await form.getByLabel("Host (optional)").fill(host);
    await form.getByLabel("Who may read it").selectOption("audience");
    await form.getByLabel("Issuer URL").fill(provider.issuer);
    await form.getByLabel("Client ID").fill(CLIENT.clientId);
    await form.getByLabel("Client secret").fill(CLIENT.clientSecret);
    await form.getByRole("checkbox", { name: THEIRS }).check();
    await form.getByRole("checkbox", { name: OTHERS }).check();
    await form.getByRole("button", { name: "Create page" }).click();

    const card = page.getByRole("listitem").filter({ hasText: "Customer status" });
    await expect(card.getByRole("link", { name: `http://${host}` })).toBeVisible();
    await card.getByRole("button", { name: "New audience" }).click();
    await card.getByLabel("Audience name").fill("Acme");
    await card.getByRole("checkbox", { name: THEIRS }).check();
    await card.getByLabel("Email domains").fill("acme.example");
    await card.getByRole("button", { name: "Add audience" }).click();
    await expect(card.getByText("1 component · 0 members · acme.example")).toBeVisible();

    const reader = await newVisitor(browser);
    await reader.goto(`http://${host}/`);
    await expect(
      reader.getByRole("heading", { name: "This status page is private" }),
    ).toBeVisible();
    await expect(reader.locator("body")).not.toContainText(THEIRS);
    await expect(reader.locator("body")).not.toContainText(OTHERS);
    await reader.getByRole("link", { name: "Sign in with single sign-on" }).click();
    await expect(reader.getByRole("heading", { name: "Test provider" })).toBeVisible();
    await reader.getByLabel("Email").fill("dev@acme.example");
    await reader.getByRole("button", { name: "Sign in" }).click();

    await expect(reader).toHaveURL(`http://${host}/`);
    await expect(reader.locator("main")).toContainText(THEIRS);
    await expect(reader.locator("main")).not.toContainText(OTHERS);
    await expect(reader).toHaveTitle(/Customer status/);

    // A reader subscribes with the address they signed in with, to their components only.
    await reader.getByText("Subscribe to updates").click();
    await reader.getByRole("link", { name: "Choose components…" }).click();
    await expect(reader).toHaveURL(`http://${host}/public/subscriptions`);
    const address = reader.locator("main").getByLabel("Email address");
    await expect(address).toHaveValue("dev@acme.example");
    await expect(address).toHaveAttribute("readonly", "");
    await expect(reader.getByRole("checkbox", { name: THEIRS })).toBeVisible();
    await expect(reader.locator("main")).not.toContainText(OTHERS);
    await reader.locator("main").getByRole("checkbox", { name: THEIRS }).check();
    await reader.locator("main").getByRole("button", { name: "Subscribe by email" }).click();
    await expect(reader.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await page.getByRole("link", { name: "Notifications", exact: true }).click();
    const row = page.getByTestId("subscriber").filter({ hasText: "dev@acme.example" });
    await expect(row).toContainText("Customer status");
    await expect(row).toContainText(THEIRS);
    await page.getByRole("link", { name: "Status pages", exact: true }).click();
    await reader.goto(`http://${host}/`);

    // Signing out locks the page again.
    await reader.getByRole("button", { name: "Sign out" }).click();
    await expect(
      reader.getByRole("heading", { name: "This status page is private" }),
    ).toBeVisible();

    await card.getByRole("button", { name: "Delete Customer status" }).click();
    await page.getByRole("button", { name: "Delete page" }).click();
    await expect(card).toHaveCount(0);
  } finally {
    await provider.close();
    for (const id of ids)
      await page.request.delete(`/v1/components/${id}`, { headers: { origin } });
  }
});
