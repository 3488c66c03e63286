import { z } from "zod";
import { KINDS } from "./bundle";

const dryRun = () =>
  z
    .boolean()
    .describe("true: answer what would be created, changed and skipped, and change nothing");
const sourceUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .max(2048)
    .refine((value) => URL.canParse(value), "Must be an absolute URL.")
    .optional()
    .describe(`The API's base address; ${fallback} if left out`);
const key = () =>
  z
    .string()
    .trim()
    .min(1, "Must not be empty.")
    .max(500)
    .describe("Used for this import only, and never stored");
const pageId = () => z.string().trim().min(1, "Must not be empty.").max(100);

export const ImportInput = z
  .discriminatedUnion("source", [
    z.strictObject({
      source: z.literal("statuspage"),
      apiKey: key(),
      pageId: pageId().describe("The Statuspage page's id"),
      url: sourceUrl("https://api.statuspage.io/v1"),
      dryRun: dryRun(),
    }),
    z.strictObject({
      source: z.literal("statuspage-public"),
      url: z
        .string()
        .trim()
        .max(2048)
        .refine((value) => URL.canParse(value), "Must be an absolute URL.")
        .describe("The status page's address, whose /api/v2 files are read"),
      dryRun: dryRun(),
    }),
    z.strictObject({
      source: z.literal("instatus"),
      apiKey: key(),
      pageId: pageId().describe("The Instatus page's id"),
      url: sourceUrl("https://api.instatus.com"),
      dryRun: dryRun(),
    }),
    z.strictObject({
      source: z.literal("betterstack"),
      apiKey: key(),
      pageId: pageId().describe("The Better Stack status page's id"),
      url: sourceUrl("https://uptime.betterstack.com/api/v2"),
      dryRun: dryRun(),
    }),
    z.strictObject({
      source: z.literal("uptime-kuma"),
      backup: z
        .record(z.string(), z.unknown())
        .describe("The JSON backup file Uptime Kuma exports (Settings → Backup)"),
      dryRun: dryRun(),
    }),
  ])
  .meta({ id: "ImportInput" });
export type ImportInput = z.output<typeof ImportInput>;

const ACTIONS = ["create", "update", "unchanged", "skip"] as const;

export const ImportReport = z
  .object({
    source: z.enum(["statuspage", "instatus", "betterstack", "uptime-kuma"]),
    dryRun: z.boolean(),
    page: z
      .object({
        id: z.string().nullable().describe("Null in a dry run that would make the page"),
        name: z.string(),
        isDefault: z.boolean(),
      })
      .nullable()
      .describe("The page imported to; null when the source has no page (monitors only)"),
    counts: z.record(z.enum(KINDS), z.record(z.enum(ACTIONS), z.number().int())),
    items: z.array(
      z.object({
        kind: z.enum(KINDS),
        name: z.string(),
        action: z.enum(ACTIONS),
        note: z.string().optional(),
      }),
    ),
    subscribers: z
      .object({ confirmed: z.number().int(), optIn: z.number().int() })
      .describe("New subscribers imported as confirmed, and those sent one opt-in mail"),
  })
  .meta({ id: "ImportReport" });
