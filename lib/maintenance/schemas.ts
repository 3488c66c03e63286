import { z } from "zod";
import { name, timestamp, uuid } from "@/lib/contract/fields";
import { pageQuery } from "@/lib/contract/paging";
import { MAINTENANCE_STATUSES } from "@/lib/status/labels";

export const MaintenanceStatus = z.enum(MAINTENANCE_STATUSES).meta({ id: "MaintenanceStatus" });

export const Maintenance = z
  .object({
    id: uuid(),
    title: z.string(),
    body: z.string(),
    status: MaintenanceStatus,
    startsAt: z.date(),
    endsAt: z.date(),
    cancelledAt: z.date().nullable(),
    componentIds: z.array(uuid()),
    updates: z
      .array(
        z
          .object({
            id: uuid(),
            status: MaintenanceStatus.describe("The window's status when the note was posted."),
            body: z.string(),
            createdAt: z.date(),
            author: z.object({ userId: uuid(), name: z.string() }).nullable(),
          })
          .meta({ id: "MaintenanceUpdate" }),
      )
      .describe("Progress notes, newest first."),
  })
  .meta({ id: "Maintenance" });
export type Maintenance = z.input<typeof Maintenance>;

export const MaintenanceList = z
  .object({ maintenances: z.array(Maintenance), nextCursor: z.string().nullable() })
  .meta({ id: "MaintenanceList" });

export const MaintenanceListQuery = z.object(pageQuery);

export const MaintenanceInput = z
  .strictObject({
    title: name(),
    body: z.string().trim().max(20_000, "At most 20,000 characters."),
    startsAt: timestamp(),
    endsAt: timestamp(),
    componentIds: z.array(uuid()).max(1000, "At most 1,000 ids."),
  })
  .superRefine((input, ctx) => {
    const starts = Date.parse(input.startsAt);
    const ends = Date.parse(input.endsAt);
    if (ends <= starts)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "Must be after the start." });
    else if (ends <= Date.now())
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "Must be in the future." });
    input.componentIds.forEach((id, index) => {
      if (input.componentIds.indexOf(id) !== index) {
        ctx.addIssue({ code: "custom", path: ["componentIds", index], message: "Listed twice." });
      }
    });
  })
  .meta({ id: "MaintenanceInput" });
export type MaintenanceInput = z.output<typeof MaintenanceInput>;

export const MAINTENANCE_READ_ONLY = [
  "id",
  "status",
  "cancelledAt",
  "createdAt",
  "updatedAt",
  "updates",
] as const;

export const MaintenanceNoteInput = z
  .strictObject({
    body: z.string().trim().min(1, "Must not be empty.").max(20_000, "At most 20,000 characters."),
  })
  .meta({ id: "MaintenanceNoteInput" });
export type MaintenanceNoteInput = z.output<typeof MaintenanceNoteInput>;
