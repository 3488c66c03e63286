import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { startEmbeddedRunner, type Runner } from "@/lib/runner/runner";
import {
  discordWebhook,
  googleChatSpace,
  mattermostHook,
  slackHook,
  teamsWorkflow,
} from "@/lib/testing/chat-providers";
import { Receiver } from "@/lib/testing/receiver";
import { setUpOwner, TestClient } from "@/lib/testing/client";

// Each chat provider's incoming webhook stands on loopback, reads the request as the provider
// documents it and answers as it does; retries use a short schedule so the tests take seconds.
process.env.ALLOW_PRIVATE_TARGETS = "true";
process.env.WEBHOOK_RETRY_SCHEDULE = "300ms,300ms";
resetConfig();

const PROVIDERS = {
  slack: slackHook,
  discord: discordWebhook,
  teams: teamsWorkflow,
  google_chat: googleChatSpace,
  mattermost: mattermostHook,
};
type Kind = keyof typeof PROVIDERS;

// What a writer may type that each channel would otherwise act on: mentions and markup
// characters in an update, and an Adaptive Card template function and a Chat mention in a
// component's name (updates refuse `{{…}}` and tags themselves).
const HOSTILE = "Ping @channel and @all: 1 < 2 & 3 > 2";
const TEMPLATED = "Ledger {{DATE(2026-01-01T00:00:00Z, SHORT)}} <users/all>";

let admin: TestClient;
let receiver: Receiver;
let runner: Runner;
let api: string;
let ledger: string;

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
  receiver = await new Receiver().start();
  for (const [kind, provider] of Object.entries(PROVIDERS)) receiver.answer(`/${kind}`, provider);
  runner = startEmbeddedRunner();
  api = (await admin.post("/v1/components", { name: "Payments API" })).body.id;
  ledger = (await admin.post("/v1/components", { name: TEMPLATED })).body.id;
  expect(ledger).toBeTruthy();
});

afterAll(async () => {
  await runner.stop();
  await receiver.stop();
});

async function endpoint(kind: Kind, path = `/${kind}`) {
  const response = await admin.post("/v1/webhook-endpoints", {
    kind,
    name: kind,
    url: `${receiver.url}${path}`,
    componentIds: [api],
  });
  expect(response.status, response.text).toBe(201);
  expect(response.body.secret).toBeNull();
  return response.body.endpoint.id as string;
}

async function publish(title: string) {
  const response = await admin.post("/v1/incidents", {
    title,
    impact: "critical",
    body: HOSTILE,
    visibility: "published",
    components: [
      { componentId: api, status: "major_outage" },
      { componentId: ledger, status: "degraded_performance" },
    ],
  });
  expect(response.status, response.text).toBe(201);
  return response.body.id as string;
}

async function deliveries(id: string) {
  return (await admin.get(`/v1/webhook-endpoints/${id}/deliveries`)).body.deliveries as {
    state: string;
    attempts: { statusCode: number | null }[];
  }[];
}

