import { startOidcProvider } from "../lib/testing/oidc";
import { expect, newVisitor, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

// The team signs in with an OpenID provider running in this test process.
const CLIENT = { clientId: "allclear-team", clientSecret: "the team client's secret" };
const NEWCOMER = "new.member@sso.example";

test("the team signs in with its OpenID provider, and strangers are turned away", async ({
  page,
  browser,
}) => {
  await signIn(page, OWNER.email, OWNER.password);
  const origin = new URL(page.url()).origin;
  const provider = await startOidcProvider([
    { ...CLIENT, redirectUris: [`${origin}/auth/callback/sso`] },
  ]);
  try {
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    const section = page.locator("section").filter({
      has: page.getByRole("heading", { name: "Single sign-on" }),
    });
    await expect(section).toContainText(`${origin}/auth/callback/sso`);
    await section.getByLabel("Issuer URL").fill(provider.issuer);
    await section.getByLabel("Client ID").fill(CLIENT.clientId);
    await section.getByLabel("Client secret").fill(CLIENT.clientSecret);
    await section.getByLabel("Domains that may join").fill("sso.example");
    await section.getByLabel("Role of new members").selectOption("editor");
    await section.getByRole("button", { name: "Turn on single sign-on" }).click();
    await expect(section.getByRole("status")).toContainText("Saved.");

    const newcomer = await newVisitor(browser);
    await newcomer.goto(`${origin}/sign-in`);
    await newcomer.getByRole("button", { name: "Sign in with single sign-on" }).click();
    await expect(newcomer.getByRole("heading", { name: "Test provider" })).toBeVisible();
    await newcomer.getByLabel("Email").fill(NEWCOMER);
    await newcomer.getByRole("button", { name: "Sign in" }).click();
    await expect(newcomer.getByTestId("signed-in-as")).toContainText(NEWCOMER);
    await expect(newcomer.getByTestId("signed-in-as")).toContainText("editor");

    const stranger = await newVisitor(browser);
    await stranger.goto(`${origin}/sign-in`);
    await stranger.getByRole("button", { name: "Sign in with single sign-on" }).click();
    await expect(stranger.getByRole("heading", { name: "Test provider" })).toBeVisible();
    await stranger.getByLabel("Email").fill("someone@elsewhere.example");
    await stranger.getByRole("button", { name: "Sign in" }).click();
    await expect(stranger).toHaveURL(/\/sign-in\?error=/);
    // The page's own alert (Next.js's route announcer is an alert region too).
    await expect(
      stranger.getByRole("alert").filter({ hasText: "may not join this workspace" }),
    ).toBeVisible();
  } finally {
    await page.request.delete("/v1/workspace/sso", { headers: { origin } });
    const members = await page.request.get("/v1/members");
    const joined = (
      (await members.json()) as { members: { email: string; userId: string }[] }
    ).members.find((m) => m.email === NEWCOMER);
    if (joined) {
      await page.request.delete(`/v1/members/${joined.userId}`, { headers: { origin } });
    }
    await provider.close();
  }
});
