import { Webhook } from "standardwebhooks";
import { Receiver } from "../lib/testing/receiver";
import { confirmFromMailbox, expect, newVisitor, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

test("a visitor subscribes a webhook on the status page, confirms from the mailbox, and receives a signed incident", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const receiver = await new Receiver().start();
  try {
    const contact = `hooks-${Date.now()}@partner.example`;
    const visitor = await newVisitor(browser);
    await visitor.goto("/public/subscriptions");
    await expect(
      visitor.getByRole("heading", { name: "Follow in Slack, Microsoft Teams or by webhook" }),
    ).toBeVisible();
    await visitor.getByLabel("Where").selectOption("webhook");
    await visitor.getByLabel("Webhook URL").fill(`${receiver.url}/partner`);
    await visitor.getByLabel("Contact email").fill(contact);
    await visitor.getByRole("button", { name: "Subscribe the channel" }).click();
    await expect(visitor.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    const secret = await visitor
      .getByLabel("The webhook's signing secret", { exact: true })
      .inputValue();
    expect(secret).toMatch(/^whsec_/);

    await signIn(page, OWNER.email, OWNER.password);
    const confirmation = await confirmFromMailbox(page, visitor, contact);
    await expect(confirmation).toContainText("signed, to the webhook URL given on the status page");

    await page.getByRole("link", { name: "Notifications", exact: true }).click();
    const row = page.getByTestId("subscriber").filter({ hasText: contact });
    await expect(row).toContainText("Webhook");
    await expect(row).toContainText("Active");

    const title = `Webhook journey ${Date.now()}`;
    const declared = await page.request.post("/v1/incidents", {
      data: { title, impact: "minor", body: "Looking into it.", visibility: "published" },
    });
    expect(declared.status()).toBe(201);
    const incidentId = (await declared.json()).id as string;
    const [delivered] = await receiver.waitFor("/partner", 1, 15_000);
    const event = new Webhook(secret).verify(delivered!.body, delivered!.headers as never) as {
      type: string;
      data: { incident: { id: string; title: string } };
      unsubscribeUrl: string;
    };
    expect(event).toMatchObject({ type: "incident.created", data: { incident: { title } } });

    // The link every delivery carries ends it; the team's list no longer shows it.
    await visitor.goto(event.unsubscribeUrl);
    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(visitor.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("subscriber").filter({ hasText: contact })).toHaveCount(0);

    // Other journeys expect no open incident.
    const resolved = await page.request.post(`/v1/incidents/${incidentId}/updates`, {
      data: { status: "resolved", body: "Fixed." },
    });
    expect(resolved.status()).toBe(201);
  } finally {
    await receiver.stop();
  }
});
