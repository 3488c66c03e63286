import { handle, route } from "@/lib/api/api";
import { availabilityCsv, availabilityReport } from "@/lib/reports/availability";
import * as op from "@/lib/reports/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.availabilityReport, async ({ ctx, query }) => {
    const report = await availabilityReport({ ctx, query });
    if (query.format === "json") return report;
    const day = (date: Date | string) => new Date(date).toISOString().slice(0, 10);
    return new Response(availabilityCsv(report), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="availability-${day(report.from)}-${day(report.to)}.csv"`,
        "cache-control": "no-store",
      },
    });
  }),
});
