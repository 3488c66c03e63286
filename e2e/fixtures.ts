import { readFileSync } from "node:fs";
import { test as base, expect, type Browser, type Locator, type Page } from "@playwright/test";
import { serverLogFile } from "./deployment.mjs";

let visitors = 0;

/** A visitor address of its own (documentation range), as the front proxy would report it. */
function nextAddress(): string {
  visitors += 1;
  return `192.0.2.${visitors % 250}`;
}

/**
 * Each test's page comes from its own visitor address, as real users do, so the per-address
 * sign-in limit applies per journey rather than to the whole suite.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({}, use) => {
    await use({ "x-forwarded-for": nextAddress() });
  },
});

/** Another person, in a browser of their own. */
export async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": nextAddress() },
  });
  return context.newPage();
}

/** What the suite's server has written to its log so far, as its operator would read it. */
export function serverLog(): string {
  return readFileSync(serverLogFile(process.env.E2E_DEPLOYMENT), "utf8");
}

/** Creates a component through the API as the signed-in member of `page`; answers its id. */
export async function createComponent(page: Page, name: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/v1/components", {
    data: { name },
    headers: { origin },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/**
 * Opens the mailbox (the owner signed in on `page`), shows the confirmation mailed to `address`,
 * and confirms it as its reader would on `visitor`: opening the link, then pressing the button.
 * Answers the mail, for what else a journey reads in it.
 */
export async function confirmFromMailbox(
  page: Page,
  visitor: Page,
  address: string,
): Promise<Locator> {
  await page.getByRole("link", { name: "Mailbox", exact: true }).click();
  const confirmation = page
    .getByTestId("mail")
    .filter({ hasText: `To ${address}` })
    .filter({ hasText: "Confirm your subscription" });
  await expect(confirmation).toBeVisible({ timeout: 15_000 });
  await confirmation.getByRole("button", { name: "Show message" }).click();
  const confirmLink = await confirmation
    .getByRole("link", { name: /\/public\/subscriptions\/confirm/ })
    .getAttribute("href");
  // Opening the link shows a button; only pressing it confirms.
  await visitor.goto(confirmLink!);
  await visitor.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(visitor.getByRole("heading", { name: "You are subscribed" })).toBeVisible();
  return confirmation;
}

export { expect } from "@playwright/test";
