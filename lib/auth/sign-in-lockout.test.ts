import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "@/db/client";
import { authCookieName } from "@/lib/auth/auth";
import {
  ACCOUNT_ADDRESS_THROTTLE,
  ACCOUNT_THROTTLE,
  ADDRESS_THROTTLE,
  DEVICE_THROTTLE,
} from "@/lib/auth/throttle";
import { resetConfig } from "@/lib/config";
import { memberWithRole, setUpOwner, TestClient } from "@/lib/testing/client";

let owner: TestClient;

beforeAll(async () => {
  ({ client: owner } = await setUpOwner());
});

type Member = { email: string; password: string };

const newMember = (): Promise<Member> => memberWithRole(owner, "editor");

const signIn = (client: TestClient, email: string, password: string) =>
  client.post("/auth/sign-in/email", { email, password });

/** Wrong passwords for `email`, each from a visitor address of its own; answers their statuses. */
async function guessFromManyAddresses(email: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push((await signIn(new TestClient(), email, `guess ${i}`)).status);
  }
  return statuses;
}

/** The same browser (its cookies) on another network. */
function roaming(browser: TestClient): TestClient {
  const elsewhere = new TestClient();
  for (const [name, value] of browser.cookies) elsewhere.cookies.set(name, value);
  return elsewhere;
}

/** A browser the member has signed in from, with their password. */
async function trustedBrowser(member: Member): Promise<TestClient> {
  const browser = new TestClient();
  expect((await signIn(browser, member.email, member.password)).status).toBe(200);
  return browser;
}

const times = (count: number, status: number) => Array<number>(count).fill(status);

