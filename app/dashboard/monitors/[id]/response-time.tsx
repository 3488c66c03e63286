"use client";

import { useState } from "react";
import { ErrorNotice, Loading } from "@/app/ui/states";
import type { MonitorHistory } from "../../api-types";
import { useHistory } from "../use-monitors";
import { LatencyChart } from "./latency-chart";

const RANGES = ["24h", "7d", "30d", "90d"] as const satisfies MonitorHistory["range"][];

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
      {buckets && (
        <>
          <LatencyChart buckets={buckets} title={`p50, p95 and p99 response time over ${range}`} />
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
