import { z } from "zod";
import { AA_CONTRAST, contrast, HEX_COLOR, PAGE_BACKGROUNDS } from "@/lib/content/color";
import { email, locale, name, password, uuid } from "@/lib/contract/fields";
import { ROLES } from "@/lib/contract/roles";

export const Role = z.enum(ROLES).meta({ id: "Role" });

export const SetupInput = z
  .strictObject({
    workspaceName: name(),
    name: name(),
    email: email(),
    password: password(),
  })
  .meta({ id: "SetupInput" });
export type SetupInput = z.output<typeof SetupInput>;

export const SetupResult = z
  .object({ workspaceId: uuid(), userId: uuid() })
  .meta({ id: "SetupResult" });

export const Me = z
  .object({
    userId: uuid(),
    email: z.string(),
    role: Role,
    workspaceId: uuid(),
    tokenId: uuid()
      .optional()
      .describe(
        "Only for a request made with an API token: the token (its creator's id and address above).",
      ),
  })
  .meta({ id: "Me" });

/** An IANA time zone name (`Europe/Berlin`, `Etc/UTC`), answered in its canonical spelling. */
export const timeZone = () =>
  z
    .string()
    .max(64)
    .transform((zone, ctx) => {
      const canonical = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)
        ? canonicalTimeZone(zone)
        : null;
      if (!canonical) {
        ctx.addIssue({
          code: "custom",
          message: "Must be an IANA time zone, such as Europe/Berlin or Etc/UTC.",
        });
        return z.NEVER;
      }
      return canonical;
    });

function canonicalTimeZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The images a page may carry, by the name its address uses. */
export const IMAGE_KINDS = ["logo-light", "logo-dark", "favicon"] as const;
export type ImageKindName = (typeof IMAGE_KINDS)[number];

const PageImage = z
  .object({
    url: z.string().describe("Where the public page serves it (versioned by its bytes)"),
    contentType: z.string(),
    size: z.number().int().describe("Bytes"),
  })
  .meta({ id: "PageImage" });

export const HeaderLink = z
  .strictObject({
    label: z.string().trim().min(1, "Must not be empty.").max(40),
    url: z.url({ protocol: /^https$/, message: "Must be an https:// address." }).max(2000),
  })
  .meta({ id: "HeaderLink" });

/**
 * An accent colour (`#rrggbb`), refused unless text in it reads (4.5:1) on both backgrounds of
 * its scheme.
 */
const accent = (scheme: "light" | "dark") =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(HEX_COLOR, "Must be a colour as #rrggbb.")
    .superRefine((color, ctx) => {
      const backgrounds = PAGE_BACKGROUNDS[scheme];
      const worst = Math.min(...backgrounds.map((bg) => contrast(color, bg)));
      if (worst < AA_CONTRAST) {
        ctx.addIssue({
          code: "custom",
          message: `${color} reaches only ${worst.toFixed(2)}:1 against the page's ${scheme} background (${backgrounds.join(" and ")}); links and buttons need ${AA_CONTRAST}:1. Choose a ${scheme === "light" ? "darker" : "lighter"} colour.`,
        });
      }
    });

const supportUrl = () =>
  z
    .url({ protocol: /^(https|mailto)$/, message: "Must be an https:// or mailto: address." })
    .max(2000);

export const Workspace = z
  .object({
    id: uuid(),
    name: z.string(),
    timeZone: z.string().describe("IANA time zone of the public page"),
    defaultLocale: locale().describe(
      "The public page's language for visitors whose browser asks for none it speaks",
    ),
    accentColor: z
      .string()
      .nullable()
      .describe("The page's accent in the light scheme (links, buttons); null = the default"),
    accentColorDark: z
      .string()
      .nullable()
      .describe("The accent in the dark scheme; null = derived from accentColor"),
    headerLinks: z.array(HeaderLink).describe("Links in the page's header, in order"),
    supportUrl: z.string().nullable().describe('The page\'s "Get support" link'),
    footerText: z.string().describe("Markdown at the foot of every public page"),
    showPoweredBy: z.boolean().describe('Whether the page says "Powered by Allclear"'),
    updateCadenceMinutes: z
      .number()
      .int()
      .nullable()
      .describe(
        "Minutes to the next update an incident update promises when it names no `nextUpdateBy`; null = no promise unless one is named",
      ),
    logoLight: PageImage.nullable(),
    logoDark: PageImage.nullable(),
    favicon: PageImage.nullable(),
    createdAt: z.date(),
  })
  .meta({ id: "Workspace" });
export type Workspace = z.input<typeof Workspace>;

/** How a page looks, as a change: the workspace's (its first page's) and every page's. */
export const brandingChange = {
  accentColor: accent("light").nullable().optional(),
  accentColorDark: accent("dark").nullable().optional(),
  headerLinks: z.array(HeaderLink).max(5, "At most 5 links.").optional(),
  supportUrl: supportUrl().nullable().optional(),
  footerText: z.string().max(2000).optional(),
  showPoweredBy: z.boolean().optional(),
};

export const PatchWorkspaceInput = z
  .strictObject({
    name: name().optional(),
    timeZone: timeZone().optional(),
    defaultLocale: locale().optional(),
    updateCadenceMinutes: z
      .int("Must be a whole number of minutes.")
      .min(5, "At least 5 minutes.")
      .max(1440, "At most 1,440 minutes (a day).")
      .nullable()
      .optional(),
    ...brandingChange,
  })
  .meta({ id: "PatchWorkspaceInput" });
export type PatchWorkspaceInput = z.output<typeof PatchWorkspaceInput>;

export const ImageParams = z.object({
  kind: z.enum(IMAGE_KINDS, { message: `Must be one of ${IMAGE_KINDS.join(", ")}.` }),
});
