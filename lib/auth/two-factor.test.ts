import { eq } from "drizzle-orm";
import { Secret, TOTP, URI } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import { TWO_FACTOR_LOCKOUT } from "@/lib/auth/auth";
import { OWNER, setUpOwner, TestClient } from "@/lib/testing/client";

let owner: TestClient;
let ownerId: string;
let totp: TOTP;
let backupCodes: string[];

const credentials = { email: OWNER.email, password: OWNER.password };

/** A code from another 30-second step than the current one, so it is certainly wrong now. */
function wrongCode(): string {
  const current = totp.generate();
  for (let step = 3; ; step++) {
    const code = totp.generate({ timestamp: Date.now() + step * 30_000 });
    if (code !== current && code !== totp.generate({ timestamp: Date.now() - 30_000 })) return code;
  }
}

async function startSignIn(client = new TestClient()) {
  const response = await client.post("/auth/sign-in/email", credentials);
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ twoFactorRedirect: true });
  // Half-way through two-factor sign-in there is no session yet.
  expect((await client.get("/v1/me")).status).toBe(401);
  return client;
}

beforeAll(async () => {
  ({ client: owner, userId: ownerId } = await setUpOwner());
});

describe("two-factor sign-in", () => {
  it("enrols with the password, a TOTP secret and backup codes, confirmed by a first code", async () => {
    const wrongPassword = await owner.post("/auth/two-factor/enable", {
      password: "not my password",
    });
    expect(wrongPassword.status).toBeGreaterThanOrEqual(400);

    const enabled = await owner.post("/auth/two-factor/enable", { password: OWNER.password });
    expect(enabled.status).toBe(200);
    totp = URI.parse(enabled.body.totpURI) as TOTP;
    expect(totp.issuer).toBe("Allclear");
    expect(totp.secret).toBeInstanceOf(Secret);
    backupCodes = enabled.body.backupCodes;
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);

    // Not on until a code from the authenticator confirms it.
    let member = (await owner.get("/v1/members")).body.members.find(
      (m: { userId: string }) => m.userId === ownerId,
    );
    expect(member.twoFactorEnabled).toBe(false);
    const confirmed = await owner.post("/auth/two-factor/verify-totp", { code: totp.generate() });
    expect(confirmed.status).toBe(200);
    member = (await owner.get("/v1/members")).body.members.find(
      (m: { userId: string }) => m.userId === ownerId,
    );
    expect(member.twoFactorEnabled).toBe(true);
  });

  it("asks for a code after the password, refuses a wrong one, and signs in with the right one", async () => {
    const client = await startSignIn();
    const wrong = await client.post("/auth/two-factor/verify-totp", { code: wrongCode() });
    expect(wrong.status).toBe(401);
    expect((await client.get("/v1/me")).status).toBe(401);
    const right = await client.post("/auth/two-factor/verify-totp", { code: totp.generate() });
    expect(right.status).toBe(200);
    const me = await client.get("/v1/me");
    expect(me.status).toBe(200);
    expect(me.body.userId).toBe(ownerId);
  });

  it("accepts a backup code once", async () => {
    const first = await startSignIn();
    const used = await first.post("/auth/two-factor/verify-backup-code", { code: backupCodes[0] });
    expect(used.status).toBe(200);
    expect((await first.get("/v1/me")).status).toBe(200);

    const second = await startSignIn();
    const reused = await second.post("/auth/two-factor/verify-backup-code", {
      code: backupCodes[0],
    });
    expect(reused.status).toBe(401);
    expect((await second.get("/v1/me")).status).toBe(401);
    const another = await second.post("/auth/two-factor/verify-backup-code", {
      code: backupCodes[1],
    });
    expect(another.status).toBe(200);
  });

  it("locks the account for a while after repeated wrong codes", async () => {
    for (let i = 0; i < TWO_FACTOR_LOCKOUT.failures; i++) {
      // A fresh sign-in each time: the lock counts per account, not per attempt cookie.
      const client = await startSignIn();
      const wrong = await client.post("/auth/two-factor/verify-totp", { code: wrongCode() });
      expect(wrong.status).toBeGreaterThanOrEqual(400);
    }
    const locked = await startSignIn();
    const refused = await locked.post("/auth/two-factor/verify-totp", { code: totp.generate() });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(TWO_FACTOR_LOCKOUT.seconds - 60);
    expect(wait).toBeLessThanOrEqual(TWO_FACTOR_LOCKOUT.seconds);
    // The message says how long, so the sign-in page can too.
    expect(refused.body.message).toBe(`Too many attempts; try again in ${wait} s.`);
    expect((await locked.get("/v1/me")).status).toBe(401);

    const db = await getDb();
    const [row] = await db
      .select()
      .from(schema.twoFactor)
      .where(eq(schema.twoFactor.userId, ownerId));
    const lockedFor = row!.lockedUntil!.getTime() - Date.now();
    expect(lockedFor).toBeGreaterThan((TWO_FACTOR_LOCKOUT.seconds - 60) * 1000);
    expect(lockedFor).toBeLessThanOrEqual(TWO_FACTOR_LOCKOUT.seconds * 1000);

    // When the lock's time has passed, the right code works again.
    await db
      .update(schema.twoFactor)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(schema.twoFactor.userId, ownerId));
    const after = await startSignIn();
    expect(
      (await after.post("/auth/two-factor/verify-totp", { code: totp.generate() })).status,
    ).toBe(200);
    expect((await after.get("/v1/me")).status).toBe(200);
  });
});
