import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Serious and critical axe findings on the page as it is, as short lines. After a client-side
 * navigation Next.js writes the new page's title a moment after its content: the scan waits for
 * a title (a page without one still fails, here).
 */
export async function findings(page: Page): Promise<string[]> {
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // Only violations are read: axe then gathers one node of each other result, not every one.
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id}: ${n.target.join(" ")} ${n.failureSummary?.split("\n")[1] ?? ""}`,
      ),
    );
}
