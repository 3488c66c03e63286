import type { Page } from "@playwright/test";
import { expect, newVisitor, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

test.describe.configure({ mode: "serial" });

function section(page: Page, name: string) {
  return page.getByRole("region", { name });
}

function rowNames(page: Page, sectionName: string) {
  return section(page, sectionName)
    .getByTestId("component-row")
    .locator("strong")
    .allTextContents();
}

test("components: create two and a group, move one into the group, reorder, change a status, delete", async ({
  page,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  await page.getByRole("link", { name: "Components", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Components", level: 1 })).toBeVisible();

  for (const [name, description] of [
    ["API", "Public REST API"],
    ["Website", "Marketing site"],
  ]) {
    await page.getByRole("button", { name: "New component" }).click();
    await page.getByLabel("Name", { exact: true }).fill(name!);
    await page.getByLabel("Description").fill(description!);
    await page.getByRole("button", { name: "Create" }).click();
    await expect(
      section(page, "Ungrouped components").getByText(name!, { exact: true }),
    ).toBeVisible();
  }
  await expect.poll(() => rowNames(page, "Ungrouped components")).toEqual(["API", "Website"]);

  await page.getByRole("button", { name: "New group" }).click();
  await page.getByLabel("Group name").fill("Core");
  await page.getByRole("button", { name: "Create group" }).click();
  await expect(section(page, "Group Core").getByRole("button", { name: "Rename" })).toBeVisible();

  // Move Website into the group through its edit form.
  const ungrouped = section(page, "Ungrouped components");
  await ungrouped
    .getByTestId("component-row")
    .filter({ hasText: "Website" })
    .getByRole("button", { name: "Edit" })
    .click();
  await ungrouped.getByLabel("Group").selectOption({ label: "Core" });
  await ungrouped.getByRole("button", { name: "Save" }).click();
  await expect.poll(() => rowNames(page, "Group Core")).toEqual(["Website"]);
  await expect.poll(() => rowNames(page, "Ungrouped components")).toEqual(["API"]);

  // A second ungrouped component, then reorder with the keyboard-usable buttons.
  await page.getByRole("button", { name: "New component" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Docs");
  await page.getByRole("button", { name: "Create" }).click();
  await expect.poll(() => rowNames(page, "Ungrouped components")).toEqual(["API", "Docs"]);
  // Focus goes to the new row once it is shown; only then is it the keyboard user's to move.
  await expect(
    section(page, "Ungrouped components").locator("[data-item-focus]", { hasText: "Docs" }),
  ).toBeFocused();
  await expect(page.getByRole("button", { name: "Move Docs up" })).toBeEnabled();
  await page.getByRole("button", { name: "Move Docs up" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => rowNames(page, "Ungrouped components")).toEqual(["Docs", "API"]);
  // At the top, "up" is disabled: focus stays on the row, on its other move button.
  await expect(page.getByRole("button", { name: "Move Docs down" })).toBeFocused();
  await expect(page.getByTestId("announcer")).toHaveText("Docs moved to 1 of 2.");
  await page.reload();
  await expect.poll(() => rowNames(page, "Ungrouped components")).toEqual(["Docs", "API"]);

  // Change a status: chosen, then set; it sticks across a reload.
  await page.getByLabel("Status of API", { exact: true }).selectOption("partial_outage");
  await page.getByRole("button", { name: "Set status" }).click();
  await expect(page.getByTestId("announcer")).toHaveText("API shows as Partial outage.");
  await expect(
    section(page, "Ungrouped components").getByTestId("component-row").filter({ hasText: "API" }),
  ).toContainText("Partial outage");
  await page.reload();
  await expect(page.getByLabel("Status of API", { exact: true })).toHaveValue("partial_outage");

  // Delete with a confirmation.
  const docs = section(page, "Ungrouped components")
    .getByTestId("component-row")
    .filter({ hasText: "Docs" });
  await docs.getByRole("button", { name: "Delete" }).click();
  await docs.getByRole("button", { name: "Delete Docs" }).click();
  await expect.poll(() => rowNames(page, "Ungrouped components")).toEqual(["API"]);
  await expect(page.getByTestId("announcer")).toHaveText("Docs deleted.");
  // Focus moved to the row that followed.
  await expect(page.getByText("API", { exact: true })).toBeFocused();
  await page.reload();
  await expect.poll(() => rowNames(page, "Ungrouped components")).toEqual(["API"]);
});

test("a status the API refuses is said in a visible message and the list reloads", async ({
  page,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  await page.goto("/dashboard/components");
  await expect(page.getByLabel("Status of API", { exact: true })).toBeVisible();
  // Someone else deletes the component while this page still shows it.
  const { components } = await (await page.request.get("/v1/components")).json();
  const api = components.find((c: { name: string }) => c.name === "API");
  const deleted = await page.request.delete(`/v1/components/${api.id}`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(deleted.status()).toBe(204);
  await page.getByLabel("Status of API", { exact: true }).selectOption("major_outage");
  await page.getByRole("button", { name: "Set status" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was changed." })).toBeVisible();
  await expect(page.getByLabel("Status of API", { exact: true })).toHaveCount(0);
});

test("a viewer sees the components read-only", async ({ page, browser }) => {
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
  const origin = new URL(page.url()).origin;
  const invited = await page.request.post("/v1/invitations", {
    data: { email: "vera.viewer@example.com", role: "viewer" },
    headers: { origin },
  });
  const viewerPage = await newVisitor(browser);
  await viewerPage.goto((await invited.json()).acceptUrl);
  await viewerPage.getByLabel("Your name").fill("Vera Viewer");
  await viewerPage.getByLabel("Password").fill("viewer password 1");
  await viewerPage.getByRole("button", { name: "Accept invitation" }).click();
  await viewerPage.getByRole("link", { name: "Components", exact: true }).click();
  await expect(viewerPage.getByText("Website", { exact: true })).toBeVisible();
  await expect(viewerPage.getByText("Operational")).toBeVisible();
  await expect(viewerPage.getByRole("button", { name: "New component" })).toHaveCount(0);
  await expect(viewerPage.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(viewerPage.getByRole("combobox")).toHaveCount(0);
});
