import { z } from "zod";
import { ComponentStatus } from "@/lib/components/schemas";
import { name, timestamp, uuid } from "@/lib/contract/fields";
import { pageQuery } from "@/lib/contract/paging";
import { IMPACTS, INCIDENT_STATUSES } from "@/lib/status/labels";

export const IncidentStatus = z.enum(INCIDENT_STATUSES).meta({ id: "IncidentStatus" });
export const IncidentImpact = z.enum(IMPACTS).meta({ id: "IncidentImpact" });
export const Visibility = z.enum(["draft", "published"]).meta({ id: "Visibility" });

const body = () =>
  z.string().trim().min(1, "Must not be empty.").max(20_000, "At most 20,000 characters.");

export const AffectedComponent = z
  .strictObject({ componentId: uuid(), status: ComponentStatus })
  .meta({ id: "AffectedComponent" });

const affectedComponents = () =>
  z
    .array(AffectedComponent)
    .max(1000)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((item, index) => {
        if (seen.has(item.componentId)) {
          ctx.addIssue({ code: "custom", path: [index, "componentId"], message: "Listed twice." });
        }
        seen.add(item.componentId);
      });
    });

/**
 * What an update may promise: when the incident should be resolved and when the next update
 * comes. Both are moments still to come, and a resolving update promises neither.
 */
const promises = {
  estimatedResolutionAt: timestamp()
    .nullable()
    .optional()
    .describe("When the team expects the incident to be resolved; null or absent for no estimate."),
  nextUpdateBy: timestamp()
    .nullable()
    .optional()
    .describe(
      "When the next update will come at the latest. Absent: the workspace's update cadence " +
        "(`updateCadenceMinutes`) from now, if it has one; null: no promise.",
    ),
};
export type UpdatePromises = {
  estimatedResolutionAt?: string | null;
  nextUpdateBy?: string | null;
};

export const IncidentUpdate = z
  .object({
    id: uuid(),
    status: IncidentStatus,
    body: z.string(),
    estimatedResolutionAt: z.date().nullable(),
    nextUpdateBy: z.date().nullable(),
    createdAt: z.date(),
    editedAt: z.date().nullable().describe("When the body was last corrected; null if never."),
    author: z
      .object({ userId: uuid(), name: z.string() })
      .nullable()
      .describe("The member who posted it; null for a monitor's update or a removed member."),
  })
  .meta({ id: "IncidentUpdate" });

const incidentFields = {
  id: uuid(),
  title: z.string(),
  status: IncidentStatus,
  impact: IncidentImpact,
  visibility: Visibility,
  source: z.enum(["manual", "monitor"]),
  startedAt: z.date(),
  resolvedAt: z.date().nullable(),
  updatedAt: z.date(),
  components: z.array(z.object({ componentId: uuid(), status: ComponentStatus })),
  nextUpdateBy: z
    .date()
    .nullable()
    .describe("The latest update's promise of the next one; null once resolved or if none."),
  updateOverdue: z.boolean().describe("Open, and the promised next update has not come in time."),
};

export const IncidentSummary = z.object(incidentFields).meta({ id: "IncidentSummary" });
export const Postmortem = z
  .object({
    body: z.string().describe("Markdown."),
    publishedAt: z.date().nullable().describe("Null while it is a draft, which only members see."),
    updatedAt: z.date(),
  })
  .meta({ id: "Postmortem" });

export const Incident = z
  .object({
    ...incidentFields,
    updates: z.array(IncidentUpdate).describe("Newest first."),
    postmortem: Postmortem.nullable().describe(
      "Written once the incident is resolved; null if none.",
    ),
  })
  .meta({ id: "Incident" });
export type Incident = z.input<typeof Incident>;

export const IncidentList = z
  .object({ incidents: z.array(IncidentSummary), nextCursor: z.string().nullable() })
  .meta({ id: "IncidentList" });

export const IncidentListQuery = z.object({
  state: z.enum(["open", "resolved"]).default("open"),
  ...pageQuery,
});

export const CreateIncidentInput = z
  .strictObject({
    title: name(),
    impact: IncidentImpact,
    body: body(),
    status: IncidentStatus.optional(),
    visibility: Visibility.optional(),
    components: affectedComponents().optional(),
    startedAt: timestamp().optional(),
    ...promises,
  })
  .meta({ id: "CreateIncidentInput" });
