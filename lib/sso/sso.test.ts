import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import { config } from "@/lib/config";
import { memberWithRole, OWNER, setUpOwner, TestClient } from "@/lib/testing/client";
import { ProviderBrowser, startOidcProvider } from "@/lib/testing/oidc";

// The team signs in with a real OpenID provider on loopback: discovery, authorization code with
// PKCE, a signed ID token, as any provider does.
const CLIENT = { clientId: "allclear", clientSecret: "a client secret of the provider" };
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let owner: TestClient;

const setup = (extra: Record<string, unknown> = {}) => ({
  issuer: provider.issuer,
  ...CLIENT,
  allowedDomains: ["acme.example"],
  defaultRole: "editor",
  ...extra,
});

/**
 * Signs in as `email` through the provider, as a browser would: answers the client (holding the
 * session cookie when it worked) and where the callback sent it.
 */
async function signInWithProvider(email: string) {
  const client = new TestClient();
  const started = await client.post("/auth/sign-in/social", {
    provider: "sso",
    callbackURL: "/dashboard",
    errorCallbackURL: "/sign-in",
  });
  expect(started.status, started.text).toBe(200);
  const back = new URL(await new ProviderBrowser().signIn(started.body.url, email));
  expect(back.origin).toBe(config().baseUrl);
  const callback = await client.get(back.pathname + back.search);
  return { client, status: callback.status, location: callback.headers.get("location") ?? "" };
}

const roleOf = async (client: TestClient) => {
  const me = await client.get("/v1/me");
  return me.status === 200 ? (me.body.role as string) : me.status;
};

beforeAll(async () => {
  provider = await startOidcProvider([
    { ...CLIENT, redirectUris: [`${config().baseUrl}/auth/callback/sso`] },
  ]);
  ({ client: owner } = await setUpOwner());
});

afterAll(() => provider.close());

describe("setting up single sign-on", () => {
  it("checks the issuer, keeps the secret encrypted and answers it masked", async () => {
    const wrong = await owner.put(
      "/v1/workspace/sso",
      setup({ issuer: "http://127.0.0.1:9/nothing" }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe("issuer");
    const noSecret = await owner.put("/v1/workspace/sso", setup({ clientSecret: "********" }));
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.errors[0].field).toBe("clientSecret");
    const none = await owner.get("/v1/workspace/sso");
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ enabled: false, issuer: null, clientSecret: null });

    const saved = await owner.put("/v1/workspace/sso", setup());
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      issuer: provider.issuer,
      clientId: CLIENT.clientId,
      clientSecret: "********",
      allowedDomains: ["acme.example"],
      defaultRole: "editor",
      requireSso: false,
      callbackUrl: `${config().baseUrl}/auth/callback/sso`,
    });
    const db = await getDb();
    const [row] = await db.select().from(schema.workspaceSso);
    expect(row!.clientSecretEncrypted).not.toContain(CLIENT.clientSecret);
    // The masked secret sent back keeps the stored one.
    const again = await owner.put("/v1/workspace/sso", setup({ clientSecret: "********" }));
    expect(again.status).toBe(200);
    // …for the same provider and client only.
    const moved = await owner.put(
      "/v1/workspace/sso",
      setup({ clientId: "another-client", clientSecret: "********" }),
    );
    expect(moved.status).toBe(400);
    expect(moved.body.errors[0].field).toBe("clientSecret");
    const audit = await owner.get("/v1/audit-log");
    const entry = audit.body.entries.find((e: { action: string }) => e.action === "sso.update");
    expect(JSON.stringify(audit.body)).not.toContain(CLIENT.clientSecret);
    expect(entry).toBeDefined();
  });
});

