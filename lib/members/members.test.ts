import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import { memberWithRole, OWNER, setUpOwner, TestClient } from "@/lib/testing/client";

let owner: TestClient;
let ownerId: string;

beforeAll(async () => {
  ({ client: owner, userId: ownerId } = await setUpOwner());
});

describe("invitations", () => {
  it("invite, accept, sign in: the member has the invited role", async () => {
    const invited = await owner.post("/v1/invitations", {
      email: "Ed@Example.com",
      role: "editor",
    });
    expect(invited.status).toBe(201);
    expect(invited.body.invitation).toMatchObject({ email: "ed@example.com", role: "editor" });
    expect(invited.body.acceptUrl).toBe(
      `http://localhost:3000/accept-invitation?token=${encodeURIComponent(invited.body.token)}`,
    );
    const expiresIn = Date.parse(invited.body.invitation.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600_000);

    const listed = await owner.get("/v1/members");
    expect(listed.body.invitations.map((i: { email: string }) => i.email)).toContain(
      "ed@example.com",
    );

    const editor = new TestClient();
    const accepted = await editor.post("/v1/invitations/accept", {
      token: invited.body.token,
      name: "Ed Editor",
      password: "editor password",
    });
    expect(accepted.status).toBe(201);
    const me = await editor.get("/v1/me");
    expect(me.body).toMatchObject({
      email: "ed@example.com",
      role: "editor",
      userId: accepted.body.userId,
    });

    const again = new TestClient();
    const signIn = await again.post("/auth/sign-in/email", {
      email: "ed@example.com",
      password: "editor password",
    });
    expect(signIn.status).toBe(200);

    const members = (await owner.get("/v1/members")).body;
    expect(members.members).toEqual([
      expect.objectContaining({
        userId: ownerId,
        role: "owner",
        email: OWNER.email,
        twoFactorEnabled: false,
      }),
      expect.objectContaining({ userId: accepted.body.userId, role: "editor", name: "Ed Editor" }),
    ]);
    expect(members.invitations.map((i: { email: string }) => i.email)).not.toContain(
      "ed@example.com",
    );
  });

  it("refuses a token used twice, even by two simultaneous accepts", async () => {
    const { token } = (
      await owner.post("/v1/invitations", { email: "twice@example.com", role: "viewer" })
    ).body;
    const body = { token, name: "Twice", password: "twice password" };
    const results = await Promise.all([
      new TestClient().post("/v1/invitations/accept", body),
      new TestClient().post("/v1/invitations/accept", body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe("invitation_used");
    const later = await new TestClient().post("/v1/invitations/accept", body);
    expect(later.status).toBe(409);
    expect(later.body.code).toBe("invitation_used");
  });

  it("refuses an expired invitation and an unknown token", async () => {
    const invited = (
      await owner.post("/v1/invitations", { email: "late@example.com", role: "viewer" })
    ).body;
    const db = await getDb();
    await db
      .update(schema.invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.invitation.id, invited.invitation.id));
    const expired = await new TestClient().post("/v1/invitations/accept", {
      token: invited.token,
      name: "Late",
      password: "late password",
    });
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe("invitation_expired");
    expect(
      (await owner.get("/v1/members")).body.invitations.map((i: { email: string }) => i.email),
    ).not.toContain("late@example.com");

    const unknown = await new TestClient().post("/v1/invitations/accept", {
      token: "no-such-token",
      name: "Nobody",
      password: "nobody password",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("invitation_not_found");
  });

  it("replaces an older invitation for the same address, and revokes", async () => {
    const first = (
      await owner.post("/v1/invitations", { email: "again@example.com", role: "viewer" })
    ).body;
    const second = (
      await owner.post("/v1/invitations", { email: "again@example.com", role: "admin" })
    ).body;
    const old = await new TestClient().post("/v1/invitations/accept", {
      token: first.token,
      name: "A",
      password: "again password",
    });
    expect(old.status).toBe(404);
    expect((await owner.delete(`/v1/invitations/${second.invitation.id}`)).status).toBe(204);
    expect((await owner.delete(`/v1/invitations/${second.invitation.id}`)).status).toBe(404);
    const revoked = await new TestClient().post("/v1/invitations/accept", {
      token: second.token,
      name: "A",
      password: "again password",
    });
    expect(revoked.status).toBe(404);
  });

  it("refuses to invite a member again, or anyone as owner", async () => {
    const existing = await owner.post("/v1/invitations", { email: OWNER.email, role: "admin" });
    expect(existing.status).toBe(409);
    expect(existing.body.code).toBe("already_member");
    const asOwner = await owner.post("/v1/invitations", {
      email: "boss@example.com",
      role: "owner",
    });
    expect(asOwner.status).toBe(403);
    expect(asOwner.body.code).toBe("forbidden");
  });

  it("validates the accept body and keeps failed accepts from writing anything", async () => {
    const { token } = (
      await owner.post("/v1/invitations", { email: "short@example.com", role: "viewer" })
    ).body;
    const bad = await new TestClient().post("/v1/invitations/accept", {
      token,
      name: "",
      password: "short",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "name",
      "password",
    ]);
    const good = await new TestClient().post("/v1/invitations/accept", {
      token,
      name: "Short",
      password: "long enough now",
    });
    expect(good.status).toBe(201);
  });
});

describe("members", () => {
  it("role changes take effect on the next request", async () => {
    const viewer = await memberWithRole(owner, "viewer");
    expect((await viewer.client.get("/v1/members")).status).toBe(403);
    const changed = await owner.patch(`/v1/members/${viewer.userId}`, { role: "admin" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ userId: viewer.userId, role: "admin" });
    expect((await viewer.client.get("/v1/me")).body.role).toBe("admin");
    expect((await viewer.client.get("/v1/members")).status).toBe(200);
  });

  it("protects the owner: not demoted, not removed, and nobody raised to owner", async () => {
    const admin = await memberWithRole(owner, "admin");
    const demote = await admin.client.patch(`/v1/members/${ownerId}`, { role: "viewer" });
    expect(demote.status).toBe(403);
    expect((await owner.patch(`/v1/members/${ownerId}`, { role: "admin" })).status).toBe(403);
    expect((await admin.client.delete(`/v1/members/${ownerId}`)).status).toBe(403);
    const raise = await admin.client.patch(`/v1/members/${admin.userId}`, { role: "owner" });
    expect(raise.status).toBe(403);
    expect((await owner.patch(`/v1/members/${admin.userId}`, { role: "owner" })).status).toBe(403);
    expect((await owner.get("/v1/me")).body.role).toBe("owner");
    expect((await admin.client.get("/v1/me")).body.role).toBe("admin");
  });

  it("a removed member loses access on the next request and cannot sign in again", async () => {
    const editor = await memberWithRole(owner, "editor");
    const secondDevice = new TestClient();
    expect(
      (
        await secondDevice.post("/auth/sign-in/email", {
          email: editor.email,
          password: editor.password,
        })
      ).status,
    ).toBe(200);
    expect((await editor.client.get("/v1/me")).status).toBe(200);
    expect((await owner.delete(`/v1/members/${editor.userId}`)).status).toBe(204);
    expect((await editor.client.get("/v1/me")).status).toBe(401);
    expect((await secondDevice.get("/v1/me")).status).toBe(401);
    const signIn = await new TestClient().post("/auth/sign-in/email", {
      email: editor.email,
      password: editor.password,
    });
    expect(signIn.status).toBe(401);
    expect((await owner.delete(`/v1/members/${editor.userId}`)).status).toBe(404);
    // The address can be invited again.
    expect(
      (await owner.post("/v1/invitations", { email: editor.email, role: "viewer" })).status,
    ).toBe(201);
  });

  it("answers 404 for an unknown member and 400 for a bad id or role", async () => {
    const unknown = "019a0000-0000-7000-8000-000000000000";
    expect((await owner.patch(`/v1/members/${unknown}`, { role: "viewer" })).status).toBe(404);
    const badId = await owner.patch("/v1/members/nope", { role: "viewer" });
    expect(badId.status).toBe(400);
    expect(badId.body.errors[0].field).toBe("userId");
    const badRole = await owner.patch(`/v1/members/${ownerId}`, { role: "emperor" });
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors[0].field).toBe("role");
  });

  it("revokes the pending invitations of an admin who is removed or loses admin", async () => {
    const accept = (token: string) =>
      new TestClient().post("/v1/invitations/accept", {
        token,
        name: "Late",
        password: "late password",
      });
    const pendingEmails = async () =>
      (await owner.get("/v1/members")).body.invitations.map((i: { email: string }) => i.email);

    /** A new admin who has invited `email`; answers the admin and the invitation's token. */
    const adminWhoInvited = async (email: string) => {
      const admin = await memberWithRole(owner, "admin");
      const invited = await admin.client.post("/v1/invitations", { email, role: "editor" });
      return { ...admin, token: invited.body.token as string };
    };
    const demoted = await adminWhoInvited("by-demoted@example.com");
    const removed = await adminWhoInvited("by-removed@example.com");
    const staying = await adminWhoInvited("by-staying@example.com");
    expect(await pendingEmails()).toEqual(
      expect.arrayContaining(["by-demoted@example.com", "by-removed@example.com"]),
    );

    expect((await owner.patch(`/v1/members/${demoted.userId}`, { role: "editor" })).status).toBe(
      200,
    );
    expect((await owner.delete(`/v1/members/${removed.userId}`)).status).toBe(204);
    expect((await accept(demoted.token)).body.code).toBe("invitation_not_found");
    expect((await accept(removed.token)).body.code).toBe("invitation_not_found");
    const pending = await pendingEmails();
    expect(pending).not.toContain("by-demoted@example.com");
    expect(pending).not.toContain("by-removed@example.com");

    // An admin who stays admin keeps theirs.
    expect((await owner.patch(`/v1/members/${staying.userId}`, { role: "admin" })).status).toBe(
      200,
    );
    expect((await accept(staying.token)).status).toBe(201);
  });
});
