import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext, Page } from "@playwright/test";
import { findings } from "./axe";
import { expect, newVisitor, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

test.describe.configure({ mode: "serial" });

// One transparent pixel.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const COMPONENT = "Ledger sync";
const GROUP = "Ledger group";
const LOCALES = ["en", "de", "fr", "es", "pt-BR", "ja"];
let componentId: string;
let groupId: string;
let childId: string;

async function api(page: Page) {
  const origin = new URL(page.url()).origin;
  return {
    origin,
    request: page.request,
    headers: { origin },
  };
}

/** The page's script has made the bars' days open popovers (until then a day is a link). */
const popoversReady = (page: Page) =>
  expect(page.locator('.bar a.day[aria-haspopup="dialog"]').first()).toBeAttached();

async function cleanUp(request: APIRequestContext, origin: string) {
  await request.patch("/v1/workspace", {
    data: {
      accentColor: null,
      accentColorDark: null,
      headerLinks: [],
      supportUrl: null,
      footerText: "",
      showPoweredBy: true,
      defaultLocale: "en",
    },
    headers: { origin },
  });
  for (const kind of ["logo-light", "logo-dark", "favicon"]) {
    await request.delete(`/v1/workspace/images/${kind}`, { headers: { origin } });
  }
}

test.beforeAll(async ({ browser }) => {
  const page = await newVisitor(browser);
  await signIn(page, OWNER.email, OWNER.password);
  const { request, headers } = await api(page);
  const created = await request.post("/v1/components", { data: { name: COMPONENT }, headers });
  expect(created.status()).toBe(201);
  componentId = (await created.json()).id;
  // A group too: its bar sits inside a control (its summary), where nothing may be a control.
  const group = await request.post("/v1/component-groups", { data: { name: GROUP }, headers });
  groupId = (await group.json()).id;
  const child = await request.post("/v1/components", {
    data: { name: "Replica store", groupId },
    headers,
  });
  childId = (await child.json()).id;
  await page.context().close();
});

test.afterAll(async ({ browser }) => {
  const page = await newVisitor(browser);
  await signIn(page, OWNER.email, OWNER.password);
  const { request, origin } = await api(page);
  await cleanUp(request, origin);
  await request.delete(`/v1/components/${componentId}`, { headers: { origin } });
  await request.delete(`/v1/components/${childId}`, { headers: { origin } });
  await request.delete(`/v1/component-groups/${groupId}`, { headers: { origin } });
  await page.context().close();
});

test("an admin brands the page in Settings, and a visitor sees it within 2 s", async ({
  page,
  browser,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  await page.goto("/dashboard/settings");
  const branding = page.getByRole("region", { name: "Branding" });
  // A colour text cannot be read in is refused, naming the ratio.
  await branding.getByLabel("Accent colour, light scheme").fill("#9ec5ff");
  await branding.getByRole("button", { name: "Save branding" }).click();
  await expect(branding.getByText(/reaches only \d\.\d\d:1/)).toBeVisible();
  await branding.getByLabel("Accent colour, light scheme").fill("#6b21a8");
  await branding.getByRole("button", { name: "Add link" }).click();
  await branding.getByLabel("Link 1 Label").fill("Docs");
  await branding.getByLabel("Link 1 Address").fill("https://docs.acme.example/");
  await branding.getByLabel("Footer text").fill("Questions? Write to **help@acme.example**.");
  await branding.getByRole("button", { name: "Save branding" }).click();
  await expect(branding.getByText("Saved. The public page shows it now.")).toBeVisible();

  const visitor = await newVisitor(browser);
  await visitor.goto("/");
  await expect(visitor.getByRole("link", { name: "Docs" })).toHaveAttribute(
    "href",
    "https://docs.acme.example/",
  );
  await expect(visitor.locator(".footer-text strong")).toHaveText("help@acme.example");
  const linkColour = await visitor
    .getByRole("link", { name: "Incident history" })
    .first()
    .evaluate((link) => getComputedStyle(link).color);
  expect(linkColour).toBe("rgb(107, 33, 168)");

  // The logo: uploaded in the dashboard, on the visitor's page within 2 s.
  const images = page.getByRole("region", { name: "Logos and favicon" });
  const uploaded = Date.now();
  await images.getByLabel("Logo for light backgrounds").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await expect(images.getByText("Logo for light backgrounds saved.")).toBeVisible();
  await expect
    .poll(
      async () => {
        await visitor.goto("/");
        return visitor.getByRole("img", { name: OWNER.workspace }).count();
      },
      { timeout: 2_000, intervals: [100] },
    )
    .toBe(1);
  expect(Date.now() - uploaded).toBeLessThan(4_000);
  await visitor.context().close();
});

test("a hostile SVG logo runs nothing and loads nothing, on the page or opened alone", async ({
  page,
  browser,
}) => {
  let calls = 0;
  const listener: Server = createServer((_, response) => {
    calls += 1;
    response.end("x");
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const leak = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert('onload');document.title='ran'">
<script>alert('script');document.title='ran';fetch('${leak}/script')</script>
<image href="${leak}/image" width="10" height="10"/>
<foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="${leak}/frame"></iframe><img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="alert('html')"/></foreignObject>
<a xlink:href="javascript:alert('link')"><rect width="10" height="10"/></a>
</svg>`;
  await signIn(page, OWNER.email, OWNER.password);
  const { request, headers } = await api(page);
  const put = await request.put("/v1/workspace/images/logo-dark", {
    data: Buffer.from(svg),
    headers: { ...headers, "content-type": "image/svg+xml" },
  });
  expect(put.status()).toBe(200);
  const url = (await put.json()).logoDark.url as string;

  const visitor = await newVisitor(browser);
  const dialogs: string[] = [];
  visitor.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await visitor.emulateMedia({ colorScheme: "dark" });
  await visitor.goto("/");
  await expect(visitor.locator("picture source")).toHaveAttribute("srcset", url);
  await visitor.waitForTimeout(500);
  const title = await visitor.title();
  await visitor.goto(url);
  await visitor.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(title).not.toBe("ran");
  expect(await visitor.title()).not.toBe("ran");
  expect(calls).toBe(0);
  listener.close();
  await visitor.context().close();
  expect((await request.delete("/v1/workspace/images/logo-dark", { headers })).status()).toBe(200);
});

test("a visitor reads the page in their language, and switches it", async ({ browser }) => {
  const context = await browser.newContext({ locale: "de-DE" });
  const visitor = await context.newPage();
  await visitor.goto("/");
  await expect(visitor.locator("html")).toHaveAttribute("lang", "de");
  await expect(visitor.getByRole("heading", { name: "Komponenten" })).toBeVisible();
  await visitor.locator("details.languages summary").click();
  await visitor.getByRole("link", { name: "Français" }).click();
  await expect(visitor).toHaveURL(/\?locale=fr$/);
  await expect(visitor.locator("html")).toHaveAttribute("lang", "fr");
  await visitor.getByRole("link", { name: "Historique des incidents" }).first().click();
  await expect(visitor).toHaveURL(/\/history\?locale=fr$/);
  await expect(visitor.locator("html")).toHaveAttribute("lang", "fr");
  await context.close();
});

test("the bars' days open with the keyboard alone, at 390 px too, and are links without script", async ({
  browser,
}) => {
  const visitor = await newVisitor(browser);
  await visitor.goto("/");
  await popoversReady(visitor);
  const bar = visitor.locator("li.component", { hasText: COMPONENT }).locator(".bar");
  const days = bar.locator(".day");
  await expect(days).toHaveCount(90);
  // Tab reaches each bar once, on its last day (other journeys' components come first).
  const last = await days.last().elementHandle();
  for (let i = 0; i < 80; i++) {
    await visitor.keyboard.press("Tab");
    if (await last!.evaluate((day) => day === document.activeElement)) break;
  }
  await expect(days.last()).toBeFocused();
  await visitor.keyboard.press("ArrowLeft");
  await expect(days.nth(88)).toBeFocused();
  await visitor.keyboard.press("End");
  await expect(days.last()).toBeFocused();
  await visitor.keyboard.press("Enter");
  const popover = visitor.locator("#day-popover");
  await expect(popover).toBeVisible();
  const label = (await days.last().getAttribute("aria-label"))!;
  await expect(popover.getByRole("heading")).toHaveText(label.slice(0, label.indexOf(": ")));
  // Focus moves into it, to its first link (the day's first incident, else the day's page).
  await expect(popover.getByRole("link").first()).toBeFocused();
  await expect(popover.getByRole("link", { name: /^Details of / })).toBeVisible();
  expect(await findings(visitor)).toEqual([]);
  await visitor.keyboard.press("Escape");
  await expect(popover).toBeHidden();
  await expect(days.last()).toBeFocused();

  await visitor.context().close();

  // A phone: 30 days, opened by a tap and by the keyboard alone, inside the screen.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 800 },
    hasTouch: true,
    isMobile: true,
  });
  const onPhone = await phone.newPage();
  await onPhone.goto("/");
  await popoversReady(onPhone);
  const phoneDays = onPhone.locator("li.component", { hasText: COMPONENT }).locator(".bar .day");
  expect(
    await phoneDays.evaluateAll(
      (all) => (all as HTMLElement[]).filter((d) => d.offsetParent).length,
    ),
  ).toBe(30);
  const phonePopover = onPhone.locator("#day-popover");
  const inside = async () => {
    const box = (await phonePopover.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  };
  await phoneDays.last().tap();
  await expect(phonePopover).toBeVisible();
  await inside();
  await onPhone.keyboard.press("Escape");
  await expect(phonePopover).toBeHidden();
  await expect(phoneDays.last()).toBeFocused();
  await onPhone.keyboard.press("ArrowLeft");
  await expect(phoneDays.nth(88)).toBeFocused();
  await onPhone.keyboard.press("Enter");
  await expect(phonePopover).toBeVisible();
  await expect(phonePopover.getByRole("link").first()).toBeFocused();
  await inside();
  await phone.close();

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto("/");
  const href = (await plain
    .locator("li.component", { hasText: COMPONENT })
    .locator(".day")
    .last()
    .getAttribute("href"))!;
  await plain.locator("li.component", { hasText: COMPONENT }).locator(".day").last().click();
  await expect(plain).toHaveURL(new RegExp(`${href}$`));
  await expect(plain.getByRole("heading", { name: "Uptime on this day" })).toBeVisible();
  await noScript.close();
});

test("no serious accessibility finding in any language, scheme or width, popover open", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const visitor = await newVisitor(browser);
  const found: string[] = [];
  // Every pair is scanned: each language in both schemes and at both widths, and each scheme at
  // each width. Contrast follows the scheme; layout follows the width and the language's words.
  const alternating = [
    [
      ["light", 1280],
      ["dark", 390],
    ],
    [
      ["dark", 1280],
      ["light", 390],
    ],
  ] as const;
  for (const [index, locale] of LOCALES.entries()) {
    for (const [scheme, width] of alternating[index % 2]!) {
      await visitor.emulateMedia({ colorScheme: scheme });
      await visitor.setViewportSize({ width, height: 900 });
      await visitor.goto(`/?locale=${locale}`);
      await popoversReady(visitor);
      const where = `${locale} ${scheme} ${width}`;
      // One scan a case, with the popover open: it reads the whole page as well.
      await visitor
        .locator("li.component", { hasText: COMPONENT })
        .locator(".bar a.day")
        .last()
        .click();
      await expect(visitor.locator("#day-popover")).toBeVisible();
      // Its heading is the day alone, whatever colon the language writes after it.
      expect(await visitor.locator("#day-popover h3").textContent()).not.toMatch(/[:：]/);
      found.push(...(await findings(visitor)).map((line) => `${where} popover ${line}`));
    }
  }
  expect(found).toEqual([]);
  await visitor.context().close();
});

test("another site shows the status with /embed.js, frames /embed, and cannot frame the page", async ({
  page,
  browser,
  baseURL,
}) => {
  // An incident under way, so the banner has something to say.
  await signIn(page, OWNER.email, OWNER.password);
  const { request, headers } = await api(page);
  const incident = await request.post("/v1/incidents", {
    data: {
      title: "Ledger sync delayed",
      impact: "minor",
      visibility: "published",
      body: "Looking.",
      components: [{ componentId, status: "degraded_performance" }],
    },
    headers,
  });
  expect(incident.status()).toBe(201);
  const incidentId = (await incident.json()).id as string;
  // Resolved whatever happens, so the other journeys' pages do not show it.
  try {
    const site: Server = createServer((_, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end(`<!doctype html><html lang="en"><title>Elsewhere</title>
<script src="${baseURL}/embed.js" data-mode="banner" data-locale="de" async></script>
<p>Our status: <script src="${baseURL}/embed.js" async></script></p>
<iframe src="${baseURL}/embed" title="embedded status"></iframe>
<iframe src="${baseURL}/" title="framed page"></iframe>
<img src="${baseURL}/badge/status.svg" alt="status badge">`);
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    // A plain browser: no header of the suite's own, which would make its fetch a preflighted one.
    const context = await browser.newContext({ extraHTTPHeaders: {} });
    const visitor = await context.newPage();
    const blocked: string[] = [];
    visitor.on("console", (message) => blocked.push(message.text()));
    await visitor.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    // Whatever the other journeys left open, the pill says what the widget's JSON says.
    const widget = await (await visitor.request.get(`${baseURL}/widget.json?locale=en`)).json();
    const pill = visitor.locator('[data-allclear-embed="pill"] a');
    await expect(pill).toHaveText(widget.status.description);
    await expect(pill).toHaveAttribute("data-indicator", widget.status.indicator);
    await expect(
      visitor
        .frameLocator('iframe[title="embedded status"]')
        .getByText(widget.status.description, { exact: true }),
    ).toBeVisible();
    await expect
      .poll(() => blocked.some((line) => line.includes("frame-ancestors 'none'")))
      .toBe(true);
    await expect(
      visitor
        .frameLocator('iframe[title="framed page"]')
        .getByRole("heading", { name: "Components" }),
    ).toHaveCount(0);
    expect(
      await visitor
        .getByAltText("status badge")
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(50);
    // The banner, in the language its tag names, links the incident under way.
    const german = await (await visitor.request.get(`${baseURL}/widget.json?locale=de`)).json();
    const banner = visitor.locator('[data-allclear-embed="banner"]');
    await expect(banner).toHaveAttribute("lang", "de");
    await expect(banner.locator("a strong")).toHaveText(german.status.description);
    const ours = german.incidents.find((i: { id: string }) => i.id === incidentId);
    expect(ours.url).toBe(`${baseURL}/incidents/${incidentId}?locale=de`);
    const active = [...german.incidents, ...german.maintenances];
    await expect(banner.locator("a")).toContainText(active[0].name);
    await expect(banner.locator("a")).toHaveAttribute(
      "href",
      active.length === 1 ? active[0].url : german.page.url,
    );
    site.close();
    await context.close();
  } finally {
    await request.post(`/v1/incidents/${incidentId}/updates`, {
      data: { status: "resolved", body: "Caught up." },
      headers,
    });
  }
});
