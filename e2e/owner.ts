import { expect, type Page } from "@playwright/test";

/** The owner that the first-run journey creates; later journeys sign in as them. */
export const OWNER = {
  workspace: "Acme Status",
  name: "Olive Owner",
  email: "olive@example.com",
  password: "correct horse battery",
};

/** Signs in through the form; waits for the dashboard unless a two-factor step is expected. */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  { twoFactor = false } = {},
): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  if (twoFactor) await expect(page.getByLabel("Authentication code")).toBeVisible();
  else await expect(page.getByTestId("signed-in-as")).toBeVisible();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}
