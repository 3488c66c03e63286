import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LIMIT } from "@/lib/auth/auth";
import { resetConfig } from "@/lib/config";
import { OWNER, setUpOwner, TestClient } from "@/lib/testing/client";

beforeAll(async () => {
  await setUpOwner();
});

afterEach(() => {
  delete process.env.API_RATE_LIMIT;
  resetConfig();
});

describe("sign-in rate limit per visitor address", () => {
  it("answers 429 with Retry-After past the limit; another address is unaffected", async () => {
    const attacker = new TestClient("203.0.113.7");
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) {
      const attempt = await attacker.post("/auth/sign-in/email", {
        email: OWNER.email,
        password: `guess ${i}`,
      });
      expect(attempt.status).toBe(401);
    }
    const limited = await attacker.post("/auth/sign-in/email", {
      email: OWNER.email,
      password: OWNER.password,
    });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMIT.window);
    expect((await attacker.get("/v1/me")).status).toBe(401);

    const someoneElse = new TestClient("203.0.113.8");
    const fine = await someoneElse.post("/auth/sign-in/email", {
      email: OWNER.email,
      password: OWNER.password,
    });
    expect(fine.status).toBe(200);
  });

  it("limits two-factor code attempts the same way", async () => {
    const guesser = new TestClient("203.0.113.9");
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) {
      const attempt = await guesser.post("/auth/two-factor/verify-totp", { code: "000000" });
      expect(attempt.status).not.toBe(429);
    }
    const limited = await guesser.post("/auth/two-factor/verify-totp", { code: "000000" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });
});

describe("API rate limit per session", () => {
  it("answers 429 rate_limited past API_RATE_LIMIT; another session is unaffected", async () => {
    process.env.API_RATE_LIMIT = "5";
    resetConfig();
    const first = new TestClient();
    const second = new TestClient();
    for (const client of [first, second]) {
      expect(
        (await client.post("/auth/sign-in/email", { email: OWNER.email, password: OWNER.password }))
          .status,
      ).toBe(200);
    }
    for (let i = 0; i < 5; i++) expect((await first.get("/v1/me")).status).toBe(200);
    const limited = await first.get("/v1/me");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("content-type")).toBe("application/problem+json");
    expect(limited.body).toMatchObject({ type: "about:blank", status: 429, code: "rate_limited" });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await second.get("/v1/me")).status).toBe(200);
  });

  it("is off with API_RATE_LIMIT=0", async () => {
    process.env.API_RATE_LIMIT = "0";
    resetConfig();
    const client = new TestClient();
    await client.post("/auth/sign-in/email", { email: OWNER.email, password: OWNER.password });
    for (let i = 0; i < 30; i++) expect((await client.get("/v1/me")).status).toBe(200);
  });
});
