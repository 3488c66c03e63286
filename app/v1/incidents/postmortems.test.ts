import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { memberWithRole, setUpOwner, TestClient } from "@/lib/testing/client";
import { startDeliveries } from "@/lib/testing/deliveries";
import type { Receiver } from "@/lib/testing/receiver";
import { linkIn, type MailCatcher } from "@/lib/testing/smtp";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

let owner: TestClient;
let editor: TestClient;
let viewer: TestClient;
let catcher: MailCatcher;
let hooks: Receiver;
let stopDeliveries: () => Promise<void>;

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

beforeAll(async () => {
  ({ catcher, hooks, stop: stopDeliveries } = await startDeliveries());
  ({ client: owner } = await setUpOwner());
  ({ client: editor } = await memberWithRole(owner, "editor"));
  ({ client: viewer } = await memberWithRole(owner, "viewer"));
  const endpoint = await owner.post("/v1/webhook-endpoints", {
    kind: "webhook",
    name: "Operations",
    url: `${hooks.url}/events`,
  });
  expect(endpoint.status, endpoint.text).toBe(201);
});

afterAll(() => stopDeliveries());

beforeEach(() => catcher.clear());

/** A subscriber added by the team and confirmed from the mailed link, as they would. */
async function activeSubscriber(email: string, postmortems?: boolean) {
  const created = await owner.post("/v1/subscribers", { email, postmortems });
  expect(created.status, created.text).toBe(201);
  expect(created.body.postmortems).toBe(postmortems ?? false);
  await catcher.waitFor(() => catcher.to(email).length > 0);
  const confirmed = await new TestClient().post(
    pathOf(linkIn(catcher.to(email)[0]!.text, "/public/subscriptions/confirm")),
    "",
    { headers: FORM },
  );
  expect(confirmed.status, confirmed.text).toBe(200);
}

async function resolvedIncident(visibility = "published") {
  const declared = await editor.post("/v1/incidents", {
    title: `Checkout errors ${Math.random().toString(36).slice(2, 7)}`,
    impact: "major",
    body: "Looking into it.",
    visibility,
  });
  expect(declared.status, declared.text).toBe(201);
  const resolved = await editor.post(`/v1/incidents/${declared.body.id}/updates`, {
    status: "resolved",
    body: "Fixed.",
  });
  expect(resolved.status, resolved.text).toBe(201);
  return declared.body as { id: string; title: string };
}

const postmortemEvents = (id: string) =>
  hooks
    .on("/events")
    .map((request) => JSON.parse(request.body))
    .filter((e) => e.type === "incident.postmortem_published" && e.data.incident.id === id);

