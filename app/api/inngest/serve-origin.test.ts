import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config, resetConfig } from "@/lib/config";
import { Receiver } from "@/lib/testing/receiver";

// A loopback receiver stands in for Inngest's API, where the SDK registers the app's URL.
let inngestApi: Receiver;

beforeAll(async () => {
  inngestApi = await new Receiver().start();
  inngestApi.always("/fn/register", {
    status: 200,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ok: true, modified: true }),
  });
  process.env.INNGEST_EVENT_KEY = "event-key";
  process.env.INNGEST_SIGNING_KEY = `signkey-prod-${"5e".repeat(32)}`;
  process.env.INNGEST_BASE_URL = inngestApi.url;
  resetConfig();
});

afterAll(async () => {
  delete process.env.INNGEST_EVENT_KEY;
  delete process.env.INNGEST_SIGNING_KEY;
  delete process.env.INNGEST_BASE_URL;
  resetConfig();
  await inngestApi.stop();
});

describe("registering with Inngest", () => {
  it("names BASE_URL's /api/inngest whatever host the request claims", async () => {
    const { PUT } = await import("./route");
    const forged = new Request("http://attacker.example/api/inngest", {
      method: "PUT",
      headers: {
        host: "attacker.example",
        "x-forwarded-host": "attacker.example",
        "x-forwarded-proto": "https",
      },
    });
    await PUT(forged, {});
    const [registration] = await inngestApi.waitFor("/fn/register", 1);
    const body = JSON.parse(registration!.body) as { url: string };
    expect(body.url).toBe(`${config().baseUrl}/api/inngest`);
    expect(registration!.body).not.toContain("attacker.example");
  });
});
