import type { Locator, Page } from "@playwright/test";
import { findings } from "./axe";
import { expect, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

// Every step here is taken with the keyboard: focus moves by Tab or by what the page does, and
// controls are used with Enter, Space, arrows, typing and Escape.

/** Presses a control the way a keyboard user reaches it: focused, then Enter. */
async function press(control: Locator, key = "Enter") {
  await control.focus();
  await control.press(key);
}

async function expectNoFindings(page: Page, state: string) {
  expect((await findings(page)).map((line) => `${state}: ${line}`)).toEqual([]);
}

const announcer = (page: Page) => page.getByTestId("announcer");

test("components by keyboard: a refused form keeps its text, focus follows every change, and each is announced", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, OWNER.email, OWNER.password);
  await page.goto("/dashboard/components");
  const opener = page.getByRole("button", { name: "New component" });
  await press(opener);
  const name = page.getByLabel("Name", { exact: true });
  await expect(name).toBeFocused();
  await expectNoFindings(page, "new component form");

  // Escape closes the form and gives focus back to the button that opened it.
  await page.keyboard.press("Escape");
  await expect(name).toHaveCount(0);
  await expect(opener).toBeFocused();

  // A pasted name over the limit is kept in full, counted, and refused in words beside it.
  await page.keyboard.press("Enter");
  const long = `Keyboard ${"x".repeat(200)}`;
  await page.getByLabel("Name", { exact: true }).fill(long);
  await expect(page.getByText(`${long.length} of 200 characters: too long`)).toBeVisible();
  await page.getByLabel("Name", { exact: true }).press("Enter");
  const refusal = page.getByRole("alert").filter({ hasText: "needs fixing" });
  await expect(refusal).toContainText("One thing needs fixing");
  await expect(page.getByText("At most 200 characters.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(long);
  await expectNoFindings(page, "refused component form");

  // Fixed, it is created: announced, and focus lands on the new row.
  const unique = `Keyboard ${Date.now().toString(36)}`;
  await page.getByLabel("Name", { exact: true }).fill(unique);
  await expect(refusal).toHaveCount(0);
  await page.getByLabel("Name", { exact: true }).press("Enter");
  await expect(announcer(page)).toHaveText(`${unique} created.`);
  const row = page.getByTestId("component-row").filter({ hasText: unique });
  await expect(row.getByText(unique, { exact: true })).toBeFocused();

  // Arrow keys on the status list choose; nothing is published until the choice is confirmed.
  const status = page.getByLabel(`Status of ${unique}`, { exact: true });
  await status.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const stored = async () => {
    const { components } = await (await page.request.get("/v1/components")).json();
    return components.find((c: { name: string }) => c.name === unique).status;
  };
  expect(await stored()).toBe("operational");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Set status" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(announcer(page)).toHaveText(`${unique} shows as Partial outage.`);
  await expect(status).toBeFocused();
  expect(await stored()).toBe("partial_outage");

  // Editing: Escape returns focus to Edit; a save is announced and focus returns there too.
  const edit = page.getByRole("button", { name: `Edit ${unique}` });
  await press(edit);
  await page.keyboard.press("Escape");
  await expect(edit).toBeFocused();
  await page.keyboard.press("Enter");
  await page.getByLabel("Description").focus();
  await page.keyboard.type("Reached by keyboard");
  await page.keyboard.press("Enter");
  await expect(announcer(page)).toHaveText(`${unique} saved.`);
  await expect(page.getByRole("button", { name: `Edit ${unique}` })).toBeFocused();

  // Deleting asks once more; focus then moves to the neighbouring row, or the section heading.
  await press(row.getByRole("button", { name: `Delete ${unique}`, exact: true }));
  await expect(row.getByRole("button", { name: `Delete ${unique}` })).toBeFocused();
  await expectNoFindings(page, "delete confirmation");
  await page.keyboard.press("Enter");
  await expect(announcer(page)).toHaveText(`${unique} deleted.`);
  await expect(row).toHaveCount(0);
  // The next row, else the section's heading, else (the section gone with it) the page's title.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.tagName))
    .toMatch(/^(STRONG|H2|H1)$/);
});

test("a half-written incident survives leaving the page; declaring and resolving by keyboard", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, OWNER.email, OWNER.password);
  await page.goto("/dashboard/incidents");
  await press(page.getByRole("button", { name: "Declare incident" }));
  const title = `Keyboard outage ${Date.now().toString(36)}`;
  await expect(page.getByLabel("Title")).toBeFocused();
  await page.keyboard.type(title);
  await page.getByLabel("Message").fill("We are looking into it.");
  await page.getByLabel("Impact").selectOption("major");
  await expectNoFindings(page, "declare form");

  // Away and back (a link, then the back button): the form opens again as it was left.
  await press(page.getByRole("link", { name: "Components", exact: true }));
  await expect(page.getByRole("heading", { name: "Components", level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Message")).toHaveValue("We are looking into it.");
  await expect(page.getByLabel("Impact")).toHaveValue("major");
  await expect(page.getByText("What you had typed is back")).toBeVisible();
  // A reload keeps it too.
  await page.reload();
  await expect(page.getByLabel("Title")).toHaveValue(title);

  await press(page.getByRole("button", { name: "Declare incident" }));
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeFocused();
  await expect(announcer(page)).toHaveText(`Incident ${title} declared.`);
  await expectNoFindings(page, "incident page");

  // Declared, the kept draft is gone: the list's form starts empty.
  await page.goto("/dashboard/incidents");
  await expect(page.getByLabel("Title")).toHaveCount(0);
  await press(page.getByRole("link", { name: title }));

  await press(page.getByRole("button", { name: "Resolve…" }));
  await expect(page.getByRole("form", { name: "Resolve incident" })).toBeVisible();
  await expectNoFindings(page, "resolve form");
  await press(page.getByRole("button", { name: "Resolve incident" }));
  await expect(announcer(page)).toHaveText("Incident resolved.");
  await expect(page.getByRole("heading", { name: "Timeline" })).toBeFocused();
});

test("forms on every page close with Escape and hand focus back; opened, they have no serious findings", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, OWNER.email, OWNER.password);
  for (const [path, opener, field] of [
    ["/dashboard/maintenance", "Schedule maintenance", "Title"],
    ["/dashboard/monitors", "New monitor", "Name"],
    ["/dashboard/notifications", "Add endpoint", "Kind"],
    ["/dashboard/notifications", "Add subscriber", "Email address"],
  ] as const) {
    await page.goto(path);
    const button = page.getByRole("button", { name: opener, exact: true });
    await press(button);
    // Opening a form puts focus in its first field.
    const input = page.getByLabel(field, { exact: true });
    await expect(input).toBeFocused();
    await expectNoFindings(page, `${path} ${opener}`);
    await page.keyboard.press("Escape");
    await expect(input).toHaveCount(0);
    await expect(button).toBeFocused();
  }
});

