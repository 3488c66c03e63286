import { expect, newVisitor, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

test("an editor writes a postmortem as a draft, then publishes it to the incident's public page", async ({
  page,
  browser,
}) => {
  const title = `Login outage ${Date.now().toString(36)}`;
  await signIn(page, OWNER.email, OWNER.password);
  const origin = new URL(page.url()).origin;
  const declared = await page.request.post("/v1/incidents", {
    data: { title, impact: "major", body: "Nobody can sign in.", visibility: "published" },
    headers: { origin },
  });
  expect(declared.status()).toBe(201);
  const { id } = (await declared.json()) as { id: string };
  await page.goto(`/dashboard/incidents/${id}`);
  await page.getByRole("button", { name: "Resolve…" }).click();
  await page.getByRole("button", { name: "Resolve incident" }).click();
  await expect(page.getByText("This incident is resolved and closed.")).toBeVisible();

  const card = page.getByRole("region", { name: "Postmortem" });
  await card.getByLabel("What happened, and what changes").fill("An expired **certificate**.");
  await card.getByRole("button", { name: "Save draft" }).click();
  await expect(card.getByText("Draft: only members see it until it is published.")).toBeVisible();
  const visitor = await newVisitor(browser);
  await visitor.goto(`/incidents/${id}`);
  await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
  await expect(visitor.getByText("An expired")).toHaveCount(0);

  await card.getByRole("button", { name: "Publish postmortem" }).click();
  await expect(card.getByText(/^Published/)).toBeVisible();
  await expect(async () => {
    await visitor.goto(`/incidents/${id}`);
    await expect(visitor.getByRole("heading", { name: "Postmortem" })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 10_000 });
  await expect(visitor.locator("section.postmortem strong")).toHaveText("certificate");
  await visitor.close();
});
