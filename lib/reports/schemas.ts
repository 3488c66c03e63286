import { z } from "zod";
import { email, timestamp, uuid } from "@/lib/contract/fields";
import { IncidentImpact } from "@/lib/incidents/schemas";

const PERIOD = /^(\d{4})(?:-(0[1-9]|1[0-2])|-Q([1-4]))?$/;

const commaList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(uuid()).max(1000, "At most 1,000 components."));

export const AvailabilityQuery = z
  .object({
    period: z
      .string()
      .regex(PERIOD, "Must be a year (2026), a quarter (2026-Q1) or a month (2026-03).")
      .optional()
      .describe("A calendar period in the workspace's time zone; instead of from and to."),
    from: timestamp().optional().describe("Start of the period (inclusive)."),
    to: timestamp()
      .optional()
      .describe("End of the period (exclusive); time after now is not counted."),
    componentIds: commaList
      .optional()
      .describe("Comma-separated component ids; every component when left out."),
    excludeMaintenance: z
      .enum(["true", "false"])
      .default("true")
      .transform((value) => value === "true")
      .describe(
        "Leave maintenance time out of the period (true, the default) or count it as down.",
      ),
    format: z.enum(["json", "csv"]).default("json"),
  })
  .superRefine((query, ctx) => {
    if (query.period && (query.from || query.to)) {
      ctx.addIssue({
        code: "custom",
        path: ["period"],
        message: "Give a period or from and to, not both.",
      });
    }
    if (!query.period && Boolean(query.from) !== Boolean(query.to)) {
      ctx.addIssue({
        code: "custom",
        path: [query.from ? "to" : "from"],
        message: "Give both from and to.",
      });
    }
  });
export type AvailabilityQuery = z.output<typeof AvailabilityQuery>;

/** Parses `2026`, `2026-Q1` or `2026-03` into the first month and how many months it spans. */
export function parsePeriod(period: string): { year: number; month: number; months: number } {
  const [, year, month, quarter] = PERIOD.exec(period)!;
  if (month) return { year: Number(year), month: Number(month), months: 1 };
  if (quarter) return { year: Number(year), month: (Number(quarter) - 1) * 3 + 1, months: 3 };
  return { year: Number(year), month: 1, months: 12 };
}

const minutes = () => z.number().describe("Minutes, to the hundredth.");
const percent = () =>
  z
    .number()
    .nullable()
    .describe(
      "Availability in percent, rounded down to three decimals; null with no time observed.",
    );

export const ComponentAvailability = z
  .object({
    componentId: uuid(),
    name: z.string(),
    observedMinutes: minutes().describe(
      "Minutes of the period the component existed, less maintenance when it is excluded.",
    ),
    downtimeMinutes: minutes(),
    availabilityPercent: percent(),
  })
  .meta({ id: "ComponentAvailability" });

export const ReportIncident = z
  .object({
    id: uuid(),
    title: z.string(),
    impact: IncidentImpact,
    startedAt: z.date(),
    resolvedAt: z.date().nullable(),
    minutesInPeriod: minutes(),
    componentIds: z.array(uuid()),
  })
  .meta({ id: "ReportIncident" });

export const ReportMaintenance = z
  .object({
    id: uuid(),
    title: z.string(),
    startedAt: z.date(),
    endedAt: z.date().nullable().describe("Null while the window is still in progress."),
    minutesInPeriod: minutes(),
    componentIds: z.array(uuid()),
  })
  .meta({ id: "ReportMaintenance" });

export const AvailabilityReport = z
  .object({
    from: z.date(),
    to: z.date().describe("The end asked for, or now when that is still to come."),
    timeZone: z.string(),
    excludeMaintenance: z.boolean(),
    formula: z.string(),
    overall: z.object({
      observedMinutes: minutes(),
      downtimeMinutes: minutes(),
      availabilityPercent: percent(),
    }),
    components: z.array(ComponentAvailability),
    incidents: z.array(ReportIncident),
    maintenances: z.array(ReportMaintenance),
  })
  .meta({ id: "AvailabilityReport" });
export type AvailabilityReport = z.input<typeof AvailabilityReport>;

export const ReportSchedule = z
  .object({
    recipients: z
      .array(z.string())
      .describe("The addresses last month's availability report is mailed to; none = not mailed."),
    nextRunAt: z
      .date()
      .nullable()
      .describe("When the next report goes: the 1st, 08:00 in the workspace's zone; null if none."),
  })
  .meta({ id: "ReportSchedule" });
export type ReportSchedule = z.input<typeof ReportSchedule>;

export const PutReportScheduleInput = z
  .strictObject({
    recipients: z
      .array(email())
      .max(20, "At most 20 addresses.")
      .refine((list) => new Set(list).size === list.length, "Each address once."),
  })
  .meta({ id: "PutReportScheduleInput" });
export type PutReportScheduleInput = z.output<typeof PutReportScheduleInput>;
