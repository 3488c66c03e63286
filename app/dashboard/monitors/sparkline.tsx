"use client";

import { useHistory } from "./use-monitors";

/** The last 24 hours' median latency, hour by hour, as small bars (red where checks failed). */
export function Sparkline({ id }: { id: string }) {
  const history = useHistory(id, "24h");
  const buckets = history.data?.overall ?? [];
  const max = Math.max(...buckets.map((b) => b.latencyP50 ?? 0), 1);
  if (!buckets.some((b) => b.checks)) return <span className="muted">No data</span>;
  const width = 100 / buckets.length;
  return (
    <svg className="sparkline" viewBox="0 0 100 30" preserveAspectRatio="none" role="img">
      <title>{`Median response time per hour over 24 hours, up to ${max} ms`}</title>
      {buckets.map((b, i) =>
        b.checks ? (
          <rect
            key={b.from}
            className={b.failures ? "failed" : undefined}
            x={i * width + width * 0.1}
            width={width * 0.8}
            y={30 - Math.max(2, ((b.latencyP50 ?? 0) / max) * 30)}
            height={Math.max(2, ((b.latencyP50 ?? 0) / max) * 30)}
          />
        ) : null,
      )}
    </svg>
  );
}

export function Uptime30d({ id }: { id: string }) {
  const history = useHistory(id, "30d");
  const uptime = history.data?.uptime;
  return <span>{uptime === null || uptime === undefined ? "—" : `${uptime.toFixed(2)} %`}</span>;
}
