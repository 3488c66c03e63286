import { findings } from "./axe";
import { expect, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

const DASHBOARD = [
  "/dashboard",
  "/dashboard/components",
  "/dashboard/incidents",
  "/dashboard/maintenance",
  "/dashboard/monitors",
  "/dashboard/pages",
  "/dashboard/notifications",
  "/dashboard/members",
  "/dashboard/api-tokens",
  "/dashboard/audit-log",
  "/dashboard/reports",
  "/dashboard/incidents/templates",
  "/dashboard/settings",
  "/dashboard/mailbox",
];
// The status page itself is scanned with a day's popover open by public-page-brand.spec.ts: each
// language in both schemes and at both widths.
const PUBLIC = ["/history", "/public/subscriptions"];
const TITLES: Record<string, string> = {
  "/dashboard": "Overview",
  "/dashboard/components": "Components",
  "/dashboard/incidents": "Incidents",
  "/dashboard/maintenance": "Maintenance",
  "/dashboard/monitors": "Monitors",
  "/dashboard/pages": "Status pages",
  "/dashboard/notifications": "Notifications",
  "/dashboard/members": "Members",
  "/dashboard/api-tokens": "API tokens",
  "/dashboard/audit-log": "Audit log",
  "/dashboard/settings": "Settings",
  "/dashboard/mailbox": "Mailbox",
};

for (const scheme of ["light", "dark"] as const) {
  for (const width of [1280, 390]) {
    test(`no serious accessibility findings, ${scheme}, ${width} px wide`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: scheme });
      await signIn(page, OWNER.email, OWNER.password);
      await page.setViewportSize({ width, height: 900 });
      const found: string[] = [];
      for (const path of [...DASHBOARD, ...PUBLIC]) {
        await page.goto(path);
        // A dashboard page is scanned once its content has loaded; the public ones come whole.
        if (path.startsWith("/dashboard")) {
          await expect(page.locator("#main")).toHaveAttribute("aria-busy", "false");
        }
        found.push(...(await findings(page)).map((line) => `${path} ${line}`));
      }
      expect(found).toEqual([]);
    });
  }
}

test("every dashboard page has its own title, and the first tab stop skips to the content", async ({
  page,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  for (const [path, title] of Object.entries(TITLES)) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} · ${OWNER.workspace}`);
  }
  await page.goto("/dashboard/incidents");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main")).toBeFocused();
});

test("a dashboard page's content is marked busy until its data has come", async ({ page }) => {
  await signIn(page, OWNER.email, OWNER.password);
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  const list = (url: URL) => url.pathname === "/v1/components";
  await page.route(list, async (route) => {
    await held;
    await route.continue();
  });
  const asked = page.waitForRequest((request) => list(new URL(request.url())));
  await page.goto("/dashboard/components");
  await asked;
  // Past hydration, still waiting for the list.
  await page.waitForTimeout(500);
  await expect(page.locator("#main")).toHaveAttribute("aria-busy", "true");
  answer();
  await expect(page.locator("#main")).toHaveAttribute("aria-busy", "false");
  await expect(page.getByRole("heading", { name: "Components" })).toBeVisible();
});
