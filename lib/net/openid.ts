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
