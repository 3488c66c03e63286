import { z } from "zod";
import { emailDomain, issuerUrl } from "@/lib/contract/fields";
import { SECRET_MASK } from "@/lib/net/openid";

export const SsoSettings = z
  .object({
    enabled: z.boolean().describe("Whether members may sign in with the provider"),
    issuer: z.string().nullable().describe("The OpenID provider's issuer URL (null: none set up)"),
    clientId: z.string().nullable(),
    clientSecret: z.literal(SECRET_MASK).nullable().describe("Stored encrypted; never answered"),
    allowedDomains: z
      .array(z.string())
      .describe("Addresses in these domains may join as new members by signing in"),
    defaultRole: z.enum(["viewer", "editor", "admin"]),
    requireSso: z.boolean().describe("Password sign-in is off for everyone but the owner"),
    callbackUrl: z.string().describe("The redirect URI to register with the provider"),
    updatedAt: z.date().nullable(),
  })
  .meta({ id: "SsoSettings" });
export type SsoSettings = z.input<typeof SsoSettings>;

export const SsoInput = z
  .strictObject({
    enabled: z.boolean().default(true),
    issuer: issuerUrl(),
    clientId: z.string().trim().min(1, "Must not be empty.").max(500),
    clientSecret: z
      .string()
      .min(1, "Must not be empty.")
      .max(2000)
      .describe(`The client secret; "${SECRET_MASK}" keeps the stored one`),
    allowedDomains: z.array(emailDomain()).max(100).default([]),
    defaultRole: z.enum(["viewer", "editor", "admin"]).default("viewer"),
    requireSso: z.boolean().default(false),
  })
  .meta({ id: "SsoInput" });
export type SsoInput = z.output<typeof SsoInput>;
