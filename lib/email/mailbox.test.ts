import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import { claimDueMessages, recordSends, sendClaimed } from "@/lib/email/queue";
import { messageIdFor } from "@/lib/email/transport";
import { memberWithRole, OWNER, setUpOwner, TestClient } from "@/lib/testing/client";

// No SMTP_URL here: mail goes to the local mailbox, which every admin reads.

let admin: TestClient;

beforeAll(async () => {
  const { client: owner } = await setUpOwner();
  ({ client: admin } = await memberWithRole(owner, "admin"));
  await sendQueued();
});

afterEach(() => vi.restoreAllMocks());

/** Sends what is queued and answers what the server printed meanwhile, line by line. */
async function sendQueued(): Promise<string[]> {
  const printed: string[] = [];
  const capture = (...args: unknown[]) => {
    printed.push(args.map(String).join(" "));
  };
  for (const method of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation(capture);
  }
  try {
    await recordSends(await sendClaimed(await claimDueMessages({ limit: 50 })));
  } finally {
    vi.restoreAllMocks();
  }
  return printed;
}

async function messagesOfKind(kind: "password_reset" | "invitation") {
  const db = await getDb();
  return db.select().from(schema.emailMessage).where(eq(schema.emailMessage.kind, kind));
}

describe("the local mailbox", () => {
  it("never shows an admin the owner's password-reset link: it is printed to the server's log", async () => {
    const asked = await admin.post("/auth/request-password-reset", {
      email: OWNER.email,
      redirectTo: "/reset-password",
    });
    expect(asked.status, asked.text).toBe(200);
    const printed = await sendQueued();

    const mailbox = await admin.get("/v1/mailbox");
    expect(mailbox.status).toBe(200);
    expect(mailbox.body.local).toBe(true);
    expect(mailbox.text).not.toContain("reset-password");

    const line = printed.find((text) => text.includes(`password reset for ${OWNER.email}`));
    expect(line, printed.join("\n")).toBeDefined();
    expect(line).toMatch(/^Mail not kept in the local mailbox \(it carries a personal link\)/);
    const token = /http:\/\/localhost:3000\/reset-password\?token=([\w%-]+)/.exec(line!)?.[1];
    expect(token).toBeDefined();
    expect(mailbox.text).not.toContain(token!);
    expect(mailbox.text).not.toContain(decodeURIComponent(token!));
    expect((await messagesOfKind("password_reset")).map((m) => m.state)).toEqual(["sent"]);

    // The printed link works: the owner sets a new password with it and signs in.
    const reset = await new TestClient().post("/auth/reset-password", {
      token: decodeURIComponent(token!),
      newPassword: "a brand new password",
    });
    expect(reset.status, reset.text).toBe(200);
    const signIn = await new TestClient().post("/auth/sign-in/email", {
      email: OWNER.email,
      password: "a brand new password",
    });
    expect(signIn.status, signIn.text).toBe(200);
  });

  it("keeps no invitation link either, and prints it to the server's log", async () => {
    const invited = await admin.post("/v1/invitations", {
      email: "newcomer@example.com",
      role: "editor",
    });
    expect(invited.status, invited.text).toBe(201);
    const printed = await sendQueued();
    expect(printed).toContain(
      "Mail not kept in the local mailbox (it carries a personal link): " +
        `invitation for newcomer@example.com: ${invited.body.acceptUrl}`,
    );
    const mailbox = await admin.get("/v1/mailbox");
    expect(mailbox.text).not.toContain("accept-invitation");
    expect(mailbox.text).not.toContain(invited.body.token);
    const sent = (await messagesOfKind("invitation")).map((m) => m.state);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((state) => state === "sent")).toBe(true);
  });

  it("keeps subscription confirmations, which carry nothing an admin could not do anyway", async () => {
    const added = await admin.post("/v1/subscribers", { email: "reader@example.com" });
    expect(added.status, added.text).toBe(201);
    const printed = await sendQueued();
    expect(printed.filter((line) => line.includes("reader@example.com"))).toEqual([]);
    const mailbox = await admin.get("/v1/mailbox");
    const kept = mailbox.body.messages.find((m: { to: string }) => m.to === "reader@example.com");
    expect(kept.subject).toBe("Confirm your subscription to Acme status");
    expect(kept.text).toContain("/public/subscriptions/confirm?token=");
  });

  it("does not show a reset or an invitation kept by an earlier version", async () => {
    const [reset] = await messagesOfKind("password_reset");
    const [invitation] = await messagesOfKind("invitation");
    const db = await getDb();
    for (const message of [reset!, invitation!]) {
      await db.insert(schema.mailboxMessage).values({
        workspaceId: message.workspaceId,
        messageId: messageIdFor(message.id),
        fromAddress: "Allclear <status@localhost>",
        toAddress: message.toAddress,
        subject: "Kept before",
        text: "http://localhost:3000/reset-password?token=kept-before",
        html: "",
        headers: {},
      });
    }
    const mailbox = await admin.get("/v1/mailbox");
    expect(mailbox.status).toBe(200);
    expect(mailbox.text).not.toContain("Kept before");
    expect(mailbox.body.messages.length).toBeGreaterThan(0);
  });
});
