import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { TestClient } from "@/lib/testing/client";

const SIGNING_KEY = `signkey-prod-${"5e".repeat(32)}`;

function clearInngestSettings() {
  delete process.env.INNGEST_EVENT_KEY;
  delete process.env.INNGEST_SIGNING_KEY;
  delete process.env.ORIGIN_VERIFY_SECRET;
  resetConfig();
}

/** JSON with its keys sorted at every level: what Inngest signs (RFC 8785, for plain data). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The X-Inngest-Signature Inngest sends: HMAC-SHA256 of the body and time, keyed by the signing key. */
function sign(body: string, key = SIGNING_KEY, at = Math.floor(Date.now() / 1000)): string {
  const secret = key.replace(/^signkey-\w+-/, "");
  const mac = createHmac("sha256", secret).update(body).update(String(at)).digest("hex");
  return `t=${at}&s=${mac}`;
}

const inngest = new TestClient();

describe("/api/inngest on the embedded runner", () => {
  afterEach(clearInngestSettings);

  it.each(["GET", "POST", "PUT", "OPTIONS"])("does not exist (%s is 404)", async (method) => {
    const response = await inngest.call(method, "/api/inngest", {
      body: method === "GET" || method === "OPTIONS" ? undefined : {},
    });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ status: 404, code: "not_found" });
  });
});

// Inngest runs the background work (both keys), in cloud mode: every call must be signed.
describe("/api/inngest with Inngest configured", () => {
  beforeAll(() => {
    process.env.INNGEST_EVENT_KEY = "event-key";
    process.env.INNGEST_SIGNING_KEY = SIGNING_KEY;
    process.env.ORIGIN_VERIFY_SECRET = "front-layer-secret-0123456789";
    resetConfig();
  });
  afterAll(clearInngestSettings);

  it("answers Inngest's signed call, directly (the front gate lets Inngest by)", async () => {
    const response = await inngest.get("/api/inngest", {
      headers: { "x-inngest-signature": sign("") },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      authentication_succeeded: true,
      mode: "cloud",
      function_count: 6,
    });
  });

  it("runs a function for a signed call", async () => {
    const body = canonical({
      ctx: {
        attempt: 0,
        disable_immediate_execution: false,
        run_id: "01HRUN000000000000000000000",
        stack: { current: 0, stack: [] },
        use_api: false,
      },
      event: { data: {}, id: "evt-1", name: "allclear/outbox.pending", ts: Date.now() },
      events: [{ data: {}, id: "evt-1", name: "allclear/outbox.pending", ts: Date.now() }],
      steps: {},
      version: 2,
    });
    const response = await inngest.post(
      "/api/inngest?fnId=allclear-fan-out-events&stepId=step",
      body,
      {
        headers: { "content-type": "application/json", "x-inngest-signature": sign(body) },
      },
    );
    expect(response.status, response.text).toBeLessThan(300);
  });

  it.each([
    ["no signature", undefined],
    ["a signature by another key", sign("", `signkey-prod-${"77".repeat(32)}`)],
    ["an expired signature", sign("", SIGNING_KEY, Math.floor(Date.now() / 1000) - 600)],
  ])("refuses a call with %s", async (_, signature) => {
    const response = await inngest.get("/api/inngest", {
      headers: signature ? { "x-inngest-signature": signature } : {},
    });
    expect(response.status).toBe(401);
    const run = await inngest.post("/api/inngest?fnId=allclear-fan-out-events&stepId=step", "{}", {
      headers: {
        "content-type": "application/json",
        ...(signature ? { "x-inngest-signature": signature } : {}),
      },
    });
    expect(run.status).toBeGreaterThanOrEqual(400);
    expect(run.status).toBeLessThan(500);
  });
});
