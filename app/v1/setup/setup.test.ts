import { describe, expect, it } from "vitest";
import { OWNER, TestClient } from "@/lib/testing/client";

describe("POST /v1/setup", () => {
  it("refuses an invalid body without creating anything", async () => {
    const client = new TestClient();
    const response = await client.post("/v1/setup", {
      workspaceName: "",
      name: "O",
      email: "nope",
      password: "short",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.body.code).toBe("validation_failed");
    expect(response.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "email",
      "password",
      "workspaceName",
    ]);
    expect((await client.get("/v1/me")).status).toBe(401);
  });

  it("sets up once, even under two concurrent first calls, and signs the owner in", async () => {
    const first = new TestClient();
    const second = new TestClient();
    const [a, b] = await Promise.all([
      first.post("/v1/setup", OWNER),
      second.post("/v1/setup", { ...OWNER, email: "other@example.com" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const [winner, loser] = a.status === 201 ? [a, b] : [b, a];
    const winnerClient = a.status === 201 ? first : second;
    expect(winner.body).toEqual({ workspaceId: expect.any(String), userId: expect.any(String) });
    expect(winner.body.workspaceId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(loser.body).toMatchObject({ type: "about:blank", status: 409, code: "already_set_up" });

    const me = await winnerClient.get("/v1/me");
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      userId: winner.body.userId,
      workspaceId: winner.body.workspaceId,
      role: "owner",
      email: a.status === 201 ? OWNER.email : "other@example.com",
    });

    const again = await new TestClient().post("/v1/setup", OWNER);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_set_up");
  });

  it("signs in with the password, refuses a foreign origin and a wrong password, and signs out", async () => {
    const client = new TestClient();
    const foreign = await client.post(
      "/auth/sign-in/email",
      { email: OWNER.email, password: OWNER.password },
      { headers: { origin: "https://evil.example" } },
    );
    expect(foreign.status).toBe(403);
    expect(client.cookies.size).toBe(0);

    const wrong = await client.post("/auth/sign-in/email", {
      email: OWNER.email,
      password: "wrong password",
    });
    expect(wrong.status).toBe(401);

    // The owner of the concurrent test above may have been either address.
    let signedIn = await client.post("/auth/sign-in/email", {
      email: OWNER.email,
      password: OWNER.password,
    });
    if (signedIn.status !== 200) {
      signedIn = await client.post("/auth/sign-in/email", {
        email: "other@example.com",
        password: OWNER.password,
      });
    }
    expect(signedIn.status).toBe(200);
    const me = await client.get("/v1/me");
    expect(me.status).toBe(200);
    const stolenCookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

    const out = await client.post("/auth/sign-out", {});
    expect(out.status).toBe(200);
    expect((await client.get("/v1/me")).status).toBe(401);
    // The old cookie is dead on the server too, not only forgotten by the client.
    const replay = await new TestClient().get("/v1/me", { headers: { cookie: stolenCookie } });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("unauthenticated");
  });

  it("refuses sign-up: members come from setup and invitations only", async () => {
    const response = await new TestClient().post("/auth/sign-up/email", {
      email: "new@example.com",
      password: "another password",
      name: "New",
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