describe("chat providers", () => {
  it("get the incident in each channel's own format, accepted by the provider, with nothing it would act on", async () => {
    const ids = {
      teams: await endpoint("teams"),
      google_chat: await endpoint("google_chat"),
      mattermost: await endpoint("mattermost"),
    };
    const incident = await publish("Card payments fail");
    const link = `http://localhost:3000/incidents/${incident}`;

    const [teams] = await receiver.waitFor("/teams", 1);
    const card = JSON.parse(teams!.body).attachments[0].content;
    const cardText = JSON.stringify(card);
    expect(card.body[0].text).toBe("New incident: Card payments fail");
    expect(card.body[1].facts).toEqual(
      expect.arrayContaining([
        { title: "Status", value: "Investigating" },
        { title: "Impact", value: "Critical" },
        {
          title: "Affected",
          value:
            "Payments API — Major outage, Ledger {\u200b{DATE(2026-01-01T00:00:00Z, SHORT)}} <users/all> — Degraded performance",
        },
      ]),
    );
    expect(card.actions[0]).toEqual({
      type: "Action.OpenUrl",
      title: "View on the status page",
      url: link,
    });
    expect(cardText).not.toContain("{{");
    expect(cardText).toContain("Ping @channel");

    const [chat] = await receiver.waitFor("/google_chat", 1);
    const chatBody = JSON.parse(chat!.body);
    expect(chatBody.text).toBe("New incident: Card payments fail (Acme)");
    const widgets = chatBody.cardsV2[0].card.sections[0].widgets;
    const chatText = JSON.stringify(widgets);
    expect(chatText).toContain("1 &lt; 2 &amp; 3 &gt; 2");
    expect(chatText).toContain("&lt;users/all&gt;");
    expect(chatText).not.toContain("<users/all>");
    expect(widgets.at(-1).buttonList.buttons[0].onClick.openLink.url).toBe(link);
    expect(chatText).toContain("Payments API — Major outage");

    const [mattermost] = await receiver.waitFor("/mattermost", 1);
    const post = JSON.parse(mattermost!.body);
    expect(post.text).toBe("#### New incident: Card payments fail");
    const attachment = post.attachments[0];
    expect(attachment).toMatchObject({ title: "Card payments fail", title_link: link });
    expect(attachment.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(attachment.text).not.toMatch(/@channel|@all/);
    expect(attachment.text).toContain("@\u200bchannel");
    expect(attachment.fields).toEqual(
      expect.arrayContaining([{ title: "Impact", value: "Critical", short: true }]),
    );

    // Each provider accepted its message: the delivery log says so.
    for (const id of Object.values(ids)) {
      await expect.poll(async () => (await deliveries(id))[0]?.state).toBe("succeeded");
    }
    expect((await deliveries(ids.teams))[0]!.attempts.map((a) => a.statusCode)).toEqual([202]);
    for (const id of Object.values(ids)) await admin.delete(`/v1/webhook-endpoints/${id}`);
  });

  it("carries an incident's lifecycle to every chat kind, links and mentions typed in it inert", async () => {
    const kinds = ["slack", "discord", "teams", "google_chat", "mattermost"] as const;
    const ids = Object.fromEntries(
      await Promise.all(kinds.map(async (kind) => [kind, await endpoint(kind)] as const)),
    );
    const incident = await publish("Search is [down](https://evil.example)");
    const update = async (status: string, body: string) => {
      const response = await admin.post(`/v1/incidents/${incident}/updates`, { status, body });
      expect(response.status, response.text).toBe(201);
    };
    await update("identified", "See [the fix](https://evil.example) @everyone");
    await update("resolved", "Search works again.");
    for (const kind of kinds) {
      await expect
        .poll(async () => (await deliveries(ids[kind]!)).map((d) => d.state), {
          timeout: 10_000,
        })
        .toEqual(["succeeded", "succeeded", "succeeded"]);
      const bodies = receiver
        .on(`/${kind}`)
        .slice(-3)
        .map((r) => r.body);
      const all = bodies.join("\n");
      // Markdown links never become links to another site; markup in a name stays text.
      expect(all, kind).not.toContain("](https://evil.example)");
      // Slack and Google Chat read `<…>` as their own markup.
      if (kind === "slack" || kind === "google_chat")
        expect(all, kind).not.toContain("<users/all>");
      expect(bodies[2], kind).toContain("Resolved");
    }
    const discord = JSON.parse(receiver.on("/discord").at(-2)!.body);
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    const slack = JSON.parse(receiver.on("/slack").at(-2)!.body);
    expect(JSON.stringify(slack.blocks)).toContain("&lt;users/all&gt;");
    for (const id of Object.values(ids)) await admin.delete(`/v1/webhook-endpoints/${id}`);
  });

  it("fails at once on a provider's refusal and retries its overload, as the delivery log shows", async () => {
    const refused = await endpoint("teams", "/teams-refused");
    receiver.always("/teams-refused", {
      status: 400,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ error: { code: "WorkflowTriggerIsNotEnabled", message: "Off." } }),
    });
    const busy = await endpoint("google_chat", "/chat-busy");
    receiver.reply("/chat-busy", {
      status: 429,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ error: { code: 429, status: "RESOURCE_EXHAUSTED" } }),
    });
    receiver.answer("/chat-busy", googleChatSpace);
    const down = await endpoint("mattermost", "/mattermost-down");
    receiver.reply("/mattermost-down", { status: 502 }, { status: 502 }, { status: 502 });
    await publish("Refunds are delayed");

    await expect.poll(async () => (await deliveries(refused))[0]?.state).toBe("failed");
    expect((await deliveries(refused))[0]!.attempts.map((a) => a.statusCode)).toEqual([400]);
    await expect
      .poll(async () => (await deliveries(busy))[0]?.state, { timeout: 10_000 })
      .toBe("succeeded");
    expect((await deliveries(busy))[0]!.attempts.map((a) => a.statusCode)).toEqual([429, 200]);
    await expect
      .poll(async () => (await deliveries(down))[0]?.state, { timeout: 10_000 })
      .toBe("failed");
    expect((await deliveries(down))[0]!.attempts.map((a) => a.statusCode)).toEqual([502, 502, 502]);
    const states = (await admin.get("/v1/webhook-endpoints")).body;
    const stateOf = (id: string) => states.find((e: { id: string }) => e.id === id).state;
    expect([stateOf(refused), stateOf(busy), stateOf(down)]).toEqual([
      "failing",
      "active",
      "failing",
    ]);
  });
});
