import { z } from "zod";
import { COMPONENT_STATUSES } from "@/lib/status/labels";

/**
 * Statuspage's manage API (`api.statuspage.io/v1`), as scripts written for it send and read it:
 * bodies wrapped in the resource's name (`{"component": {…}}`), snake_case, every field of the
 * documented answers present. Fields the documentation lists that Allclear has no use for are
 * read and ignored, and unknown ones are dropped, as Statuspage does; docs/api.md has the table.
 */

const ref = () => z.string().max(100);
const time = () => z.string().describe("ISO 8601, UTC");
/** A flag as JSON sends it, or as a form does (`true`, `false`, `1`, `0`). */
const flag = () =>
  z
    .union([
      z.boolean(),
      z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
    ])
    .optional();

export const SpPageParams = z.object({
  id: ref().describe(
    "The page's id (or, for the first page, the workspace's, as /api/v2 names it)",
  ),
});
export const SpComponentParams = z.object({ id: ref(), componentId: ref() });
export const SpGroupParams = z.object({ id: ref(), groupId: ref() });

export const SpListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).describe("Which page of the list, from 1"),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .default(100)
    .transform((n) => Math.min(n, 100))
    .describe("How many per page: at most 100, as Statuspage imposes"),
});

const status = z
  .enum([...COMPONENT_STATUSES, ""])
  .optional()
  .describe("A component status; empty leaves it as it is");

const ComponentFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Must not be empty.")
    .max(200, "At most 200 characters.")
    .optional(),
  description: z.string().trim().max(2000, "At most 2,000 characters.").nullable().optional(),
  status,
  group_id: ref().nullable().optional().describe("The group it belongs to; null or empty: none"),
  showcase: flag().describe("Accepted and ignored: every component is shown"),
  only_show_if_degraded: flag().describe("Accepted and ignored"),
  start_date: z.string().nullable().optional().describe("Accepted and ignored"),
});

export const SpComponentInput = z
  .object({ component: ComponentFields })
  .meta({ id: "StatuspageComponentInput" });
export type SpComponentInput = z.output<typeof SpComponentInput>;

export const SpGroupInput = z
  .object({
    component_group: z.object({
      name: z
        .string()
        .trim()
        .min(1, "Must not be empty.")
        .max(200, "At most 200 characters.")
        .optional(),
      components: z
        .array(ref())
        .max(1000, "At most 1,000 ids.")
        .optional()
        .describe("The components in the group, which leave any other group"),
    }),
    description: z.string().max(2000).nullable().optional().describe("Accepted and ignored"),
  })
  .meta({ id: "StatuspageComponentGroupInput" });
export type SpGroupInput = z.output<typeof SpGroupInput>;

export const SpManagedComponent = z
  .strictObject({
    id: z.string(),
    page_id: z.string(),
    group_id: z.string().nullable(),
    created_at: time(),
    updated_at: time(),
    group: z
      .boolean()
      .describe("Whether this is a group (listed among components, as Statuspage does)"),
    name: z.string(),
    description: z.string().nullable(),
    position: z.number().int().min(1),
    status: z.enum(COMPONENT_STATUSES),
    showcase: z.boolean(),
    only_show_if_degraded: z.boolean(),
    automation_email: z.string().nullable().describe("Always null: no component takes mail"),
    start_date: z.string().nullable().describe("YYYY-MM-DD, the day it was created"),
    components: z.array(z.string()).optional().describe("Groups only: their components' ids"),
  })
  .meta({ id: "StatuspageManagedComponent" });
export type SpManagedComponent = z.output<typeof SpManagedComponent>;

export const SpManagedGroup = z
  .strictObject({
    id: z.string(),
    page_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    components: z.array(z.string()),
    position: z.number().int().min(1),
    created_at: time(),
    updated_at: time(),
  })
  .meta({ id: "StatuspageManagedComponentGroup" });
export type SpManagedGroup = z.output<typeof SpManagedGroup>;
