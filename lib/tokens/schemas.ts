import { z } from "zod";
import { timestamp, uuid } from "@/lib/contract/fields";

export const TOKEN_ROLES = ["viewer", "editor", "admin"] as const;
export const TokenRole = z.enum(TOKEN_ROLES).meta({ id: "TokenRole" });

export const TOKEN_STATES = [
  "active",
  "expired",
  "creator_removed",
  "creator_role_too_low",
] as const;

export const ApiToken = z
  .object({
    id: uuid(),
    name: z.string(),
    role: TokenRole,
    prefix: z.string().describe('The first 8 characters after "ac_", to tell tokens apart.'),
    createdAt: z.date(),
    createdBy: z.object({ userId: uuid().nullable(), email: z.string() }),
    expiresAt: z.date().nullable(),
    lastUsedAt: z.date().nullable(),
    status: z
      .enum(TOKEN_STATES)
      .describe(
        "Whether the token works: it stops when it expires, when its creator is removed, and while its creator's role is below the token's.",
      ),
  })
  .meta({ id: "ApiToken" });
export type ApiToken = z.output<typeof ApiToken>;

export const ApiTokenInput = z
  .strictObject({
    name: z.string().trim().min(1, "Must not be empty.").max(100, "At most 100 characters."),
    role: TokenRole,
    expiresAt: timestamp().nullable().optional(),
  })
  .meta({ id: "ApiTokenInput" });
export type ApiTokenInput = z.output<typeof ApiTokenInput>;

export const ApiTokenCreated = z
  .object({
    token: ApiToken,
    secret: z.string().describe("Starts with ac_; shown in this answer only."),
  })
  .meta({ id: "ApiTokenCreated" });

export const ApiTokenList = z.object({ tokens: z.array(ApiToken) }).meta({ id: "ApiTokenList" });
