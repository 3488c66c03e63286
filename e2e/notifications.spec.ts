import { Webhook } from "standardwebhooks";
import { pagerDutyEvents } from "../lib/testing/alert-providers";
import { teamsWorkflow } from "../lib/testing/chat-providers";
import { Receiver } from "../lib/testing/receiver";
import { expect, test } from "./fixtures";
import { OWNER, signIn } from "./owner";

test("add a webhook endpoint, copy its secret, send a test, read the delivery log, see it fail, delete it", async ({
  page,
}) => {
  const receiver = await new Receiver().start();
  try {
    await signIn(page, OWNER.email, OWNER.password);
    await page.getByRole("link", { name: "Notifications", exact: true }).click();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByLabel("Kind").selectOption("webhook");
    await page.getByLabel("Name", { exact: true }).fill("Ops webhook");
    await page.getByLabel("URL").fill(`${receiver.url}/ops`);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = await page.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByLabel("Signing secret")).toHaveCount(0);

    const card = page.getByTestId("endpoint").filter({ hasText: "Ops webhook" });
    await expect(card).toContainText("Follows: every component");
    await card.getByRole("button", { name: "Send test" }).click();
    await expect(card.getByTestId("test-result")).toHaveText("Delivered: HTTP 200 — ok");
    const [testRequest] = receiver.on("/ops");
    expect(String(testRequest!.headers["webhook-id"])).toMatch(/^test_/);
    const payload = new Webhook(secret).verify(
      testRequest!.body,
      testRequest!.headers as Record<string, string>,
    ) as {
      data: { incident: { title: string } };
    };
    expect(payload.data.incident.title).toBe("Test notification");

    // A real event shows in the delivery log with its attempt.
    const origin = new URL(page.url()).origin;
    await page.request.post("/v1/incidents", {
      data: { title: "Queue backlog", impact: "minor", body: "Looking.", visibility: "published" },
      headers: { origin },
    });
    await receiver.waitFor("/ops", 2);
    await card.getByRole("button", { name: "Deliveries" }).click();
    const log = card.getByRole("table", { name: "Delivery log" });
    await expect(log).toContainText("incident.created");
    await expect(log).toContainText("succeeded");
    await expect(log).toContainText("HTTP 200");

    // A receiver that refuses makes the endpoint failing, with the time it started.
    receiver.reply("/ops", { status: 400, body: "bad" });
    await page.request.post("/v1/incidents", {
      data: { title: "Second", impact: "minor", body: "Looking.", visibility: "published" },
      headers: { origin },
    });
    await receiver.waitFor("/ops", 3);
    await page.reload();
    await expect(card).toContainText("Failing since");
    await card.getByRole("button", { name: "Deliveries" }).click();
    await expect(card.getByRole("table", { name: "Delivery log" })).toContainText("HTTP 400");

    await card.getByRole("button", { name: "Delete" }).click();
    await card.getByRole("button", { name: "Delete Ops webhook" }).click();
    await expect(page.getByTestId("endpoint").filter({ hasText: "Ops webhook" })).toHaveCount(0);
  } finally {
    await receiver.stop();
  }
});

test("a receiver answering 500 shows as retrying at once; a failed delivery is retried by hand; the endpoint is edited and its secret rotated", async ({
  page,
}) => {
  const receiver = await new Receiver().start();
  try {
    await signIn(page, OWNER.email, OWNER.password);
    const origin = new URL(page.url()).origin;
    const created = await page.request.post("/v1/webhook-endpoints", {
      data: { kind: "webhook", name: "Flaky hook", url: `${receiver.url}/flaky` },
      headers: { origin },
    });
    expect(created.status()).toBe(201);
    const oldSecret = (await created.json()).secret as string;
    receiver.reply("/flaky", { status: 500, body: "down" });
    await page.request.post("/v1/incidents", {
      data: { title: "Flaky one", impact: "minor", body: "Looking.", visibility: "published" },
      headers: { origin },
    });
    await receiver.waitFor("/flaky", 1);

    await page.getByRole("link", { name: "Notifications", exact: true }).click();
    const card = page.getByTestId("endpoint").filter({ hasText: "Flaky hook" });
    await expect(card).toContainText("Retrying 1 delivery");
    await expect(card.getByTestId("last-attempt")).toContainText("HTTP 500");
    await expect(card.getByTestId("last-attempt")).toContainText("next try");
    await card.getByRole("button", { name: "Deliveries" }).click();
    await expect(card.getByRole("table", { name: "Delivery log" })).toContainText(
      "retrying (1 attempt)",
    );
    await page.getByRole("link", { name: "Overview", exact: true }).click();
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
      "Retrying, last answer HTTP 500",
    );

    // A refusal fails at once; after the receiver is fixed, "Retry now" sends it again.
    receiver.reply("/flaky", { status: 400, body: "bad" });
    await page.request.post("/v1/incidents", {
      data: { title: "Refused one", impact: "minor", body: "Looking.", visibility: "published" },
      headers: { origin },
    });
    await receiver.waitFor("/flaky", 2);
    await page.getByRole("link", { name: "Notifications", exact: true }).click();
    await card.getByRole("button", { name: "Deliveries" }).click();
    const log = card.getByRole("table", { name: "Delivery log" });
    await expect(log).toContainText("HTTP 400");
    const refusedId = String(receiver.on("/flaky")[1]!.headers["webhook-id"]);
    await log.getByRole("button", { name: /^Retry the incident\.created delivery/ }).click();
    await receiver.waitFor("/flaky", 3);
    expect(String(receiver.on("/flaky")[2]!.headers["webhook-id"])).toBe(refusedId);

    await card.getByRole("button", { name: "Send test" }).click();
    await expect(card.getByTestId("test-result")).toContainText("Delivered");
    await expect(log).toContainText("test");

    await card.getByRole("button", { name: "Edit Flaky hook" }).click();
    await card.getByLabel("Name", { exact: true }).fill("Steady hook");
    await card.getByRole("button", { name: "Save endpoint" }).click();
    const renamed = page.getByTestId("endpoint").filter({ hasText: "Steady hook" });
    await expect(renamed).toBeVisible();

    await renamed.getByRole("button", { name: "Rotate secret" }).click();
    await renamed.getByRole("button", { name: "Rotate the secret of Steady hook" }).click();
    const newSecret = await renamed.getByLabel("New signing secret", { exact: true }).inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
  } finally {
    await receiver.stop();
  }
});

