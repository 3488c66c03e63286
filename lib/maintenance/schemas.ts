import { z } from "zod";
import { name, timestamp, uuid } from "@/lib/contract/fields";
import { pageQuery } from "@/lib/contract/paging";
import { MAINTENANCE_STATUSES } from "@/lib/status/labels";
import { normalizeRecurrence } from "./recurrence";

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
    remindBeforeMinutes: z
      .number()
      .int()
      .nullable()
      .describe("Minutes before the start that `maintenance.reminder` goes out; null: none."),
    seriesId: uuid()
      .nullable()
      .describe("The recurring series this window is an occurrence of; null for a one-off window."),
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

const remindBeforeMinutes = () =>
  z
    .number()
    .int("Must be a whole number of minutes.")
    .min(1, "At least 1 minute.")
    .max(10_080, "At most 10,080 minutes (a week).")
    .nullable()
    .default(null)
    .describe(
      "Subscribers and endpoints get `maintenance.reminder` this many minutes before the start; null or left out: no reminder.",
    );

const windowFields = {
  title: name(),
  body: z.string().trim().max(20_000, "At most 20,000 characters."),
  startsAt: timestamp(),
  endsAt: timestamp(),
  componentIds: z.array(uuid()).max(1000, "At most 1,000 ids."),
  remindBeforeMinutes: remindBeforeMinutes(),
};

type WindowFields = { startsAt: string; endsAt: string; componentIds: string[] };

function checkWindow(input: WindowFields, ctx: z.RefinementCtx, { future }: { future: boolean }) {
  const starts = Date.parse(input.startsAt);
  const ends = Date.parse(input.endsAt);
  if (ends <= starts)
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "Must be after the start." });
  else if (future && ends <= Date.now())
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "Must be in the future." });
  input.componentIds.forEach((id, index) => {
    if (input.componentIds.indexOf(id) !== index) {
      ctx.addIssue({ code: "custom", path: ["componentIds", index], message: "Listed twice." });
    }
  });
}

export const MaintenanceInput = z
  .strictObject(windowFields)
  .superRefine((input, ctx) => checkWindow(input, ctx, { future: true }))
  .meta({ id: "MaintenanceInput" });
export type MaintenanceInput = z.output<typeof MaintenanceInput>;

export const MAINTENANCE_READ_ONLY = [
  "id",
  "status",
  "cancelledAt",
  "seriesId",
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

export const MaintenanceSeries = z
  .object({
    id: uuid(),
    title: z.string(),
    body: z.string(),
    startsAt: z
      .date()
      .describe("The first window's start: every occurrence starts at its local time."),
    endsAt: z.date().describe("The first window's end: every occurrence lasts as long."),
    recurrence: z.string().describe("The RRULE, as `FREQ=WEEKLY;BYDAY=SU`."),
    timeZone: z.string().describe("The zone whose wall clock the rule is read on."),
    componentIds: z.array(uuid()),
    remindBeforeMinutes: z.number().int().nullable(),
    endedAt: z.date().nullable().describe("When the series was ended; null while it runs."),
    nextStarts: z
      .array(z.date())
      .describe("The rule's next starts from now (up to five), whether or not created yet."),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "MaintenanceSeries" });
export type MaintenanceSeries = z.input<typeof MaintenanceSeries>;

export const MaintenanceSeriesList = z
  .object({ series: z.array(MaintenanceSeries), nextCursor: z.string().nullable() })
  .meta({ id: "MaintenanceSeriesList" });

export const MaintenanceSeriesInput = z
  .strictObject({
    ...windowFields,
    recurrence: z
      .string()
      .max(500, "At most 500 characters.")
      .transform((value, ctx) => {
        const normal = normalizeRecurrence(value);
        if ("error" in normal) {
          ctx.addIssue({ code: "custom", message: normal.error });
          return z.NEVER;
        }
        return normal.rule;
      })
      .describe(
        "An RFC 5545 RRULE (`FREQ=WEEKLY;BYDAY=SU`, `FREQ=MONTHLY;BYDAY=1TU;COUNT=12`): FREQ DAILY, WEEKLY, MONTHLY or YEARLY, with INTERVAL, COUNT, UNTIL and the BY… parts above hours. Read on the workspace's wall clock from the first window's start.",
      ),
  })
  .superRefine((input, ctx) => checkWindow(input, ctx, { future: false }))
  .meta({ id: "MaintenanceSeriesInput" });
export type MaintenanceSeriesInput = z.output<typeof MaintenanceSeriesInput>;
