import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { ACCOUNT_THROTTLE } from "@/lib/auth/throttle";
import { OWNER, setUpOwner, TestClient } from "@/lib/testing/client";

// Each attempt from an address of its own: the per-address limit never applies here.
let addresses = 0;
const fromNewAddress = () => new TestClient(`192.0.2.${++addresses}`);

const signIn = (email: string, password: string) =>
  fromNewAddress().post("/auth/sign-in/email", { email, password });

async function windowEndsNow() {
  const db = await getDb();
  await db.execute(sql`update throttle set window_ends_at = now() - interval '1 second'`);
}

beforeAll(async () => {
  await setUpOwner();
});

describe("sign-in attempts per account", () => {
  it("refuses an account after 10 attempts without a success, from whatever addresses", async () => {
    for (let i = 0; i < ACCOUNT_THROTTLE.attempts; i++) {
      expect((await signIn(OWNER.email, `guess ${i}`)).status).toBe(401);
    }
    // Even the right password, from a fresh address, waits until the window ends.
    const refused = await signIn(OWNER.email.toUpperCase(), OWNER.password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.body).toMatchObject({ status: 429, code: "rate_limited" });
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(ACCOUNT_THROTTLE.windowSeconds - 60);
    expect(wait).toBeLessThanOrEqual(ACCOUNT_THROTTLE.windowSeconds);
    expect(refused.headers.getSetCookie()).toEqual([]);

    await windowEndsNow();
    const client = fromNewAddress();
    const allowed = await client.post("/auth/sign-in/email", {
      email: OWNER.email,
      password: OWNER.password,
    });
    expect(allowed.status).toBe(200);
    expect((await client.get("/v1/me")).status).toBe(200);
  });

  it("forgets the attempts after a success", async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < ACCOUNT_THROTTLE.attempts - 1; i++) {
        expect((await signIn(OWNER.email, `wrong ${i}`)).status).toBe(401);
      }
      expect((await signIn(OWNER.email, OWNER.password)).status).toBe(200);
    }
  });

  it("treats an address without an account exactly the same, so it reveals nothing", async () => {
    for (let i = 0; i < ACCOUNT_THROTTLE.attempts; i++) {
      expect((await signIn("nobody@example.com", `guess ${i}`)).status).toBe(401);
    }
    const refused = await signIn("nobody@example.com", "guess");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Other accounts are unaffected.
    expect((await signIn(OWNER.email, OWNER.password)).status).toBe(200);
  });
});

describe("/auth request bodies", () => {
  it("refuses a body over 64 KiB with 413, declared or not", async () => {
    const huge = JSON.stringify({ email: OWNER.email, password: "x".repeat(1024 * 1024) });
    for (const headers of <Record<string, string>[]>[
      { "content-type": "application/json", "content-length": String(huge.length) },
      { "content-type": "application/json" },
    ]) {
      const response = await fromNewAddress().post("/auth/sign-in/email", huge, { headers });
      expect(response.status).toBe(413);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(response.body).toMatchObject({ status: 413, code: "payload_too_large" });
    }
  });
});
