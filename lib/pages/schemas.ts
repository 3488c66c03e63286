import { z } from "zod";
import { email, emailDomain, issuerUrl, locale, name, password, uuid } from "@/lib/contract/fields";
import { SECRET_MASK } from "@/lib/net/openid";
import { brandingChange, HeaderLink, timeZone } from "@/lib/workspace/schemas";

export const PAGE_VISIBILITIES = ["public", "password", "audience"] as const;
export const PageVisibility = z.enum(PAGE_VISIBILITIES).meta({ id: "PageVisibility" });

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;
// A host name as a Host header carries it: labels of letters, digits and hyphens, and a port.
const HOST =
  /^(?=.{1,253}(?::\d{1,5})?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

export const slug = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(SLUG, "Must be 1 to 48 lower-case letters, digits and inner hyphens.");

export const host = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(HOST, "Must be a host name such as status.example.com (with a port, if any).");

const ids = (what: string) => z.array(uuid()).max(500).describe(`The ${what} the page shows`);

export const PageBranding = z
  .object({
    accentColor: z.string().nullable(),
    accentColorDark: z.string().nullable(),
    headerLinks: z.array(HeaderLink),
    supportUrl: z.string().nullable(),
    footerText: z.string(),
    showPoweredBy: z.boolean(),
  })
  .meta({ id: "PageBranding" });

export const PageBrandingInput = z.strictObject(brandingChange).meta({ id: "PageBrandingInput" });
export type PageBrandingInput = z.output<typeof PageBrandingInput>;

export const PageOidc = z
  .object({
    issuer: z.string(),
    clientId: z.string(),
    clientSecret: z.literal(SECRET_MASK).describe("Stored encrypted; never answered"),
    callbackUrl: z.string().describe("The redirect URI to register with the provider"),
  })
  .meta({ id: "PageOidc" });

export const PageOidcInput = z
  .strictObject({
    issuer: issuerUrl(),
    clientId: z.string().trim().min(1, "Must not be empty.").max(500),
    clientSecret: z
      .string()
      .min(1, "Must not be empty.")
      .max(2000)
      .describe(`The client secret; "${SECRET_MASK}" keeps the stored one`),
  })
  .meta({ id: "PageOidcInput" });
export type PageOidcInput = z.output<typeof PageOidcInput>;

export const Page = z
  .object({
    id: uuid(),
    name: z.string(),
    slug: z.string(),
    host: z.string().nullable().describe("A host name the page also answers on, or null"),
    visibility: PageVisibility,
    hasPassword: z.boolean().describe("Whether a password is set (it is never answered)"),
    readToken: z
      .string()
      .nullable()
      .describe(
        "A password page's token for feed readers and scripts: `?token=` on its feeds and JSON. A new password changes it.",
      ),
    isDefault: z
      .boolean()
      .describe("The first page: it answers at `/` and wears the workspace's name and dress"),
    url: z.string().describe("The page's address"),
    componentIds: z.array(uuid()).describe("The components the page lists, in the page order"),
    groupIds: z
      .array(uuid())
      .describe("The groups the page lists: each brings every component in it, now and later"),
    branding: PageBranding,
    language: locale(),
    timeZone: z.string(),
    oidc: PageOidc.nullable().describe(
      "An audience page's OpenID provider: its readers may sign in with it besides the emailed link",
    ),
    createdAt: z.date(),
  })
  .meta({ id: "Page" });
export type Page = z.input<typeof Page>;

export const PageList = z.object({ data: z.array(Page) }).meta({ id: "PageList" });

export const CreatePageInput = z
  .strictObject({
    name: name(),
    slug: slug(),
    host: host().nullable().optional(),
    visibility: PageVisibility.optional(),
    password: password()
      .optional()
      .describe("A password page's password; setting a new one ends every visitor's access"),
    componentIds: ids("components").optional(),
    groupIds: ids("groups").optional(),
    branding: PageBrandingInput.optional(),
    language: locale().optional(),
    timeZone: timeZone().optional(),
    oidc: PageOidcInput.nullable()
      .optional()
      .describe("An audience page's OpenID provider for its readers; null removes it"),
  })
  .meta({ id: "CreatePageInput" });
export type CreatePageInput = z.output<typeof CreatePageInput>;

export const PatchPageInput = CreatePageInput.partial().meta({ id: "PatchPageInput" });
export type PatchPageInput = z.output<typeof PatchPageInput>;

export const PAGE_READ_ONLY = [
  "id",
  "isDefault",
  "url",
  "hasPassword",
  "readToken",
  "createdAt",
] as const;

export const Audience = z
  .object({
    id: uuid(),
    pageId: uuid(),
    name: z.string(),
    componentIds: z
      .array(uuid())
      .describe("The components its members see, in the page order (those the page shows)"),
    emailDomains: z
      .array(z.string())
      .describe("Every address in these domains belongs to the audience"),
    members: z.array(z.string()).describe("Addresses that belong to the audience"),
    createdAt: z.date(),
  })
  .meta({ id: "Audience" });
export type Audience = z.input<typeof Audience>;

export const AudienceList = z.object({ data: z.array(Audience) }).meta({ id: "AudienceList" });

export const CreateAudienceInput = z
  .strictObject({
    name: name(),
    componentIds: z.array(uuid()).max(500).describe("The components its members see"),
    emailDomains: z.array(emailDomain()).max(100).optional(),
    members: z.array(email()).max(5000).optional(),
  })
  .meta({ id: "CreateAudienceInput" });
export type CreateAudienceInput = z.output<typeof CreateAudienceInput>;

export const PatchAudienceInput = CreateAudienceInput.partial().meta({
  id: "PatchAudienceInput",
});
export type PatchAudienceInput = z.output<typeof PatchAudienceInput>;

export const AUDIENCE_READ_ONLY = ["id", "pageId", "createdAt"] as const;

export const audienceParams = z.object({ id: uuid(), audienceId: uuid() });