describe("sign-in lockout", () => {
  it("keeps a member signing in from elsewhere while one address guesses their password", async () => {
    const member = await newMember();
    const attacker = new TestClient("203.0.113.30");
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await signIn(attacker, member.email, `x${i}`)).status);
    expect(statuses).toEqual([
      ...times(ACCOUNT_ADDRESS_THROTTLE.attempts, 401),
      ...times(30 - ACCOUNT_ADDRESS_THROTTLE.attempts, 429),
    ]);

    const refused = await signIn(attacker, member.email, member.password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    expect((await signIn(new TestClient(), member.email, member.password)).status).toBe(200);
  });

  it("counts an address without an account exactly like a member's", async () => {
    const member = await newMember();
    const run = async (email: string) => {
      const client = new TestClient();
      const statuses: number[] = [];
      for (let i = 0; i < ACCOUNT_ADDRESS_THROTTLE.attempts + 2; i++) {
        statuses.push((await signIn(client, email, `y${i}`)).status);
      }
      return statuses;
    };
    expect(await run("nobody-here@example.com")).toEqual(await run(member.email));
  });

  it("refuses every account to an address past its failures, without counting against them", async () => {
    const member = await newMember();
    const address = new TestClient("203.0.113.31");
    const db = await getDb();
    for (let i = 0; i < ADDRESS_THROTTLE.failures; i++) {
      // Past the per-minute limit of each address: only the failures of the longer window count.
      if (i % 5 === 0) await db.delete(schema.rateLimit);
      expect((await signIn(address, `someone-${i}@example.com`, "guess")).status).toBe(401);
    }
    await db.delete(schema.rateLimit);
    expect((await signIn(address, member.email, member.password)).status).toBe(429);
    for (let i = 0; i < ACCOUNT_THROTTLE.attempts; i++) {
      expect((await signIn(address, member.email, `z${i}`)).status).toBe(429);
    }
    // Those refusals took nothing from the account's own allowance.
    expect(await guessFromManyAddresses(member.email, ACCOUNT_THROTTLE.attempts - 1)).toEqual(
      times(ACCOUNT_THROTTLE.attempts - 1, 401),
    );
    expect((await signIn(new TestClient(), member.email, member.password)).status).toBe(200);
  });

  it("locks the account for new browsers after guesses from many addresses, not for a browser it signed in from", async () => {
    const member = await newMember();
    const browser = await trustedBrowser(member);

    const statuses = await guessFromManyAddresses(member.email, 40);
    expect(statuses).toContain(429);
    expect(statuses).toEqual([
      ...times(ACCOUNT_THROTTLE.attempts, 401),
      ...times(40 - ACCOUNT_THROTTLE.attempts, 429),
    ]);
    expect((await signIn(new TestClient(), member.email, member.password)).status).toBe(429);

    expect((await signIn(browser, member.email, member.password)).status).toBe(200);
    expect((await browser.get("/v1/me")).status).toBe(200);
    // From any network.
    expect((await signIn(roaming(browser), member.email, member.password)).status).toBe(200);
  });

  it("trusts the browser a member chose their password in", async () => {
    const member = await memberWithRole(owner, "viewer");
    await guessFromManyAddresses(member.email, ACCOUNT_THROTTLE.attempts + 1);
    expect((await signIn(new TestClient(), member.email, member.password)).status).toBe(429);
    expect((await signIn(member.client, member.email, member.password)).status).toBe(200);
  });

  it("gives a trusted browser a limit of its own", async () => {
    const member = await newMember();
    const browser = await trustedBrowser(member);
    for (let i = 0; i < DEVICE_THROTTLE.attempts; i++) {
      expect((await signIn(roaming(browser), member.email, `w${i}`)).status).toBe(401);
    }
    const refused = await signIn(roaming(browser), member.email, member.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 429, code: "rate_limited" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Its failures did not lock the account for everyone else.
    expect((await signIn(new TestClient(), member.email, member.password)).status).toBe(200);
  });

  it("trusts a browser only for the account it signed in to", async () => {
    const first = await newMember();
    const second = await newMember();
    const browser = await trustedBrowser(first);
    for (const member of [first, second]) {
      await guessFromManyAddresses(member.email, ACCOUNT_THROTTLE.attempts + 1);
    }
    expect((await signIn(roaming(browser), second.email, second.password)).status).toBe(429);
    expect((await signIn(roaming(browser), first.email, first.password)).status).toBe(200);
  });

  it("counts an altered or made-up device cookie as none", async () => {
    const member = await newMember();
    const browser = await trustedBrowser(member);
    const name = authCookieName("device");
    const genuine = browser.cookies.get(name);
    expect(genuine).toBeTruthy();
    await guessFromManyAddresses(member.email, ACCOUNT_THROTTLE.attempts + 1);

    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    const forgeries = [
      flip(genuine!, genuine!.length - 2),
      flip(genuine!, 2),
      genuine!.split(".").slice(0, -1).join("."),
      `${genuine!.split(".")[0]}.made-up.${genuine!.split(".").at(-1)}`,
      "anything",
    ];
    for (const forged of forgeries) {
      const client = new TestClient();
      client.cookies.set(name, forged);
      expect((await signIn(client, member.email, member.password)).status).toBe(429);
    }
    expect((await signIn(roaming(browser), member.email, member.password)).status).toBe(200);
  });

  it("sets the device cookie HttpOnly, SameSite=Lax, for a year, Secure and __Secure- under https", async () => {
    const member = await newMember();
    const answer = await signIn(new TestClient(), member.email, member.password);
    const cookie = answer.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${authCookieName("device")}=`));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\/auth/i);
    expect(cookie).toMatch(/;\s*Max-Age=31536000/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    // The account is named only by a hash.
    expect(cookie).not.toContain(member.email.split("@")[0]);

    process.env.BASE_URL = "https://status.example.com";
    resetConfig();
    try {
      const { deviceCookie } = await import("@/lib/auth/device");
      const secure = await deviceCookie(member.email);
      expect(secure).toMatch(/^__Secure-allclear\.device=/);
      expect(secure).toMatch(/;\s*Secure/i);
    } finally {
      process.env.BASE_URL = "http://localhost:3000";
      resetConfig();
    }
  });
});

describe("the sign-in answer", () => {
  it("carries the session in its cookie only, never the token in its body", async () => {
    const member = await newMember();
    const client = new TestClient();
    const answer = await signIn(client, member.email, member.password);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email: member.email });
    expect(answer.body).not.toHaveProperty("token");
    expect(answer.text).not.toMatch(/"token"/);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(client.cookies.has(authCookieName("session_token"))).toBe(true);
    expect((await client.get("/v1/me")).status).toBe(200);
  });
});
