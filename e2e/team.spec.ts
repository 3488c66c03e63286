import { expect, newVisitor, serverLog, test } from "./fixtures";
import { Secret, TOTP } from "otpauth";
import { OWNER, signIn, signOut } from "./owner";

test.describe.configure({ mode: "serial" });

const admin = { email: "ada.admin@example.com", password: "admin password 1", name: "Ada Admin" };
const editor = {
  email: "eddie.editor@example.com",
  password: "editor password 1",
  name: "Eddie Editor",
};

test("an admin invites an editor, who accepts through the link and signs in", async ({
  browser,
  page,
}) => {
  // The owner makes Ada an admin through the API, as a script would.
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  const invited = await page.request.post("/v1/invitations", {
    data: { email: admin.email, role: "admin" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(invited.status()).toBe(201);
  const adminPage = await newVisitor(browser);
  await adminPage.goto((await invited.json()).acceptUrl);
  await adminPage.getByLabel("Your name").fill(admin.name);
  await adminPage.getByLabel("Password").fill(admin.password);
  await adminPage.getByRole("button", { name: "Accept invitation" }).click();
  await expect(adminPage.getByTestId("signed-in-as")).toHaveText(`${admin.email} · admin`);

  // Ada invites Eddie as an editor from the members page and copies the link.
  await adminPage.getByRole("link", { name: "Members", exact: true }).click();
  await expect(adminPage.getByRole("heading", { name: "Members" })).toBeVisible();
  await adminPage.getByLabel("Email").fill(editor.email);
  await adminPage.getByLabel("Role", { exact: true }).selectOption("editor");
  await adminPage.getByRole("button", { name: "Invite", exact: true }).click();
  const link = await adminPage.getByLabel("Invitation link").inputValue();
  expect(link).toContain("/accept-invitation?token=");
  await expect(adminPage.getByRole("row", { name: new RegExp(editor.email) })).toBeVisible();

  // Eddie follows the link in a browser of his own.
  const editorPage = await newVisitor(browser);
  await editorPage.goto(link);
  await editorPage.getByLabel("Your name").fill(editor.name);
  await editorPage.getByLabel("Password").fill(editor.password);
  await editorPage.getByRole("button", { name: "Accept invitation" }).click();
  await expect(editorPage.getByTestId("signed-in-as")).toHaveText(`${editor.email} · editor`);
  // An editor is not offered member management.
  await expect(editorPage.getByRole("link", { name: "Members", exact: true })).toHaveCount(0);
  await signOut(editorPage);
  await signIn(editorPage, editor.email, editor.password);
  await expect(editorPage.getByTestId("signed-in-as")).toHaveText(`${editor.email} · editor`);

  // The link works once, and says so as soon as it is opened again.
  const again = await newVisitor(browser);
  await again.goto(link);
  await expect(again.getByRole("alert").filter({ hasText: "already been used" })).toBeVisible();
  await expect(again.getByLabel("Your name")).toHaveCount(0);

  // Ada sees Eddie in the team; a role change is chosen, confirmed, then announced.
  await adminPage.reload();
  const row = adminPage.getByRole("row", { name: new RegExp(editor.email) });
  const role = row.getByLabel(`Role of ${editor.email}`, { exact: true });
  await expect(role).toHaveValue("editor");
  await role.selectOption("viewer");
  await role.selectOption("admin");
  await row.getByRole("button", { name: "Cancel" }).click();
  await role.selectOption("viewer");
  await row.getByRole("button", { name: "Change role" }).click();
  await expect(adminPage.getByTestId("announcer")).toHaveText(`${editor.name} is now a viewer.`);
  await expect(role).toBeFocused();
  const members = await (await adminPage.request.get("/v1/members")).json();
  expect(members.members.find((m: { email: string }) => m.email === editor.email).role).toBe(
    "viewer",
  );
  await role.selectOption("editor");
  await row.getByRole("button", { name: "Change role" }).click();
  await expect(adminPage.getByTestId("announcer")).toHaveText(`${editor.name} is now an editor.`);
});

test("an invitation names the workspace, address and role before anything is typed", async ({
  page,
  browser,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  const invited = await page.request.post("/v1/invitations", {
    data: { email: "preview@example.com", role: "viewer" },
    headers: { origin: new URL(page.url()).origin },
  });
  const visitor = await newVisitor(browser);
  await visitor.goto((await invited.json()).acceptUrl);
  await expect(visitor.locator("main")).toContainText(
    `You are invited to ${OWNER.workspace} as viewer, with the address preview@example.com.`,
  );
  await visitor.goto("/accept-invitation?token=made-up");
  await expect(visitor.getByRole("alert").filter({ hasText: "not valid" })).toBeVisible();
});

test("a signed-out visit to a dashboard page returns to it after sign-in", async ({ browser }) => {
  const visitor = await newVisitor(browser);
  await visitor.goto("/dashboard/maintenance");
  await expect(visitor).toHaveURL(/\/sign-in\?next=%2Fdashboard%2Fmaintenance$/);
  await visitor.getByLabel("Email").fill(OWNER.email);
  await visitor.getByLabel("Password").fill(OWNER.password);
  await visitor.getByRole("button", { name: "Sign in" }).click();
  await expect(visitor).toHaveURL(/\/dashboard\/maintenance$/);
  await expect(visitor.getByRole("heading", { name: "Maintenance", level: 1 })).toBeVisible();
});

test("a member enrols two-factor from the QR page and signs in with a code", async ({ page }) => {
  await signIn(page, editor.email, editor.password);
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page.getByTestId("two-factor-status")).toHaveText("Off");
  const twoFactor = page.locator("section", {
    has: page.getByRole("heading", { name: "Two-factor authentication" }),
  });
  await twoFactor.getByRole("button", { name: "Set up two-factor" }).click();
  await twoFactor.getByLabel("Current password").fill(editor.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const backupCodes = await page.getByTestId("backup-codes").locator("li").allTextContents();
  expect(backupCodes.length).toBeGreaterThanOrEqual(8);
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByTestId("two-factor-status")).toHaveText("On");

  await signOut(page);
  await signIn(page, editor.email, editor.password, { twoFactor: true });
  await page
    .getByLabel("Authentication code")
    .fill("000000" === totp.generate() ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /invalid/i })).toBeVisible();
  await page.getByLabel("Authentication code").fill(totp.generate());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText(`${editor.email} · editor`);

  // A backup code works instead of the app.
  await signOut(page);
  await signIn(page, editor.email, editor.password, { twoFactor: true });
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText(`${editor.email} · editor`);
});

test("a member who forgot their password resets it from a mailed link", async ({
  page,
  browser,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  const origin = new URL(page.url()).origin;
  const email = `forgetful-${Date.now()}@example.com`;
  const invited = await page.request.post("/v1/invitations", {
    data: { email, role: "viewer" },
    headers: { origin },
  });
  const member = await newVisitor(browser);
  await member.goto((await invited.json()).acceptUrl);
  await member.getByLabel("Your name").fill("Forgetful Fay");
  await member.getByLabel("Password").fill("first password 1");
  await member.getByRole("button", { name: "Accept invitation" }).click();
  await expect(member.getByTestId("signed-in-as")).toBeVisible();
  await signOut(member);

  await member.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(member.getByRole("heading", { name: "Forgot your password" })).toBeVisible();
  // The form works once its script runs.
  await member.waitForLoadState("networkidle");
  await member.getByLabel("Email").fill(email);
  await member.getByRole("button", { name: "Send reset link" }).click();
  await expect(member.getByRole("status")).toContainText("a link to choose a new password");

  // Without a mail server the link is printed to the server's log, never kept in the mailbox
  // that every admin reads.
  const logged = new RegExp(`password reset for ${email.replace(/[.+]/g, "\\$&")}: (\\S+)`);
  await expect.poll(() => logged.exec(serverLog())?.[1], { timeout: 15_000 }).toBeTruthy();
  const link = logged.exec(serverLog())![1];
  await page.getByRole("link", { name: "Mailbox", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Mailbox" })).toBeVisible();
  await expect(page.getByTestId("mail").filter({ hasText: `To ${email}` })).toHaveCount(0);
  await expect(page.getByText(/reset-password\?token=/)).toHaveCount(0);

  await member.goto(link!);
  await member.waitForLoadState("networkidle");
  await member.getByLabel("Password").fill("second password 2");
  await member.getByRole("button", { name: "Set new password" }).click();
  await expect(member.getByRole("status")).toContainText("Your password is changed");
  await signIn(member, email, "second password 2");
  await expect(member.getByTestId("signed-in-as")).toContainText(email);
});
