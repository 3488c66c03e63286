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
// The status page itself is scanned in every language, scheme and width, with a day's popover
// open, by public-page-brand.spec.ts.
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
        await page.waitForLoadState("networkidle");
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
