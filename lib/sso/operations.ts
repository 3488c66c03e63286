import { defineOperation } from "@/lib/contract/operation";
import { SsoInput, SsoSettings } from "./schemas";

const tag = "Single sign-on";

export const getSso = defineOperation({
  id: "getSso",
  method: "GET",
  path: "/v1/workspace/sso",
  tag,
  summary: "The team's single sign-on",
  description:
    "Before one is set up: `enabled: false` with `issuer`, `clientId` and `updatedAt` null.",
  access: "admin",
  response: SsoSettings,
  status: 200,
});

export const putSso = defineOperation({
  id: "putSso",
  method: "PUT",
  path: "/v1/workspace/sso",
  tag,
  summary: "Set up the team's single sign-on",
  description:
    'OpenID Connect (authorization code with PKCE). Register `callbackUrl` with the provider as the redirect URI. The issuer is checked first: its `/.well-known/openid-configuration` must answer and name the same issuer (400 on `issuer` otherwise). Members sign in with the provider keeping their roles; an address in `allowedDomains` (or invited) joins at its first sign-in, with `defaultRole` (or the invitation\'s); a member removed in the dashboard joins again only when invited. `requireSso` turns password sign-in off for everyone but the owner. The client secret is stored encrypted and answered as "********"; sending that back keeps it.',
  access: "admin",
  body: SsoInput,
  response: SsoSettings,
  status: 200,
});

export const deleteSso = defineOperation({
  id: "deleteSso",
  method: "DELETE",
  path: "/v1/workspace/sso",
  tag,
  summary: "Turn single sign-on off",
  description: "Members sign in with their passwords again; those who never set one reset it.",
  access: "admin",
  status: 204,
});
