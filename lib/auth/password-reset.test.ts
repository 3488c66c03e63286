import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import { claimDueMessages, recordSends, sendClaimed } from "@/lib/email/queue";
import { OWNER, setUpOwner, TestClient } from "@/lib/testing/client";

let owner: TestClient;

beforeAll(async () => {
  ({ client: owner } = await setUpOwner());
});

/** Sends what is queued into the local mailbox (no SMTP_URL here) and answers it. */
async function mailbox() {
  await recordSends(await sendClaimed(await claimDueMessages({ limit: 50 })));
  const db = await getDb();
  return db.select().from(schema.mailboxMessage);
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
    const mail = (await mailbox()).filter((m) => m.subject.startsWith("Reset your"));
    expect(mail.map((m) => m.toAddress)).toEqual([OWNER.email]);
    const link = /http:\/\/localhost:3000\/reset-password\?token=([\w-]+)/.exec(mail[0]!.text);
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
