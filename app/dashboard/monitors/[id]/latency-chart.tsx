"use client";

import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { axisTick, withZone } from "@/app/ui/time";
import type { Bucket } from "../../api-types";

const SERIES = [
  { label: "p50", stroke: "#2563eb" },
  { label: "p95", stroke: "#d97706" },
  { label: "p99", stroke: "#dc2626" },
];

/** Response-time percentiles per bucket; gaps where nothing was checked. */
export function LatencyChart({ buckets, title }: { buckets: Bucket[]; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      buckets.map((b) => Date.parse(b.from) / 1000),
      buckets.map((b) => b.latencyP50),
      buckets.map((b) => b.latencyP95),
      buckets.map((b) => b.latencyP99),
    ];
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height: 240,
        series: [
          // The legend words the hovered moment as every other moment in the dashboard.
          {
            label: "Time",
            value: (_: uPlot, v: number | null) =>
              v === null ? "—" : withZone(new Date(v * 1000).toISOString()),
          },
          ...SERIES.map((s) => ({
            ...s,
            width: 2,
            // A bucket between two empty ones still shows.
            points: { show: true, size: 5 },
            value: (_: uPlot, v: number | null) => (v === null ? "—" : `${v} ms`),
          })),
        ],
        axes: [
          {
            values: (_: uPlot, ticks: number[], _axis: number, _space: number, step: number) =>
              ticks.map((t) => axisTick(t, step)),
          },
          { values: (_: uPlot, ticks: number[]) => ticks.map((t) => `${t} ms`), size: 60 },
        ],
        scales: { y: { range: (_: uPlot, min: number, max: number) => [0, Math.max(max, 10)] } },
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 280), height: 240 }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [buckets]);
  return <div ref={host} className="latency-chart" role="img" aria-label={title} />;
}
