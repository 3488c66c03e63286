import { encryptSecret } from "@/lib/crypto/secrets";
import { ValidationError } from "@/lib/errors";

/** What an OpenID provider's discovery document says, of what sign-in needs. */
export type OpenIdProvider = {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  userinfoEndpoint: string | null;
};

/** The issuer as compared: without trailing slashes. */
export const issuerOf = (url: string) => url.replace(/\/+$/, "");

/**
 * Reads `{issuer}/.well-known/openid-configuration`; throws an Error saying why when it cannot
 * be read, is not a provider's, or names another issuer. The issuer is one an admin set up (a
 * provider on the team's own network is usual), so it is not held to the outbound guard.
 */
export async function discoverOpenIdProvider(issuer: string): Promise<OpenIdProvider> {
  const address = `${issuerOf(issuer)}/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await fetch(address, { signal: AbortSignal.timeout(5000), redirect: "error" });
  } catch {
    throw new Error(`The provider's discovery document could not be read (${address}).`);
  }
  if (!response.ok) throw new Error(`The provider answered ${response.status} (${address}).`);
  const document = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const named = document?.issuer;
  if (typeof named !== "string" || issuerOf(named) !== issuerOf(issuer)) {
    throw new Error(`The discovery document names another issuer (${String(named)}).`);
  }
  const { authorization_endpoint, token_endpoint, jwks_uri, userinfo_endpoint } =
    document as Record<string, unknown>;
  if (
    typeof authorization_endpoint !== "string" ||
    typeof token_endpoint !== "string" ||
    typeof jwks_uri !== "string"
  ) {
    throw new Error(`The discovery document lacks an endpoint sign-in needs (${address}).`);
  }
  return {
    issuer: named,
    authorizationEndpoint: authorization_endpoint,
    tokenEndpoint: token_endpoint,
    jwksUri: jwks_uri,
    userinfoEndpoint: typeof userinfo_endpoint === "string" ? userinfo_endpoint : null,
  };
}

/** What an answer shows for a stored client secret; sent back, it keeps the secret. */
export const SECRET_MASK = "********";

/**
 * The encrypted client secret to store for an OpenID client setting. "********" keeps the stored
 * one, but only for the issuer and client id it was given for (a stored secret is never sent to
 * another provider): 400 on `<field>clientSecret` otherwise. With `checkIssuer`, the provider's
 * discovery document must answer first (400 on `<field>issuer`). Asks the provider: call it
 * before a transaction.
 */
export async function openIdClientSecret({
  input,
  stored,
  field,
  binding,
  checkIssuer = true,
}: {
  input: { issuer: string; clientId: string; clientSecret: string };
  stored: { issuer: string | null; clientId: string | null; secret: string | null } | null;
  /** The prefix of the fields named in a refusal (`oidc.`, or none). */
  field: string;
  /** What the encrypted secret is bound to: the row it is stored in. */
  binding: string;
  checkIssuer?: boolean;
}): Promise<string> {
  const kept = input.clientSecret === SECRET_MASK;
  if (
    kept &&
    (!stored?.secret || stored.issuer !== input.issuer || stored.clientId !== input.clientId)
  ) {
    throw ValidationError.field(
      `${field}clientSecret`,
      "Send the client secret the provider gave you (a new issuer or client needs its own).",
    );
  }
  if (checkIssuer) {
    try {
      await discoverOpenIdProvider(input.issuer);
    } catch (error) {
      throw ValidationError.field(`${field}issuer`, (error as Error).message);
    }
  }
  return kept ? stored!.secret! : encryptSecret(input.clientSecret, binding);
}
