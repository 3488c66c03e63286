"use client";

import { useMemo, useState } from "react";
import { ErrorNotice, Loading } from "@/app/ui/states";
import type { Bucket, MonitorHistory } from "../../api-types";
import { useHistory } from "../use-monitors";
import { LatencyChart, type ChartData } from "./latency-chart";

const RANGES = ["24h", "7d", "30d", "90d"] as const satisfies MonitorHistory["range"][];

const PERCENTILES = [
  { label: "p50", stroke: "#2563eb", of: (b: Bucket) => b.latencyP50 },
  { label: "p95", stroke: "#d97706", of: (b: Bucket) => b.latencyP95 },
  { label: "p99", stroke: "#dc2626", of: (b: Bucket) => b.latencyP99 },
];

const chartOf = (buckets: Bucket[]): ChartData => ({
  times: buckets.map((b) => Date.parse(b.from) / 1000),
  series: PERCENTILES.map(({ label, stroke, of }) => ({ label, stroke, values: buckets.map(of) })),
});

/** Response-time percentiles and uptime over a chosen range, overall or for one region. */
export function ResponseTime({ id }: { id: string }) {
  const [range, setRange] = useState<(typeof RANGES)[number]>("24h");
  const [region, setRegion] = useState("all");
  const history = useHistory(id, range);
  const regions = Object.keys(history.data?.regions ?? {});
  const buckets =
    region === "all"
      ? history.data?.overall
      : (history.data?.regions[region] ?? history.data?.overall);
  const chart = useMemo(() => buckets && chartOf(buckets), [buckets]);
  return (
    <section className="card" aria-label="Response time">
      <div className="page-header">
        <h2>Response time</h2>
        <div className="row" role="group" aria-label="Range">
          {RANGES.map((r) => (
            <button
              key={r}
              type="button"
              className={r === range ? "" : "secondary"}
              aria-pressed={r === range}
              onClick={() => setRange(r)}
            >
              {r}
            </button>
          ))}
        </div>
      </div>
      {regions.length > 1 && (
        <div className="row" role="group" aria-label="Region">
          {["all", ...regions].map((r) => (
            <button
              key={r}
              type="button"
              className={r === region ? "" : "secondary"}
              aria-pressed={r === region}
              onClick={() => setRegion(r)}
            >
              {r === "all" ? "All regions" : r}
            </button>
          ))}
        </div>
      )}
      {history.isPending && <Loading />}
      <ErrorNotice error={history.error} />
      {chart && (
        <>
          <LatencyChart data={chart} title={`p50, p95 and p99 response time over ${range}`} />
          <p className="muted">
            Uptime over {range}:{" "}
            {history.data?.uptime === null
              ? "no checks yet"
              : `${history.data?.uptime.toFixed(2)} %`}
          </p>
        </>
      )}
    </section>
  );
}
