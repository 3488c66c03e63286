import { beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import { claimDueMessages, recordSends, sendClaimed } from "@/lib/email/queue";
import { OWNER, setUpOwner, TestClient } from "@/lib/testing/client";

let owner: TestClient;

beforeAll(async () => {
  ({ client: owner } = await setUpOwner());
});

/**
 * Sends what is queued (no SMTP_URL here) and answers what the server printed meanwhile: a reset
 * link is never kept in the local mailbox, which every admin reads, but printed for the operator.
 */
async function sendAndReadLog(): Promise<string[]> {
  const printed: string[] = [];
  const spy = vi.spyOn(console, "info").mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(" "));
  });
  try {
    await recordSends(await sendClaimed(await claimDueMessages({ limit: 50 })));
  } finally {
    spy.mockRestore();
  }
  return printed;
}

const post = (client: TestClient, path: string, body: unknown) => client.post(path, body);

describe("password reset by email", () => {
  it("mails a link for a member's address, and nothing for an unknown one, answering both alike", async () => {
    const visitor = new TestClient();
    const known = await post(visitor, "/auth/request-password-reset", {
      email: OWNER.email,
      redirectTo: "/reset-password",
    });
    const unknown = await post(new TestClient(), "/auth/request-password-reset", {
      email: "nobody@example.com",
      redirectTo: "/reset-password",
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const resets = (await sendAndReadLog()).filter((line) => line.includes("password reset for"));
    expect(resets).toHaveLength(1);
    expect(resets[0]).toContain(`password reset for ${OWNER.email}: `);
    const link = /http:\/\/localhost:3000\/reset-password\?token=([\w%-]+)/.exec(resets[0]!);
    expect(link).not.toBeNull();

    // The link sets a new password once, ends every session, and the new password signs in.
    const reset = await post(new TestClient(), "/auth/reset-password", {
      token: decodeURIComponent(link![1]!),
      newPassword: "a brand new password",
    });
    expect(reset.status, reset.text).toBe(200);
    expect((await owner.get("/v1/me")).status).toBe(401);
    const again = await post(new TestClient(), "/auth/reset-password", {
      token: decodeURIComponent(link![1]!),
      newPassword: "yet another password",
    });
    expect(again.status).toBe(400);
    const signIn = await post(new TestClient(), "/auth/sign-in/email", {
      email: OWNER.email,
      password: "a brand new password",
    });
    expect(signIn.status).toBe(200);
  });

  it("limits requests per visitor address", async () => {
    const visitor = new TestClient();
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) {
      answers.push(
        (await post(visitor, "/auth/request-password-reset", { email: `x${i}@example.com` }))
          .status,
      );
    }
    expect(answers).toEqual([200, 200, 200, 429]);
    const db = await getDb();
    const rows = await db
      .select()
      .from(schema.emailMessage)
      .where(eq(schema.emailMessage.kind, "password_reset"));
    expect(rows).toHaveLength(1);
  });
});
