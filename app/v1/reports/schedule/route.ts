import { handle, route } from "@/lib/api/api";
import * as op from "@/lib/reports/operations";
import { getReportSchedule, setReportSchedule } from "@/lib/reports/schedule";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getReportSchedule, ({ ctx }) => getReportSchedule({ ctx })),
  PUT: handle(op.setReportSchedule, ({ ctx, body }) => setReportSchedule({ ctx, input: body })),
});
