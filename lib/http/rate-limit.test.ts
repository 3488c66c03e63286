import { randomBytes, randomInt } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LIMIT } from "@/lib/auth/auth";
import { resetConfig } from "@/lib/config";
import { MAX_TRACKED_KEYS, WindowLimiter } from "@/lib/http/rate-limit";
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
        email: `nobody-${i}@example.com`,
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

  it("counts the right-most address of the header, whatever the client puts before it", async () => {
    const client = new TestClient();
    const from = (chain: string) => ({ headers: { "x-forwarded-for": chain } });
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) {
      const attempt = await client.post(
        "/auth/sign-in/email",
        { email: `nobody-else-${i}@example.com`, password: "guess" },
        from(`198.18.0.${i}, 203.0.113.20`),
      );
      expect(attempt.status).toBe(401);
    }
    const limited = await client.post(
      "/auth/sign-in/email",
      { email: "nobody-else@example.com", password: "guess" },
      from("198.18.1.1, 203.0.113.20"),
    );
    expect(limited.status).toBe(429);
    // The same spoofed first value from another address is another visitor.
    const other = await client.post(
      "/auth/sign-in/email",
      { email: "nobody-else@example.com", password: "guess" },
      from("198.18.0.1, 203.0.113.21"),
    );
    expect(other.status).toBe(401);
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

  it("gives a made-up session cookie no allowance of its own: it counts against the address", async () => {
    process.env.API_RATE_LIMIT = "5";
    resetConfig();
    const forger = new TestClient("203.0.113.60");
    const forged = () => ({
      headers: {
        cookie: `allclear.session_token=${randomBytes(24).toString("base64url")}.${randomBytes(32).toString("base64url")}`,
      },
    });
    for (let i = 0; i < 5; i++) expect((await forger.get("/v1/me", forged())).status).toBe(401);
    const limited = await forger.get("/v1/me", forged());
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
  });

  it("counts a request without a session under the right-most address the proxy wrote", async () => {
    process.env.API_RATE_LIMIT = "5";
    resetConfig();
    const client = new TestClient();
    // Whatever the client puts in front, the proxy appends the address it saw.
    const spoofed = () => ({
      headers: { "x-forwarded-for": `198.18.${randomInt(256)}.${randomInt(256)}, 203.0.113.61` },
    });
    for (let i = 0; i < 5; i++) expect((await client.get("/v1/me", spoofed())).status).toBe(401);
    expect((await client.get("/v1/me", spoofed())).status).toBe(429);
    // One IPv6 visitor is one /64 network, however many addresses it takes from it.
    const v6 = (host: number) => ({ headers: { "x-forwarded-for": `2001:db8:1:2::${host}` } });
    for (let i = 1; i <= 5; i++) expect((await client.get("/v1/me", v6(i))).status).toBe(401);
    expect((await client.get("/v1/me", v6(99))).status).toBe(429);
    expect(
      (await client.get("/v1/me", { headers: { "x-forwarded-for": "2001:db8:1:3::1" } })).status,
    ).toBe(401);
  });

  it("keeps memory bounded under a flood of distinct keys, and drops expired windows", () => {
    const limiter = new WindowLimiter();
    const start = Date.now();
    for (let i = 0; i < MAX_TRACKED_KEYS * 3; i++) limiter.hit(`flood-${i}`, 10, start);
    expect(limiter.size).toBe(MAX_TRACKED_KEYS);
    expect(limiter.hit("flood-last", 1, start)).toBeNull();
    expect(limiter.hit("flood-last", 1, start)).toBe(60);
    limiter.hit("later", 10, start + 60_000);
    expect(limiter.size).toBe(1);
  });

  it("is off with API_RATE_LIMIT=0", async () => {
    process.env.API_RATE_LIMIT = "0";
    resetConfig();
    const client = new TestClient();
    await client.post("/auth/sign-in/email", { email: OWNER.email, password: OWNER.password });
    for (let i = 0; i < 30; i++) expect((await client.get("/v1/me")).status).toBe(200);
  });
});
