import { confirmFromMailbox, expect, newVisitor, serverLog, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

test("a visitor subscribes on the status page, confirms from the mailbox, hears of an incident and leaves with one click", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const address = `reader-${Date.now()}@example.com`;
  const visitor = await newVisitor(browser);
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto("/");
  await visitor.getByText("Subscribe to updates").click();
  await visitor.getByLabel("Email address").fill(address);
  await visitor.getByRole("button", { name: "Subscribe by email" }).click();
  await expect(visitor.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  await signIn(page, OWNER.email, OWNER.password);
  await confirmFromMailbox(page, visitor, address);

  await page.getByRole("link", { name: "Notifications", exact: true }).click();
  const row = page.getByTestId("subscriber").filter({ hasText: address });
  await expect(row).toContainText("Active");

  const title = `Checkout errors ${Date.now()}`;
  const declared = await page.request.post("/v1/incidents", {
    data: { title, impact: "minor", body: "We are **looking** into it.", visibility: "published" },
  });
  expect(declared.status()).toBe(201);
  const incidentId = (await declared.json()).id as string;
  await page.getByRole("link", { name: "Mailbox", exact: true }).click();
  const notice = page
    .getByTestId("mail")
    .filter({ hasText: `To ${address}` })
    .filter({ hasText: `Investigating: ${title}` });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await notice.getByRole("button", { name: "Show message" }).click();
  await expect(notice).toContainText("We are **looking** into it.");
  await notice.getByText("Headers").click();
  await expect(notice).toContainText("List-Unsubscribe-Post");
  const unsubscribeLink = await notice
    .getByRole("link", { name: /\/public\/subscriptions\/unsubscribe/ })
    .getAttribute("href");

  await visitor.goto(unsubscribeLink!);
  await expect(visitor.getByText(address)).toBeVisible();
  await visitor.screenshot({
    path: test.info().outputPath("unsubscribe-phone.png"),
    fullPage: true,
  });
  await visitor.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(visitor.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();

  await page.getByRole("link", { name: "Notifications", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Email subscribers" })).toBeVisible();
  await expect(page.getByTestId("subscriber").filter({ hasText: address })).toHaveCount(0);

  // Other journeys expect no open incident.
  const resolved = await page.request.post(`/v1/incidents/${incidentId}/updates`, {
    data: { status: "resolved", body: "Fixed." },
  });
  expect(resolved.status()).toBe(201);
});

test("an admin adds a subscriber by hand; without a mail server an invitation link is only shown and logged", async ({
  page,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  await page.getByRole("link", { name: "Notifications", exact: true }).click();
  await page.getByRole("button", { name: "Add subscriber" }).click();
  const address = `by-hand-${Date.now()}@example.com`;
  await page.getByLabel("Email address").fill(address);
  await page.getByRole("button", { name: "Add subscriber" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `A confirmation link was mailed to ${address}` }),
  ).toBeFocused();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("subscriber").filter({ hasText: address })).toContainText(
    "Waiting for confirmation",
  );

  await page.getByRole("link", { name: "Members", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Members", exact: true })).toBeVisible();
  const invitee = `invitee-${Date.now()}@example.com`;
  await page.getByLabel("Email", { exact: true }).fill(invitee);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "No mail server is set up, so it was not mailed" }),
  ).toBeVisible();
  const shown = await page.getByLabel("Invitation link").inputValue();
  await expect
    .poll(() => serverLog().includes(`invitation for ${invitee}: ${shown}`), { timeout: 15_000 })
    .toBe(true);
  await page.getByRole("link", { name: "Mailbox", exact: true }).click();
  await expect(page.getByTestId("mail").filter({ hasText: `To ${address}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId("mail").filter({ hasText: `To ${invitee}` })).toHaveCount(0);
});
