import type { Page } from "@playwright/test";
import { freshDeployment } from "./deployment.mjs";
import { expect, newVisitor, test } from "./fixtures";
import { OWNER, signIn } from "./owner";
import { ServerProcess } from "./server-process";

test.describe.configure({ mode: "serial" });

// Markdown that once turned into live markup, and variants: typed into previews and posted.
const PAYLOADS = [
  "![<img src=x onerror=window.__xss=1 ](x)",
  "<img src=x onerror=window.__xss=1>",
  "<svg onload=window.__xss=1>",
  "[click](javascript:window.__xss=1)",
  "<javascript:window.__xss=1>",
  '![x" onerror="window.__xss=1](x)',
  "`</code><script>window.__xss=1</script>`",
  "&lt;img src=x onerror=window.__xss=1&gt;",
];
// Those the content rules let through, for stored updates.
const STORABLE = PAYLOADS.filter((payload) => !/<[a-z/!?]/i.test(payload));

/** Records CSP violations, console errors and dialogs for the whole life of a page. */
async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const list = ((window as unknown as { __violations?: string[] }).__violations ??= []);
      list.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("dialog", async (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return async () => {
    const violations = await page.evaluate(
      () => (window as unknown as { __violations?: string[] }).__violations ?? [],
    );
    const xss = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
    return [...problems, ...violations.map((v) => `CSP: ${v}`), ...(xss ? ["script ran"] : [])];
  };
}

/** No element or attribute in the region that Markdown does not make. */
async function expectInert(page: Page, selector: string) {
  const hostile = await page
    .locator(selector)
    .evaluateAll((roots) =>
      roots.flatMap((root) =>
        [...root.querySelectorAll("*")].flatMap((element) => [
          ...(["IMG", "SCRIPT", "SVG", "IFRAME", "OBJECT", "EMBED"].includes(element.tagName)
            ? [element.tagName]
            : []),
          ...[...element.attributes]
            .filter((a) => a.name.startsWith("on") || /^\s*javascript:/i.test(a.value))
            .map((a) => `${element.tagName}[${a.name}]`),
        ]),
      ),
    );
  expect(hostile).toEqual([]);
}

test("every page holds its Content-Security-Policy, with no violation or console error", async ({
  page,
  browser,
}) => {
  const problems = await watch(page);
  await signIn(page, OWNER.email, OWNER.password);
  const origin = new URL(page.url()).origin;
  const api = (path: string, data: unknown) =>
    page.request.post(path, { data, headers: { origin } });
  const incident = await api("/v1/incidents", {
    title: "Payments slow",
    impact: "minor",
    body: "We are **looking** into it.\n\n- queue\n- retries",
    visibility: "published",
  });
  expect(incident.status()).toBe(201);
  const incidentId = (await incident.json()).id;
  const starts = new Date(Date.now() + 86_400_000);
  const window = await api("/v1/maintenances", {
    title: "Database upgrade",
    body: "Read-only for **ten** minutes.",
    startsAt: starts.toISOString(),
    endsAt: new Date(starts.getTime() + 3_600_000).toISOString(),
    componentIds: [],
  });
  expect(window.status()).toBe(201);

  // A browser's own request for /favicon.ico finds the icon.
  const icon = await page.request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");

  const dashboard = [
    "/dashboard",
    "/dashboard/components",
    "/dashboard/incidents",
    `/dashboard/incidents/${incidentId}`,
    "/dashboard/maintenance",
    "/dashboard/notifications",
    "/dashboard/members",
    "/dashboard/settings",
    "/dashboard/mailbox",
    "/docs",
  ];
  for (const path of dashboard) {
    const response = await page.goto(path);
    const csp = response!.headers()["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp, path).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(response!.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(response!.headers()["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    if (path.startsWith("/dashboard")) {
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(response!.headers()["x-frame-options"], path).toBe("DENY");
    }
    await page.waitForLoadState("networkidle");
  }
  await expect(page.getByRole("heading").first()).toBeVisible();
  expect(await problems()).toEqual([]);

  // The public pages run no inline code at all: their own policy has no nonce.
  for (const path of ["/", `/incidents/${incidentId}`, "/history", "/public/subscriptions"]) {
    const response = await page.goto(path);
    const csp = response!.headers()["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/^default-src 'none'; script-src 'self'; style-src 'self';/);
    expect(response!.headers()["x-content-type-options"], path).toBe("nosniff");
    await page.waitForLoadState("networkidle");
  }
  expect(await problems()).toEqual([]);

  // Signed out: sign-in, setup (now leading to sign-in) and an invitation link.
  const visitor = await newVisitor(browser);
  const visitorProblems = await watch(visitor);
  for (const path of ["/sign-in", "/setup", "/accept-invitation?token=unknown"]) {
    await visitor.goto(path);
    await visitor.waitForLoadState("networkidle");
  }
  expect(await visitorProblems()).toEqual([]);
  // The not-found page too (its own 404 is the one console line it should log).
  const missing = await visitor.goto("/no-such-page");
  expect(missing!.status()).toBe(404);
  expect(missing!.headers()["content-security-policy"]).toMatch(/'nonce-/);
  await expect(visitor.getByRole("heading").first()).toBeVisible();
  expect((await visitorProblems()).filter((p) => !p.includes("status of 404"))).toEqual([]);
  await visitor.context().close();
});

test("hostile Markdown stays text in every preview and on every page that shows it", async ({
  page,
}) => {
  const problems = await watch(page);
  await signIn(page, OWNER.email, OWNER.password);
  const origin = new URL(page.url()).origin;
  const incident = await page.request.post("/v1/incidents", {
    data: {
      title: "Hostile text",
      impact: "none",
      body: "Investigating.",
      visibility: "published",
    },
    headers: { origin },
  });
  const incidentId = (await incident.json()).id;

  // The content rule refuses tags outright.
  const refused = await page.request.post(`/v1/incidents/${incidentId}/updates`, {
    data: { status: "identified", body: PAYLOADS[0] },
    headers: { origin },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).code).toBe("html_not_allowed");

  // What the rules let through is stored, and shown as the text it is.
  for (const body of STORABLE) {
    const posted = await page.request.post(`/v1/incidents/${incidentId}/updates`, {
      data: { status: "identified", body },
      headers: { origin },
    });
    expect(posted.status(), body).toBe(201);
  }
  await page.goto(`/dashboard/incidents/${incidentId}`);
  const timeline = page.getByRole("list", { name: "Updates" });
  await expect(timeline.getByText("<img src=x onerror=window.__xss=1>")).toBeVisible();
  await expect(timeline.getByText("click", { exact: true })).toBeVisible();
  await expectInert(page, ".markdown");

  // Every payload, typed into the preview of the update form and of the declare form.
  const previewAll = async () => {
    const form = page.locator("form");
    for (const payload of PAYLOADS) {
      await form.getByLabel("Message").fill(payload);
      await form.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByTestId("markdown-preview")).toBeVisible();
      await expectInert(page, "[data-testid=markdown-preview]");
      await form.getByRole("button", { name: "Edit" }).click();
    }
  };
  await previewAll();
  await page.getByRole("link", { name: "Incidents", exact: true }).click();
  await page.getByRole("button", { name: "Declare incident" }).click();
  await previewAll();

  // And into the maintenance form's preview; then stored in a window and shown in the list.
  await page.getByRole("link", { name: "Maintenance", exact: true }).click();
  await page.getByRole("button", { name: "Schedule maintenance" }).click();
  await previewAll();
  const starts = new Date(Date.now() + 2 * 86_400_000);
  const stored = await page.request.post("/v1/maintenances", {
    data: {
      title: "Hostile window",
      body: STORABLE.join("\n\n"),
      startsAt: starts.toISOString(),
      endsAt: new Date(starts.getTime() + 3_600_000).toISOString(),
      componentIds: [],
    },
    headers: { origin },
  });
  expect(stored.status()).toBe(201);
  await page.reload();
  await expect(page.getByText("Hostile window")).toBeVisible();
  await expectInert(page, ".markdown");
  await page.waitForTimeout(300);
  expect(await problems()).toEqual([]);
});

test("after signing in, only a path on this site is followed", async ({ browser }) => {
  const visitor = await newVisitor(browser);
  for (const next of ["/\\evil.example", "//evil.example", "/\t/evil.example"]) {
    await visitor.goto(`/sign-in?next=${encodeURIComponent(next)}`);
    await visitor.getByLabel("Email").fill(OWNER.email);
    await visitor.getByLabel("Password").fill(OWNER.password);
    await visitor.getByRole("button", { name: "Sign in" }).click();
    await expect(visitor.getByTestId("signed-in-as")).toBeVisible();
    expect(new URL(visitor.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
    expect(new URL(visitor.url()).pathname).toBe("/dashboard");
    await visitor.context().clearCookies();
  }
  // A path of this site is kept.
  await visitor.goto(`/sign-in?next=${encodeURIComponent("/dashboard/maintenance")}`);
  await visitor.getByLabel("Email").fill(OWNER.email);
  await visitor.getByLabel("Password").fill(OWNER.password);
  await visitor.getByRole("button", { name: "Sign in" }).click();
  await expect(visitor).toHaveURL(/\/dashboard\/maintenance$/);
  await visitor.context().close();
});

test("with SETUP_TOKEN, the setup page asks for it and only its holder sets up", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const deployment = await freshDeployment(`allclear_e2e_setup_${Date.now().toString(36)}`);
  const token = "a-setup-token-for-this-journey";
  const server = new ServerProcess(3103, { ...deployment.env, SETUP_TOKEN: token });
  try {
    await server.start();
    const page = await browser.newPage({ baseURL: server.base });
    const problems = await watch(page);
    await page.goto("/setup");
    await page.getByLabel("Setup token").fill("not-the-token");
    await page.getByLabel("Workspace name").fill("Guarded");
    await page.getByLabel("Your name").fill("Gina");
    await page.getByLabel("Email").fill("gina@example.com");
    await page.getByLabel("Password").fill("guarded password");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "setup token" })).toBeVisible();
    await page.getByLabel("Setup token").fill(token);
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(page.getByTestId("signed-in-as")).toHaveText("gina@example.com · owner");
    // The refused attempt's 403 is the one console line expected.
    expect((await problems()).filter((p) => !p.includes("status of 403"))).toEqual([]);
    await page.close();
  } finally {
    server.kill();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await deployment.drop();
  }
});
