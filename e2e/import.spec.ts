import { findings } from "./axe";
import { expect, test } from "./fixtures";
import { OWNER, signIn } from "./owner";
import {
  serveStatuspageApi,
  STATUSPAGE_KEY,
  STATUSPAGE_PAGE_ID,
} from "../lib/testing/import-sources";
import { Receiver } from "../lib/testing/receiver";

test("an admin previews a Statuspage import, confirms it, and the page is served", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Statuspage's manage API on loopback, answering its documented shapes.
  const receiver = await new Receiver().start();
  try {
    const { url } = serveStatuspageApi(receiver);
    await signIn(page, OWNER.email, OWNER.password);
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByRole("link", { name: "Import from another service" }).click();
    await expect(page.getByRole("heading", { name: "Import", level: 1 })).toBeVisible();
    expect(await findings(page)).toEqual([]);

    await page.getByLabel("Import from").selectOption("statuspage");
    await page.getByLabel("API key").fill(STATUSPAGE_KEY);
    await page.getByLabel("Page id").fill(STATUSPAGE_PAGE_ID);
    await page.getByLabel("API address").fill(url);
    await page.getByRole("button", { name: "Preview" }).click();

    const preview = page.getByRole("region", { name: "Preview: nothing has changed yet" });
    await expect(preview).toBeVisible();
    await expect(preview).toContainText("Into the page Acme Cloud.");
    await expect(preview.getByRole("row", { name: /Components/ })).toContainText("3");
    await expect(preview.getByRole("row", { name: /Incidents/ })).toContainText("2");
    await expect(preview).toContainText("1 not confirmed there will each get one opt-in mail");
    expect(await findings(page)).toEqual([]);
    // Nothing has changed: the page does not exist yet.
    expect((await page.request.get("/p/acmecloud")).status()).toBe(404);

    await preview.getByRole("button", { name: "Import" }).click();
    const done = page.getByRole("region", { name: "Imported" });
    await expect(done).toContainText("Into the page Acme Cloud");
    await expect(page.getByTestId("announcer")).toContainText("Imported.");

    await page.goto("/p/acmecloud");
    await expect(page.getByRole("heading", { name: "Slow database queries" })).toBeVisible();
    await expect(page.getByText("Database", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Website", { exact: true }).first()).toBeVisible();

    // What the import opened is closed again: later journeys expect no open incident of its.
    const origin = { origin: new URL(page.url()).origin };
    const open = await (await page.request.get("/v1/incidents")).json();
    const imported = (open.incidents as { id: string; title: string }[]).filter(
      (incident) => incident.title === "Slow database queries",
    );
    expect(imported).toHaveLength(1);
    for (const incident of imported) {
      const resolved = await page.request.post(`/v1/incidents/${incident.id}/updates`, {
        headers: origin,
        data: { status: "resolved", body: "Resolved after the import." },
      });
      expect(resolved.status()).toBe(201);
    }
    const windows = await (await page.request.get("/v1/maintenances")).json();
    for (const window of windows.maintenances as { id: string; title: string; status: string }[]) {
      if (window.title !== "Database upgrade" || window.status !== "scheduled") continue;
      const cancelled = await page.request.post(`/v1/maintenances/${window.id}/cancel`, {
        headers: origin,
      });
      expect(cancelled.status()).toBe(200);
    }
  } finally {
    await receiver.stop();
  }
});
