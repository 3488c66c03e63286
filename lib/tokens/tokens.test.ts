import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { memberWithRole, setUpOwner, TestClient, tokenClient } from "@/lib/testing/client";

let owner: TestClient;
let ownerId: string;
let workspaceId: string;

beforeAll(async () => {
  ({ client: owner, userId: ownerId, workspaceId } = await setUpOwner());
});

afterEach(() => {
  delete process.env.API_RATE_LIMIT;
  resetConfig();
});

describe("API tokens", () => {
  it("creates a token whose secret is shown once and stored only as a hash", async () => {
    const created = await owner.post("/v1/api-tokens", { name: "Deploy script", role: "editor" });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/v1/api-tokens/${created.body.token.id}`);
    const { token, secret } = created.body;
    expect(secret).toMatch(/^ac_[A-Za-z0-9_-]{40}$/);
    expect(token).toMatchObject({
      name: "Deploy script",
      role: "editor",
      prefix: secret.slice(3, 11),
      createdBy: { userId: ownerId, email: "owner@example.com" },
      expiresAt: null,
      lastUsedAt: null,
      status: "active",
    });
    const listed = await owner.get("/v1/api-tokens");
    expect(listed.status).toBe(200);
    expect(listed.body.tokens[0]).toEqual(token);
    expect(listed.text).not.toContain(secret);
    expect(listed.text).not.toContain(secret.slice(11));
  });

  it("lists newest first and records each use", async () => {
    const first = await tokenClient(owner, "viewer", { name: "first" });
    const second = await tokenClient(owner, "viewer", { name: "second" });
    const ids = (await owner.get("/v1/api-tokens")).body.tokens.map((t: { id: string }) => t.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect((await first.client.get("/v1/components")).status).toBe(200);
    const used = (await owner.get("/v1/api-tokens")).body.tokens.find(
      (t: { id: string }) => t.id === first.id,
    );
    expect(Date.now() - Date.parse(used.lastUsedAt)).toBeLessThan(60_000);
  });

  it("acts with the token's role on behalf of its creator, and says so at /v1/me", async () => {
    const { client, id } = await tokenClient(owner, "editor");
    const me = await client.get("/v1/me");
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      userId: ownerId,
      email: "owner@example.com",
      role: "editor",
      workspaceId,
      tokenId: id,
    });
    expect((await owner.get("/v1/me")).body).not.toHaveProperty("tokenId");
    const made = await client.post("/v1/components", { name: "Made by a script" });
    expect(made.status).toBe(201);
    const refused = await client.patch("/v1/workspace", { name: "Not allowed" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden");
  });

  it("refuses a role above the caller's own, and an expiry in the past", async () => {
    const { client: editor } = await memberWithRole(owner, "editor");
    const tooLow = await editor.post("/v1/api-tokens", { name: "x", role: "viewer" });
    expect(tooLow.status).toBe(403);
    const { client: admin } = await memberWithRole(owner, "admin");
    expect((await admin.post("/v1/api-tokens", { name: "x", role: "admin" })).status).toBe(201);
    const owners = await admin.post("/v1/api-tokens", { name: "x", role: "owner" });
    expect(owners.status).toBe(400);
    const past = await owner.post("/v1/api-tokens", {
      name: "x",
      role: "viewer",
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([{ field: "expiresAt", message: "Must be in the future." }]);
    const nameless = await owner.post("/v1/api-tokens", { name: "", role: "viewer" });
    expect(nameless.status).toBe(400);
    expect(nameless.body.errors[0].field).toBe("name");
    const long = await owner.post("/v1/api-tokens", { name: "x".repeat(101), role: "viewer" });
    expect(long.status).toBe(400);
  });

  it("stops a token at once when it is revoked", async () => {
    const { client, id } = await tokenClient(owner, "viewer");
    expect((await client.get("/v1/components")).status).toBe(200);
    expect((await owner.delete(`/v1/api-tokens/${id}`)).status).toBe(204);
    const after = await client.get("/v1/components");
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("unauthenticated");
    expect((await owner.delete(`/v1/api-tokens/${id}`)).status).toBe(404);
  });

  it("stops a token when it expires", async () => {
    const { client, id } = await tokenClient(owner, "viewer", {
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    expect((await client.get("/v1/components")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const after = await client.get("/v1/components");
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("unauthenticated");
    const listed = (await owner.get("/v1/api-tokens")).body.tokens.find(
      (t: { id: string }) => t.id === id,
    );
    expect(listed.status).toBe("expired");
  });

  it("refuses malformed and unknown secrets, and other schemes, with 401", async () => {
    for (const authorization of [
      "Bearer ac_short",
      "Bearer nonsense",
      `Bearer ac_${"A".repeat(40)}`,
      "Basic b3duZXI6cGFzc3dvcmQ=",
      "Bearer",
    ]) {
      const response = await new TestClient().get("/v1/me", { headers: { authorization } });
      expect(response.status, authorization).toBe(401);
      expect(response.body.code).toBe("unauthenticated");
    }
  });

  it("does not let a bad token ride on a good session cookie", async () => {
    const response = await owner.get("/v1/me", {
      headers: { authorization: `Bearer ac_${"B".repeat(40)}` },
    });
    expect(response.status).toBe(401);
  });

  it("ignores Origin for bearer requests, which carry no cookie", async () => {
    const { client } = await tokenClient(owner, "editor");
    const made = await client.post(
      "/v1/components",
      { name: "From anywhere" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(made.status).toBe(201);
    const cookie = await owner.post(
      "/v1/components",
      { name: "Cross-site" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(cookie.status).toBe(403);
    expect(cookie.body.code).toBe("invalid_origin");
  });

  it("never lets a token manage tokens, members or invitations, whatever its role", async () => {
    const { client } = await tokenClient(owner, "admin");
    const { userId } = await memberWithRole(owner, "viewer");
    const attempts = [
      await client.post("/v1/api-tokens", { name: "forever", role: "admin" }),
      await client.get("/v1/api-tokens"),
      await client.delete(`/v1/api-tokens/019a0000-0000-7000-8000-00000000beef`),
      await client.get("/v1/members"),
      await client.post("/v1/invitations", { email: "new@example.com", role: "admin" }),
      await client.patch(`/v1/members/${userId}`, { role: "admin" }),
      await client.delete(`/v1/members/${userId}`),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("forbidden");
    }
    // The admin token still does what an admin may.
    expect((await client.patch("/v1/workspace", { name: "Acme" })).status).toBe(200);
  });

  it("stops working when its creator is removed, and is shown as such", async () => {
    const { client: admin, userId } = await memberWithRole(owner, "admin");
    const { client, id } = await tokenClient(admin, "editor");
    expect((await client.get("/v1/components")).status).toBe(200);
    expect((await owner.delete(`/v1/members/${userId}`)).status).toBe(204);
    expect((await client.get("/v1/components")).status).toBe(401);
    const listed = (await owner.get("/v1/api-tokens")).body.tokens.find(
      (t: { id: string }) => t.id === id,
    );
    expect(listed.status).toBe("creator_removed");
    expect(listed.createdBy).toEqual({ userId: null, email: expect.stringMatching(/^admin-/) });
  });

  it("stops working while its creator's role is below the token's", async () => {
    const { client: admin, userId } = await memberWithRole(owner, "admin");
    const { client, id } = await tokenClient(admin, "admin");
    expect((await client.get("/v1/workspace")).status).toBe(200);
    expect((await owner.patch(`/v1/members/${userId}`, { role: "editor" })).status).toBe(200);
    expect((await client.get("/v1/workspace")).status).toBe(401);
    const listed = (await owner.get("/v1/api-tokens")).body.tokens.find(
      (t: { id: string }) => t.id === id,
    );
    expect(listed.status).toBe("creator_role_too_low");
  });

  it("counts API_RATE_LIMIT per token, apart from the session that made it", async () => {
    const { client } = await tokenClient(owner, "viewer");
    const other = await tokenClient(owner, "viewer");
    process.env.API_RATE_LIMIT = "3";
    resetConfig();
    for (let i = 0; i < 3; i++) expect((await client.get("/v1/components")).status).toBe(200);
    const limited = await client.get("/v1/components");
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect((await other.client.get("/v1/components")).status).toBe(200);
  });

  it("counts unknown secrets against the visitor address, not a token of their own", async () => {
    process.env.API_RATE_LIMIT = "2";
    resetConfig();
    const guesser = new TestClient();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      guesser.bearer = `ac_${String(i).repeat(40)}`;
      statuses.push((await guesser.get("/v1/me")).status);
    }
    expect(statuses).toEqual([401, 401, 429, 429]);
  });

  it("declares both security schemes on every /v1 operation", async () => {
    const document = (await new TestClient().get("/openapi.json")).body;
    expect(document.components.securitySchemes.bearer).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    for (const [path, methods] of Object.entries<Record<string, any>>(document.paths)) {
      if (!path.startsWith("/v1/")) continue;
      for (const [method, operation] of Object.entries(methods)) {
        const schemes = operation.security.flatMap((s: object) => Object.keys(s));
        expect(schemes, `${method} ${path}`).toEqual(expect.arrayContaining(["session", "bearer"]));
      }
    }
  });
});
