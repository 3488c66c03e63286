"use client";

import { useMemo } from "react";
import { ErrorNotice, Loading } from "@/app/ui/states";
import type { CheckResult } from "../../api-types";
import { useChecks } from "../use-monitors";
import { LatencyChart, type ChartData } from "./latency-chart";

const REGION_COLOURS = ["#2563eb", "#0f766e", "#7c3aed", "#b45309", "#be185d"];
const FAILED_COLOUR = "#dc2626";

/** A line per region through every check's response time, and a red mark at each failure. */
function chartOf(checks: CheckResult[]): ChartData {
  // The chart's moments must rise: regions' checks interleave, so they are sorted, not reversed.
  const oldestFirst = [...checks].sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt));
  const regions = [...new Set(oldestFirst.map((c) => c.region))].sort();
  return {
    times: oldestFirst.map((c) => Date.parse(c.startedAt) / 1000),
    series: [
      ...regions.map((region, n) => ({
        label: region,
        stroke: REGION_COLOURS[n % REGION_COLOURS.length]!,
        values: oldestFirst.map((c) => (c.region === region ? c.latencyMs : null)),
      })),
      {
        label: "Failed",
        stroke: FAILED_COLOUR,
        values: oldestFirst.map((c) => (c.status === "down" ? c.latencyMs : null)),
        marksOnly: true,
      },
    ],
  };
}

/** The raw results of the last checks: a chart from the first minute, before any hourly rollup. */
export function RecentChecks({ id }: { id: string }) {
  const checks = useChecks(id);
  const list = checks.data?.checks;
  const chart = useMemo(() => (list?.length ? chartOf(list) : null), [list]);
  const failed = list?.filter((c) => c.status === "down").length ?? 0;
  const slow = list?.filter((c) => c.status === "degraded").length ?? 0;
  return (
    <section className="card" aria-label="Recent checks">
      <h2>Recent checks</h2>
      {checks.isPending && <Loading />}
      <ErrorNotice error={checks.error} />
      {list?.length === 0 && <p className="muted">Not checked yet.</p>}
      {chart && list && (
        <>
          <LatencyChart
            data={chart}
            joinGaps
            title={`Response time of each of the last ${list.length} checks, failed ones marked`}
          />
          <p className="muted">
            The last {list.length} {list.length === 1 ? "check" : "checks"}: {failed} failed
            {slow > 0 && `, ${slow} slow`}.
          </p>
        </>
      )}
    </section>
  );
}
