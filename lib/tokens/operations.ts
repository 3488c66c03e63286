import { idParams } from "@/lib/contract/fields";
import { defineOperation } from "@/lib/contract/operation";
import { ApiTokenCreated, ApiTokenInput, ApiTokenList } from "./schemas";

const tag = "API tokens";

export const listApiTokens = defineOperation({
  id: "listApiTokens",
  method: "GET",
  path: "/v1/api-tokens",
  tag,
  summary: "API tokens, newest first",
  access: "admin",
  sessionOnly: true,
  response: ApiTokenList,
  status: 200,
});

export const createApiToken = defineOperation({
  id: "createApiToken",
  method: "POST",
  path: "/v1/api-tokens",
  tag,
  summary: "Create a token for scripts",
  description:
    "Answers the secret once; only its hash is kept. Send it as `Authorization: Bearer <secret>` to any `/v1` operation: it acts with the token's role, which cannot be above yours. The token stops working when it expires, when you are removed, and while your role is below the token's.",
  access: "admin",
  sessionOnly: true,
  body: ApiTokenInput,
  response: ApiTokenCreated,
  status: 201,
});

export const deleteApiToken = defineOperation({
  id: "deleteApiToken",
  method: "DELETE",
  path: "/v1/api-tokens/{id}",
  tag,
  summary: "Revoke a token",
  description: "The next request made with its secret is refused (401).",
  access: "admin",
  sessionOnly: true,
  params: idParams,
  status: 204,
});
