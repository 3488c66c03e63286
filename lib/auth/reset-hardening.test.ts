import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import {
  RESET_ANSWER_MS,
  RESET_MAIL_THROTTLE,
  RESET_REQUEST_THROTTLE,
  settlePasswordResets,
} from "@/lib/auth/password-reset";
import { decryptSecret } from "@/lib/crypto/secrets";
import { memberWithRole, setUpOwner, TestClient } from "@/lib/testing/client";

let owner: TestClient;

beforeAll(async () => {
  ({ client: owner } = await setUpOwner());
});

const newMember = () => memberWithRole(owner, "editor");

/** Asks for a reset link from a visitor address of its own; answers the answer and how long it took. */
async function requestReset(email: string) {
  const started = performance.now();
  const answer = await new TestClient().post("/auth/request-password-reset", {
    email,
    redirectTo: "/reset-password",
  });
  return { ...answer, ms: performance.now() - started };
}

/** The tokens of the reset links queued for `email`, oldest first. */
async function resetTokens(email: string): Promise<string[]> {
  await settlePasswordResets();
  const db = await getDb();
  const rows = await db
    .select()
    .from(schema.emailMessage)
    .where(
      and(eq(schema.emailMessage.kind, "password_reset"), eq(schema.emailMessage.toAddress, email)),
    )
    .orderBy(asc(schema.emailMessage.createdAt), asc(schema.emailMessage.id));
  return Promise.all(
    rows.map(async (row) => {
      const link = await decryptSecret(row.linkEncrypted!, `email_message.link:${row.id}`);
      return new URL(link).searchParams.get("token")!;
    }),
  );
}

const resetWith = (token: string, newPassword = "a fresh password 9") =>
  new TestClient().post("/auth/reset-password", { token, newPassword });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

describe("requests for a reset link", () => {
  it("answer a member's address and an unknown one alike, at the same moment", async () => {
    const members = [await newMember(), await newMember()];
    // Once each first, so that loading code is not what is measured.
    await requestReset("warm-up@example.com");
    const known: Awaited<ReturnType<typeof requestReset>>[] = [];
    const unknown: typeof known = [];
    for (let round = 0; round < RESET_MAIL_THROTTLE.mails; round++) {
      for (const [i, member] of members.entries()) {
        known.push(await requestReset(member.email));
        unknown.push(await requestReset(`nobody-${round}-${i}@example.com`));
      }
    }
    const shape = (answer: (typeof known)[number]) => ({
      status: answer.status,
      text: answer.text,
      headers: [...answer.headers].filter(([name]) => name !== "date"),
    });
    for (const answer of [...known, ...unknown]) {
      expect(shape(answer)).toEqual(shape(known[0]!));
      expect(answer.ms).toBeGreaterThanOrEqual(RESET_ANSWER_MS);
    }
    expect(known[0]!.status).toBe(200);
    const gap = Math.abs(median(known.map((a) => a.ms)) - median(unknown.map((a) => a.ms)));
    expect(gap).toBeLessThan(RESET_ANSWER_MS / 10);

    // Every member's links went out all the same.
    for (const member of members) {
      expect(await resetTokens(member.email)).toHaveLength(RESET_MAIL_THROTTLE.mails);
    }
  });

  it("mail an account at most a few times an hour, answering the extra requests alike", async () => {
    const member = await newMember();
    const answers = [];
    for (let i = 0; i < RESET_MAIL_THROTTLE.mails + 2; i++)
      answers.push(await requestReset(member.email));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(answers[0]!.text);
    }
    expect(await resetTokens(member.email)).toHaveLength(RESET_MAIL_THROTTLE.mails);
  });

  it("are limited per visitor address", async () => {
    const visitor = new TestClient();
    const statuses = [];
    for (let i = 0; i <= RESET_REQUEST_THROTTLE.requests; i++) {
      const answer = await visitor.post("/auth/request-password-reset", {
        email: `someone-${i}@example.com`,
      });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.headers.get("content-type")).toBe("application/problem+json");
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array<number>(RESET_REQUEST_THROTTLE.requests).fill(200), 429]);
  });
});

describe("reset links", () => {
  it("are kept only as a hash of their token", async () => {
    const member = await newMember();
    await requestReset(member.email);
    const [token] = await resetTokens(member.email);
    expect(token).toBeTruthy();
    const db = await getDb();
    const rows = await db
      .select({ identifier: schema.verification.identifier })
      .from(schema.verification)
      .where(eq(schema.verification.value, member.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).not.toContain(token);
    expect(rows[0]!.identifier.startsWith("reset-password:")).toBe(false);
    // The link works all the same, once.
    expect((await resetWith(token!)).status).toBe(200);
    expect((await resetWith(token!)).status).toBe(400);
  });

  it("all stop working once one of them has set a new password", async () => {
    const member = await newMember();
    await requestReset(member.email);
    await requestReset(member.email);
    const [first, second] = await resetTokens(member.email);
    expect(second).toBeTruthy();
    expect((await resetWith(first!)).status).toBe(200);
    const refused = await resetWith(second!, "another fresh password");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "INVALID_TOKEN" });
    const signIn = await new TestClient().post("/auth/sign-in/email", {
      email: member.email,
      password: "a fresh password 9",
    });
    expect(signIn.status).toBe(200);
  });

  it("stop working when the password is changed", async () => {
    const member = await newMember();
    await requestReset(member.email);
    const [token] = await resetTokens(member.email);
    const changed = await member.client.post("/auth/change-password", {
      currentPassword: member.password,
      newPassword: "changed password 1",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).not.toHaveProperty("token");
    const refused = await resetWith(token!);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "INVALID_TOKEN" });
  });

  it("keep working after a failed password change", async () => {
    const member = await newMember();
    await requestReset(member.email);
    const [token] = await resetTokens(member.email);
    const refused = await member.client.post("/auth/change-password", {
      currentPassword: "not the password",
      newPassword: "changed password 1",
    });
    expect(refused.status).toBe(400);
    expect((await resetWith(token!)).status).toBe(200);
  });
});