test("add a Microsoft Teams endpoint with the provider's instructions at hand, and send it a test card", async ({
  page,
}) => {
  const receiver = await new Receiver().start();
  receiver.answer("/teams", teamsWorkflow);
  try {
    await signIn(page, OWNER.email, OWNER.password);
    await page.getByRole("link", { name: "Notifications", exact: true }).click();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByRole("link", { name: "Standard Webhooks" })).toBeVisible();
    await page.getByLabel("Kind").selectOption("teams");
    const instructions = page.getByRole("link", {
      name: "Microsoft: create incoming webhooks with Workflows for Teams",
    });
    await expect(instructions).toHaveAttribute("href", /support\.microsoft\.com/);
    await page.getByLabel("Name", { exact: true }).fill("Ops channel");
    await page.getByLabel("URL").fill(`${receiver.url}/teams`);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByLabel("Signing secret")).toHaveCount(0);
    await page.getByRole("button", { name: "Done" }).click();

    const card = page.getByTestId("endpoint").filter({ hasText: "Ops channel" });
    await expect(card).toContainText("Teams");
    await card.getByRole("button", { name: "Send test" }).click();
    await expect(card.getByTestId("test-result")).toContainText("Delivered: HTTP 202");
    const [sent] = receiver.on("/teams");
    expect(JSON.parse(sent!.body).attachments[0].content.type).toBe("AdaptiveCard");

    await card.getByRole("button", { name: "Delete" }).click();
    await card.getByRole("button", { name: "Delete Ops channel" }).click();
    await expect(card).toHaveCount(0);
  } finally {
    await receiver.stop();
  }
});

test("add a PagerDuty endpoint with its integration key, and send it a test alert", async ({
  page,
}) => {
  const routingKey = "R0123456789abcdef0123456789ABCDE";
  const pagerDuty = pagerDutyEvents({ routingKey });
  const receiver = await new Receiver().start(Number(process.env.E2E_PAGERDUTY_PORT));
  receiver.answer("/v2/enqueue", pagerDuty.answer);
  try {
    await signIn(page, OWNER.email, OWNER.password);
    await page.getByRole("link", { name: "Notifications", exact: true }).click();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByLabel("Kind").selectOption("pagerduty");
    await expect(
      page.getByRole("link", { name: "PagerDuty: Events API v2 integration on a service" }),
    ).toHaveAttribute("href", /support\.pagerduty\.com/);
    // A PagerDuty endpoint takes a key, not a URL.
    await expect(page.getByLabel("URL")).toHaveCount(0);
    await page.getByLabel("Name", { exact: true }).fill("On-call");
    await page.getByLabel("Integration key").fill("too-short");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(
      page.getByText("An Events API v2 integration key is 32 characters."),
    ).toBeVisible();
    await page.getByLabel("Integration key").fill(routingKey);
    await page.getByLabel("Also open an alert while maintenance is in progress").check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByLabel("Signing secret")).toHaveCount(0);
    await page.getByRole("button", { name: "Done" }).click();

    const card = page.getByTestId("endpoint").filter({ hasText: "On-call" });
    await expect(card).toContainText("PagerDuty");
    await expect(card).toContainText("Maintenance opens alerts too");
    await expect(card).not.toContainText(routingKey);
    await card.getByRole("button", { name: "Send test" }).click();
    await expect(card.getByTestId("test-result")).toContainText("Delivered: HTTP 202");
    const [alert] = pagerDuty.alerts.values();
    // Opened and closed again at once: a test leaves nobody paged.
    await expect.poll(() => alert?.status).toBe("resolved");
    expect(alert!.summary).toBe("New incident: Test notification");

    await card.getByRole("button", { name: "Delete" }).click();
    await card.getByRole("button", { name: "Delete On-call" }).click();
    await expect(card).toHaveCount(0);
  } finally {
    await receiver.stop();
  }
});