test("members: the role column shows whole roles, and a phone-wide page does not scroll sideways", async ({
  page,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  // A pending invitation gets a new link, which can be copied from the row (no mail server here,
  // so nothing is mailed).
  const email = `pending-${Date.now().toString(36)}@example.com`;
  const invited = await page.request.post("/v1/invitations", {
    data: { email, role: "viewer" },
    headers: { origin: new URL(page.url()).origin },
  });
  const first = (await invited.json()).acceptUrl as string;
  await page.goto("/dashboard/members");
  await press(page.getByRole("button", { name: `New link: invitation of ${email}` }));
  await expect(announcer(page)).toContainText(`New invitation link for ${email}`);
  const link = page.getByLabel(`New link for ${email}`);
  await expect(link).toHaveValue(/\/accept-invitation\?token=/);
  expect(await link.inputValue()).not.toBe(first);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/dashboard/members");
    await expect(page.getByRole("heading", { name: "Team" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    for (const select of await page.locator("select.role-select").all()) {
      const clipped = await select.evaluate((element) => {
        const box = element as HTMLSelectElement;
        // The chosen option's text must fit the closed select.
        const probe = document.createElement("span");
        probe.style.font = getComputedStyle(box).font;
        probe.style.position = "absolute";
        probe.textContent = box.options[box.selectedIndex]!.text;
        document.body.append(probe);
        const fits = probe.getBoundingClientRect().width <= box.clientWidth;
        probe.remove();
        return !fits;
      });
      expect(clipped, `${width} px`).toBe(false);
    }
    await expectNoFindings(page, `members at ${width} px`);
  }
});
