import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";

export type OidcClient = { clientId: string; clientSecret: string; redirectUris: string[] };

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

/**
 * A real OpenID provider on loopback (the `oidc-provider` package): authorization code with
 * PKCE, signed ID tokens, discovery and JWKS as any provider serves them. Its sign-in page asks
 * only for an address: whoever types one is that account, with a verified email of that address
 * (unless it starts "unverified.").
 * Consent is granted for the scopes asked, as a provider does for a first-party client.
 */
export async function startOidcProvider(clients: OidcClient[]) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    jwks: {
      keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test", alg: "RS256", use: "sig" }],
    },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
    })),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["a key for the test provider's cookies"] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      // An address starting "unverified." is one the provider has not verified.
      claims: () => ({
        sub,
        email: sub,
        email_verified: !sub.startsWith("unverified."),
        name: sub.split("@")[0],
      }),
    }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  server.on("request", (request, response) => {
    const path = new URL(request.url ?? "/", issuer).pathname;
    const interaction = /^\/interaction\/([\w-]+)$/.exec(path);
    if (!interaction) {
      callback(request, response);
      return;
    }
    void (async () => {
      if (request.method === "GET") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(`<!doctype html><html lang="en"><title>Test provider</title>
<h1>Test provider</h1>
<form method="post"><label for="email">Email</label>
<input id="email" name="email" type="email" required><button type="submit">Sign in</button></form>`);
        return;
      }
      const email = new URLSearchParams(await readBody(request)).get("email") ?? "";
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: email.toLowerCase() } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { issuer, close };
}

/** A browser's way through the provider: follows its redirects with its own cookies. */
export class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  /** Requests `url` on the provider, keeping its cookies; answers the redirect or page. */
  async call(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = {};
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    }
    if (init.form) headers["content-type"] = "application/x-www-form-urlencoded";
    const response = await fetch(url, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get("location");
    return {
      status: response.status,
      location: location ? new URL(location, url).toString() : null,
      text: await response.text(),
    };
  }

  /**
   * Signs in as `email` at the provider, starting from the authorization URL: answers the URL
   * the provider sends the browser back to (the client's redirect URI with a code, or an error).
   */
  async signIn(authorizationUrl: string, email: string): Promise<string> {
    let next = await this.call(authorizationUrl);
    for (let hops = 0; hops < 10 && next.location; hops++) {
      const at = next.location;
      if (!at.startsWith(new URL(authorizationUrl).origin)) return at;
      next = /\/interaction\/[\w-]+$/.test(new URL(at).pathname)
        ? await this.call(at, { form: { email } })
        : await this.call(at);
    }
    throw new Error(`The provider did not send the browser back: ${next.status} ${next.text}`);
  }
}