export type CreateIncidentInput = z.output<typeof CreateIncidentInput>;

export const PostUpdateInput = z
  .strictObject({
    status: IncidentStatus,
    body: body(),
    impact: IncidentImpact.optional(),
    components: affectedComponents().optional(),
    ...promises,
  })
  .meta({ id: "PostIncidentUpdateInput" });
export type PostUpdateInput = z.output<typeof PostUpdateInput>;

export const PatchIncidentInput = z
  .strictObject({ title: name().optional(), visibility: Visibility.optional() })
  .meta({ id: "PatchIncidentInput" });
export type PatchIncidentInput = z.output<typeof PatchIncidentInput>;

export const EditUpdateInput = z
  .strictObject({ body: body() })
  .meta({ id: "EditIncidentUpdateInput" });
export type EditUpdateInput = z.output<typeof EditUpdateInput>;

export const PutPostmortemInput = z
  .strictObject({
    body: z.string().trim().min(1, "Must not be empty.").max(50_000, "At most 50,000 characters."),
  })
  .meta({ id: "PutPostmortemInput" });
export type PutPostmortemInput = z.output<typeof PutPostmortemInput>;

export const updateParams = z.object({ id: uuid(), updateId: uuid() });

export const INCIDENT_READ_ONLY = [
  "id",
  "status",
  "impact",
  "source",
  "startedAt",
  "resolvedAt",
  "updatedAt",
  "components",
  "updates",
  "nextUpdateBy",
  "updateOverdue",
  "postmortem",
] as const;

const templateText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "Must not be empty.")
    .max(max, `At most ${max.toLocaleString("en")} characters.`)
    .refine((text) => !/<[a-z/!?]/i.test(text), "Markdown only: no HTML tags.");
const variableValues = () =>
  z
    .record(
      z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "Variable names are letters, digits and _."),
      z.string().trim().min(1, "Must not be empty.").max(500, "At most 500 characters."),
    )
    .refine((values) => Object.keys(values).length <= 50, "At most 50 variables.");

export const IncidentTemplate = z
  .object({
    id: uuid(),
    name: z.string(),
    title: z.string(),
    body: z.string(),
    status: IncidentStatus,
    impact: IncidentImpact,
    components: z.array(AffectedComponent),
    variables: z
      .array(z.string())
      .describe(
        "The variables its title and body name; component, start and monitor are filled in.",
      ),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "IncidentTemplate" });
export type IncidentTemplate = z.input<typeof IncidentTemplate>;

export const IncidentTemplateList = z
  .object({ templates: z.array(IncidentTemplate) })
  .meta({ id: "IncidentTemplateList" });

const openStatus = () =>
  z.enum(["investigating", "identified", "monitoring"], {
    message: "Must be investigating, identified or monitoring.",
  });

export const CreateIncidentTemplateInput = z
  .strictObject({
    name: name(),
    title: templateText(200),
    body: templateText(20_000),
    status: openStatus().default("investigating"),
    impact: IncidentImpact,
    components: affectedComponents().default([]),
  })
  .meta({ id: "CreateIncidentTemplateInput" });
export type CreateIncidentTemplateInput = z.output<typeof CreateIncidentTemplateInput>;

export const PatchIncidentTemplateInput = z
  .strictObject({
    name: name().optional(),
    title: templateText(200).optional(),
    body: templateText(20_000).optional(),
    status: openStatus().optional(),
    impact: IncidentImpact.optional(),
    components: affectedComponents().optional(),
  })
  .meta({ id: "PatchIncidentTemplateInput" });
export type PatchIncidentTemplateInput = z.output<typeof PatchIncidentTemplateInput>;

export const DeclareFromTemplateInput = z
  .strictObject({
    variables: variableValues()
      .default({})
      .describe("Values for the template's own variables, by name."),
    visibility: Visibility.optional(),
    components: affectedComponents().optional().describe("Instead of the template's components."),
    startedAt: timestamp().optional(),
    ...promises,
  })
  .meta({ id: "DeclareFromTemplateInput" });
export type DeclareFromTemplateInput = z.output<typeof DeclareFromTemplateInput>;
