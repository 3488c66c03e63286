import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb, schema } from "@/db/client";
import { forgetAuth } from "@/lib/auth/auth";
import { resetConfig } from "@/lib/config";
import { setUpOwner, TestClient } from "@/lib/testing/client";

// This suite runs on a PGlite directory on disk (or its own PostgreSQL database), so that
// closing and reopening the database is what a server restart is.
const dir = process.env.DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), "allclear-restart-"));
if (dir) {
  process.env.PGLITE_DIR = path.join(dir, "pglite");
  resetConfig();
}

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function restart() {
  await closeDb();
  forgetAuth();
  await getDb();
}

describe("sessions", () => {
  let owner: TestClient;
  let userId: string;

  it("survive a restart, with the workspace and the users", async () => {
    ({ client: owner, userId } = await setUpOwner());
    await restart();
    const me = await owner.get("/v1/me");
    expect(me.status).toBe(200);
    expect(me.body.userId).toBe(userId);
    expect(
      (
        await new TestClient().post("/v1/setup", {
          workspaceName: "B",
          name: "B",
          email: "b@example.com",
          password: "password123",
        })
      ).status,
    ).toBe(409);
  });

  it("read the member's role fresh on every request", async () => {
    const db = await getDb();
    await db.update(schema.member).set({ role: "viewer" }).where(eq(schema.member.userId, userId));
    expect((await owner.get("/v1/me")).body.role).toBe("viewer");
    await db.update(schema.member).set({ role: "owner" }).where(eq(schema.member.userId, userId));
    expect((await owner.get("/v1/me")).body.role).toBe("owner");
  });

  it("end at once when the session row is gone or has expired", async () => {
    const db = await getDb();
    await db
      .update(schema.session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.session.userId, userId));
    expect((await owner.get("/v1/me")).status).toBe(401);
  });

  it("are refused without a membership", async () => {
    const client = new TestClient();
    const signIn = await client.post("/auth/sign-in/email", {
      email: "owner@example.com",
      password: "correct horse battery",
    });
    expect(signIn.status).toBe(200);
    expect((await client.get("/v1/me")).status).toBe(200);
    const db = await getDb();
    await db.delete(schema.member).where(eq(schema.member.userId, userId));
    expect((await client.get("/v1/me")).status).toBe(401);
  });
});
