import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfig } from "@/lib/config";
import { OWNER, TestClient } from "@/lib/testing/client";

// Counts how often the deployment hashes a password (scrypt: the expensive step), passing each
// call through to better-auth's own function.
const hashing = vi.hoisted(() => ({ calls: 0 }));
vi.mock("better-auth/crypto", async (importOriginal) => {
  const original = await importOriginal<typeof import("better-auth/crypto")>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashing.calls += 1;
      return original.hashPassword(password);
    },
  };
});

const SETUP_TOKEN = "setup-token-for-this-test-0123456789";

function useSetupToken(token: string | undefined) {
  if (token) process.env.SETUP_TOKEN = token;
  else delete process.env.SETUP_TOKEN;
  resetConfig();
}

afterEach(() => useSetupToken(undefined));

describe("SETUP_TOKEN", () => {
  beforeAll(() => useSetupToken(SETUP_TOKEN));

  it.each([
    ["without the header", undefined],
    ["with a wrong token", "setup-token-for-this-test-0123456780"],
    ["with a shorter token", "setup"],
  ])("refuses setup %s with 403 forbidden, before any hashing", async (_, token) => {
    useSetupToken(SETUP_TOKEN);
    hashing.calls = 0;
    const client = new TestClient();
    const response = await client.post("/v1/setup", OWNER, {
      headers: token ? { "x-setup-token": token } : {},
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ status: 403, code: "forbidden" });
    expect(response.body.detail).toMatch(/x-setup-token/);
    expect(hashing.calls).toBe(0);
    expect((await client.get("/v1/me")).status).toBe(401);
  });

  it("sets up with the right token", async () => {
    useSetupToken(SETUP_TOKEN);
    hashing.calls = 0;
    const client = new TestClient();
    const response = await client.post("/v1/setup", OWNER, {
      headers: { "x-setup-token": SETUP_TOKEN },
    });
    expect(response.status).toBe(201);
    expect(hashing.calls).toBe(1);
    expect((await client.get("/v1/me")).status).toBe(200);
  });
});

describe("cheap checks before hashing", () => {
  it("answers a setup after setup with 409 without hashing the password", async () => {
    hashing.calls = 0;
    const again = await new TestClient().post("/v1/setup", OWNER);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_set_up");
    expect(hashing.calls).toBe(0);
  });

  it("answers an invitation link that is not valid without hashing the password", async () => {
    hashing.calls = 0;
    const accepted = await new TestClient().post("/v1/invitations/accept", {
      token: "made-up-token-made-up-token-made-up-token",
      name: "Mallory",
      password: "a long enough password",
    });
    expect(accepted.status).toBe(404);
    expect(accepted.body.code).toBe("invitation_not_found");
    expect(hashing.calls).toBe(0);
  });
});