describe("postmortems", () => {
  it("are written once resolved, kept from readers as a draft, and published once", async () => {
    const open = await editor.post("/v1/incidents", {
      title: "Still open",
      impact: "minor",
      body: "Looking.",
      visibility: "published",
    });
    const early = await editor.put(`/v1/incidents/${open.body.id}/postmortem`, { body: "Soon." });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("illegal_transition");

    const incident = await resolvedIncident();
    expect((await editor.post(`/v1/incidents/${incident.id}/postmortem/publish`)).body.code).toBe(
      "illegal_transition",
    );
    expect(
      (await viewer.put(`/v1/incidents/${incident.id}/postmortem`, { body: "No." })).status,
    ).toBe(403);
    const empty = await editor.put(`/v1/incidents/${incident.id}/postmortem`, { body: " " });
    expect(empty.status).toBe(400);
    const html = await editor.put(`/v1/incidents/${incident.id}/postmortem`, {
      body: "<script>alert(1)</script>",
    });
    expect(html.status).toBe(422);

    const draft = await editor.put(`/v1/incidents/${incident.id}/postmortem`, {
      body: "## What happened\n\nA **deploy** broke checkout.",
    });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body.postmortem).toMatchObject({
      body: "## What happened\n\nA **deploy** broke checkout.",
      publishedAt: null,
    });
    expect((await viewer.get(`/v1/incidents/${incident.id}`)).body.postmortem.publishedAt).toBe(
      null,
    );
    const visitor = new TestClient();
    // The draft never reaches the public page.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await visitor.get(`/incidents/${incident.id}`)).text).not.toContain("broke checkout");

    const published = await editor.post(`/v1/incidents/${incident.id}/postmortem/publish`);
    expect(published.status, published.text).toBe(200);
    expect(Date.parse(published.body.postmortem.publishedAt)).toBeGreaterThan(0);
    await expect
      .poll(async () => (await visitor.get(`/incidents/${incident.id}`)).text, { timeout: 5_000 })
      .toContain("<strong>deploy</strong> broke checkout");
    expect((await visitor.get("/history")).text).toContain(
      `/incidents/${incident.id}#postmortem-heading`,
    );
    await expect.poll(() => postmortemEvents(incident.id).length, { timeout: 10_000 }).toBe(1);
    expect(postmortemEvents(incident.id)[0].data.incident.postmortem.body).toContain(
      "broke checkout",
    );

    const again = await editor.post(`/v1/incidents/${incident.id}/postmortem/publish`);
    expect(again.status).toBe(409);
    const corrected = await editor.put(`/v1/incidents/${incident.id}/postmortem`, {
      body: "A deploy broke checkout for 12 minutes.",
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.postmortem.publishedAt).toBe(published.body.postmortem.publishedAt);
    expect((await editor.delete(`/v1/incidents/${incident.id}/postmortem`)).status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(postmortemEvents(incident.id)).toHaveLength(1);
  });

  it("stay out of every event while they are drafts", async () => {
    const incident = await resolvedIncident();
    await editor.put(`/v1/incidents/${incident.id}/postmortem`, { body: "Secret draft." });
    const renamed = await editor.patch(`/v1/incidents/${incident.id}`, {
      title: `${incident.title} (renamed)`,
    });
    expect(renamed.status, renamed.text).toBe(200);
    const updated = () =>
      hooks
        .on("/events")
        .map((request) => JSON.parse(request.body))
        .filter((e) => e.type === "incident.updated" && e.data.incident.id === incident.id);
    await expect.poll(() => updated().length, { timeout: 10_000 }).toBe(1);
    expect(updated()[0].data.incident.postmortem).toBeNull();
    expect(JSON.stringify(updated()[0])).not.toContain("Secret draft");
  });

  it("of a draft incident wait for the incident to be published; a draft postmortem can be dropped", async () => {
    const incident = await resolvedIncident("draft");
    await editor.put(`/v1/incidents/${incident.id}/postmortem`, { body: "Notes." });
    const refused = await editor.post(`/v1/incidents/${incident.id}/postmortem/publish`);
    expect(refused.status).toBe(409);
    expect((await editor.delete(`/v1/incidents/${incident.id}/postmortem`)).status).toBe(204);
    expect((await editor.get(`/v1/incidents/${incident.id}`)).body.postmortem).toBeNull();
  });

  it("are mailed only to the subscribers who chose them, which they choose on their own page", async () => {
    await activeSubscriber("wants@example.com", true);
    await activeSubscriber("later@example.com");
    await activeSubscriber("never@example.com");
    catcher.clear();

    // One subscriber opts in from the manage link their mail carries.
    const incident = await resolvedIncident();
    await catcher.waitFor(() => catcher.to("later@example.com").length >= 2);
    const manage = linkIn(catcher.to("later@example.com")[0]!.text, "/public/subscriptions/manage");
    const shown = await new TestClient().get(pathOf(manage));
    expect(shown.text).toContain('name="postmortems"');
    const chosen = await new TestClient().post(pathOf(manage), "postmortems=on", {
      headers: FORM,
    });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.text).toMatch(/name="postmortems" checked/);
    const listed = (await owner.get("/v1/subscribers")).body as {
      email: string;
      postmortems: boolean;
    }[];
    expect(listed.find((s) => s.email === "later@example.com")!.postmortems).toBe(true);
    catcher.clear();

    await editor.put(`/v1/incidents/${incident.id}/postmortem`, { body: "What we learned." });
    await editor.post(`/v1/incidents/${incident.id}/postmortem/publish`);
    await catcher.waitFor(
      () => catcher.to("wants@example.com").length + catcher.to("later@example.com").length >= 2,
    );
    const [mail] = catcher.to("wants@example.com");
    expect(mail!.subject).toMatch(new RegExp(`\\] Postmortem: ${incident.title}$`));
    expect(mail!.text).toContain("What we learned.");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(catcher.to("never@example.com")).toHaveLength(0);
  });
});