describe("signing in with the provider", () => {
  it("signs a member in, keeping their role, but never the owner", async () => {
    const admin = await memberWithRole(owner, "admin");
    const { client, status, location } = await signInWithProvider(admin.email);
    expect(status).toBe(302);
    expect(location).toBe("/dashboard");
    expect(await roleOf(client)).toBe("admin");
    // A provider an admin set up does not speak for the owner.
    const asOwner = await signInWithProvider(OWNER.email);
    expect(asOwner.location).toMatch(/^\/sign-in\?error=/);
    expect(await roleOf(asOwner.client)).toBe(401);
  });

  it("takes no address the provider has not verified, and no ID token handed over", async () => {
    const { client, location } = await signInWithProvider("unverified.person@acme.example");
    expect(location).toMatch(/^\/sign-in\?error=/);
    expect(await roleOf(client)).toBe(401);
    const handed = await new TestClient().post("/auth/sign-in/social", {
      provider: "sso",
      idToken: { token: "eyJhbGciOiJub25lIn0.e30." },
    });
    expect(handed.status).toBe(400);
    expect(handed.body.errors[0].field).toBe("idToken");
  });

  it("makes an address of an allowed domain a member, with the default role", async () => {
    const { client, location } = await signInWithProvider("new.person@acme.example");
    expect(location).toBe("/dashboard");
    expect(await roleOf(client)).toBe("editor");
    const members = (await owner.get("/v1/members")).body.members as { email: string }[];
    expect(members.map((m) => m.email)).toContain("new.person@acme.example");
  });

  it("refuses an address of another domain, and makes no account for it", async () => {
    const { client, location } = await signInWithProvider("stranger@elsewhere.example");
    expect(location).toMatch(/^\/sign-in\?error=/);
    expect(await roleOf(client)).toBe(401);
    const db = await getDb();
    const found = await db
      .select()
      .from(schema.user)
      .where(eq(schema.user.email, "stranger@elsewhere.example"));
    expect(found).toHaveLength(0);
  });

  it("lets an invited address in with the invitation's role, whatever its domain", async () => {
    const invited = await owner.post("/v1/invitations", {
      email: "partner@elsewhere.example",
      role: "admin",
    });
    expect(invited.status).toBe(201);
    const { client } = await signInWithProvider("partner@elsewhere.example");
    expect(await roleOf(client)).toBe("admin");
  });

  it("does not bring a removed member back unless they are invited again", async () => {
    const { client } = await signInWithProvider("leaver@acme.example");
    expect(await roleOf(client)).toBe("editor");
    const members = (await owner.get("/v1/members")).body.members as {
      email: string;
      userId: string;
    }[];
    const leaver = members.find((m) => m.email === "leaver@acme.example")!;
    expect((await owner.delete(`/v1/members/${leaver.userId}`)).status).toBe(204);
    expect(await roleOf(client)).toBe(401);
    const back = await signInWithProvider("leaver@acme.example");
    expect(back.location).toMatch(/^\/sign-in\?error=/);
    expect(await roleOf(back.client)).toBe(401);

    await owner.post("/v1/invitations", { email: "leaver@acme.example", role: "viewer" });
    const invited = await signInWithProvider("leaver@acme.example");
    expect(await roleOf(invited.client)).toBe("viewer");
  });

  it("turns password sign-in off for everyone but the owner when required", async () => {
    const admin = await memberWithRole(owner, "admin");
    expect(await roleOf(admin.client)).toBe("admin");
    const required = await owner.put(
      "/v1/workspace/sso",
      setup({
        clientSecret: "********",
        requireSso: true,
      }),
    );
    expect(required.status, required.text).toBe(200);
    // The admin's password session ends with it; the owner's stays.
    expect(await roleOf(admin.client)).toBe(401);
    expect(await roleOf(owner)).toBe("owner");
    const refused = await new TestClient().post("/auth/sign-in/email", {
      email: admin.email,
      password: admin.password,
    });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("SSO_REQUIRED");
    const ownerIn = await new TestClient().post("/auth/sign-in/email", {
      email: OWNER.email,
      password: OWNER.password,
    });
    expect(ownerIn.status).toBe(200);
    // The provider still signs the admin in.
    const { client } = await signInWithProvider(admin.email);
    expect(await roleOf(client)).toBe("admin");
  });

  it("stops signing anyone in through the provider once it is turned off", async () => {
    expect((await owner.delete("/v1/workspace/sso")).status).toBe(204);
    const client = new TestClient();
    const started = await client.post("/auth/sign-in/social", {
      provider: "sso",
      callbackURL: "/dashboard",
    });
    expect(started.status).not.toBe(200);
  });
});
