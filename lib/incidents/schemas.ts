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

export const IncidentUpdate = z
  .object({
    id: uuid(),
    status: IncidentStatus,
    body: z.string(),
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
};

export const IncidentSummary = z.object(incidentFields).meta({ id: "IncidentSummary" });
export const Incident = z
  .object({ ...incidentFields, updates: z.array(IncidentUpdate).describe("Newest first.") })
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
  })
  .meta({ id: "CreateIncidentInput" });
export type CreateIncidentInput = z.output<typeof CreateIncidentInput>;

export const PostUpdateInput = z
  .strictObject({
    status: IncidentStatus,
    body: body(),
    impact: IncidentImpact.optional(),
    components: affectedComponents().optional(),
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
] as const;
