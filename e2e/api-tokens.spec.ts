import type { Page } from "@playwright/test";
import { findings } from "./axe";
import { expect, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

async function expectNoFindings(page: Page, state: string) {
  expect((await findings(page)).map((line) => `${state}: ${line}`)).toEqual([]);
}

test("the owner makes a token, a script declares an incident with it, the audit log names the token, and once revoked it is refused", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const tokenName = `Deploy script ${stamp}`;
  const title = `Card payments slow ${stamp}`;
  await signIn(page, OWNER.email, OWNER.password);
  const origin = new URL(page.url()).origin;

  // The secret is shown once, with requests ready to paste that use it.
  await page.getByRole("link", { name: "API tokens", exact: true }).click();
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();
  await page.getByLabel("Token name").fill(tokenName);
  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  await page.getByLabel("Expires", { exact: true }).selectOption("30");
  await page.getByRole("button", { name: "Create token" }).click();
  const secret = await page.getByLabel("Token secret").inputValue();
  expect(secret).toMatch(/^ac_/);
  await expect(page.getByText("you will not see it again")).toBeVisible();
  await expect(page.locator("pre").filter({ hasText: `${origin}/v1/incidents` })).toContainText(
    `Authorization: Bearer ${secret}`,
  );
  const row = page
    .getByRole("table", { name: "API tokens" })
    .getByRole("row", { name: new RegExp(tokenName) });
  await expect(row).toContainText(`ac_${secret.slice(3, 11)}…`);
  await expect(row).toContainText("editor");
  await expect(row).toContainText("Active");
  await expect(row.getByRole("cell").nth(5)).toHaveText("Never");
  await expectNoFindings(page, "secret shown");

  // A script with nothing but the secret declares an incident.
  const declared = await fetch(`${origin}/v1/incidents`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify({
      title,
      impact: "minor",
      body: "Card payments take longer than usual.",
      status: "investigating",
      visibility: "published",
    }),
  });
  expect(declared.status).toBe(201);
  const incident = (await declared.json()) as { id: string };

  await page.getByRole("link", { name: "Incidents", exact: true }).click();
  await expect(
    page.getByRole("list", { name: "Open incidents" }).getByRole("link", { name: title }),
  ).toBeVisible();

  // The same script resolves it; the dashboard no longer lists it as open.
  const resolved = await fetch(`${origin}/v1/incidents/${incident.id}/updates`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify({ status: "resolved", body: "Card payments are fast again." }),
  });
  expect(resolved.status).toBe(201);
  await page.reload();
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);

  // Back on the tokens page the secret is gone for good, and the token shows it was used.
  await page.getByRole("link", { name: "API tokens", exact: true }).click();
  await expect(row.getByRole("cell").nth(5)).not.toHaveText("Never");
  await expect(page.getByLabel("Token secret")).toHaveCount(0);

  // The audit log names the token as the one who declared it, and links to the incident.
  await page.getByRole("link", { name: "Audit log", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  await page.getByLabel("Made by").selectOption("token");
  await page.getByLabel("Action", { exact: true }).fill("incident.create");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  const entry = page
    .getByRole("table", { name: "Audit log entries" })
    .getByRole("row")
    .filter({ hasText: title });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole("cell").nth(1)).toContainText(tokenName);
  await expect(entry.getByRole("cell").nth(1)).toContainText("API token");
  await expect(entry.getByRole("cell").nth(2)).toHaveText("incident.create");
  await expect(entry.getByRole("link", { name: title })).toHaveAttribute(
    "href",
    `/dashboard/incidents/${incident.id}`,
  );
  await expectNoFindings(page, "audit log filtered");

  // Revoked in the dashboard, after a confirmation; the next request with it is refused.
  await page.getByRole("link", { name: "API tokens", exact: true }).click();
  await row.getByRole("button", { name: `Revoke ${tokenName}` }).click();
  await row.getByRole("button", { name: `Revoke ${tokenName}` }).click();
  await expect(page.getByTestId("announcer")).toHaveText(
    `${tokenName} revoked; its secret no longer works.`,
  );
  await expect(row).toHaveCount(0);
  const refused = await fetch(`${origin}/v1/incidents`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(refused.status).toBe(401);

  // The log keeps the token's name, no longer linked: it is gone.
  await page.getByRole("link", { name: "Audit log", exact: true }).click();
  await page.getByLabel("Target type").selectOption("api_token");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  const ours = page
    .getByRole("table", { name: "Audit log entries" })
    .getByRole("row")
    .filter({ hasText: tokenName });
  await expect(ours).toHaveCount(2);
  await expect(ours.filter({ hasText: "api_token.delete" })).toHaveCount(1);
  await expect(ours.filter({ hasText: "api_token.create" })).toHaveCount(1);
  await expect(ours.getByRole("link")).toHaveCount(0);
});
