"use client";

import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { axisTick, withZone } from "@/app/ui/time";

export type ChartSeries = {
  label: string;
  stroke: string;
  values: (number | null)[];
  /** Marks alone, unjoined: single events (failed checks) rather than a line over time. */
  marksOnly?: boolean;
};

/**
 * What a chart draws: moments (seconds since the epoch) and a value per series at each, null
 * where a series has none. Built once per answer (memoized), as a new one redraws the chart.
 */
export type ChartData = { times: number[]; series: ChartSeries[] };

const HEIGHT = 240;

/** Response times over time, a line per series; gaps where nothing was checked. */
export function LatencyChart({
  data,
  title,
  joinGaps = false,
}: {
  data: ChartData;
  title: string;
  /** Join a series' points across moments it has no value at (regions checked apart). */
  joinGaps?: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height: HEIGHT,
        series: [
          // The legend words the hovered moment as every other moment in the dashboard.
          {
            label: "Time",
            value: (_: uPlot, v: number | null) =>
              v === null ? "—" : withZone(new Date(v * 1000).toISOString()),
          },
          ...data.series.map((s) => ({
            label: s.label,
            stroke: s.stroke,
            width: s.marksOnly ? 0 : 2,
            spanGaps: joinGaps,
            ...(s.marksOnly && { paths: () => null }),
            // A value between two empty moments still shows.
            points: {
              show: true,
              size: s.marksOnly ? 8 : 5,
              fill: s.marksOnly ? s.stroke : undefined,
            },
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
        scales: { y: { range: (_: uPlot, _min: number, max: number) => [0, Math.max(max, 10)] } },
      },
      [data.times, ...data.series.map((s) => s.values)],
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [data, joinGaps]);
  return <div ref={host} className="latency-chart" role="img" aria-label={title} />;
}
