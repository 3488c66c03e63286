"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api";
import { ErrorNotice, Loading } from "@/app/ui/states";
import {
  STATE_TEXT,
  useHistory,
  useMonitors,
  useTelemetry,
  type CheckResult,
} from "../use-monitors";
import { LatencyChart } from "./latency-chart";

const RANGES = ["24h", "7d", "30d", "90d"] as const;
const PHASES: [keyof CheckResult["timings"], string][] = [
  ["dnsMs", "DNS"],
  ["connectMs", "Connect"],
  ["tlsMs", "TLS"],
  ["firstByteMs", "First byte"],
  ["totalMs", "Total"],
];

export default function MonitorPage() {
  const { id } = useParams<{ id: string }>();
  const [range, setRange] = useState<(typeof RANGES)[number]>("24h");
  const [region, setRegion] = useState("all");
  const monitors = useMonitors();
  const telemetry = useTelemetry();
  const history = useHistory(id, range);
  const failures = useQuery({
    queryKey: ["monitors", id, "failures"],
    queryFn: () => apiFetch<{ failures: CheckResult[] }>(`/v1/monitors/${id}/failures`),
    refetchInterval: 10_000,
  });
  const monitor = monitors.data?.monitors.find((m) => m.id === id);
  const live = telemetry.data?.monitors.find((m) => m.id === id);
  if (monitors.isPending) return <Loading />;
  if (monitors.isError) return <ErrorNotice error={monitors.error} />;
  if (!monitor) {
    return (
      <div className="stack">
        <h1>Monitor not found</h1>
        <Link href="/dashboard/monitors">All monitors</Link>
      </div>
    );
  }
  const regions = Object.keys(history.data?.regions ?? {});
  const buckets =
    region === "all"
      ? history.data?.overall
      : (history.data?.regions[region] ?? history.data?.overall);
  const state = live?.state ?? "pending";
  return (
    <div className="stack">
      <p>
        <Link href="/dashboard/monitors">← Monitors</Link>
      </p>
      <div className="page-header">
        <h1>{monitor.name}</h1>
        <span className={`badge state-${state}`} data-testid="monitor-state">
          {STATE_TEXT[state]}
          {live && ` since ${new Date(live.since).toLocaleString()}`}
        </span>
      </div>
      <p className="muted monitor-url">
        {monitor.http.method} {monitor.http.url}
      </p>

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
            <LatencyChart
              buckets={buckets}
              title={`p50, p95 and p99 response time over ${range}`}
            />
            <p className="muted">
              Uptime over {range}:{" "}
              {history.data?.uptime === null
                ? "no checks yet"
                : `${history.data?.uptime.toFixed(2)} %`}
            </p>
          </>
        )}
      </section>

      <section className="card" aria-label="Latest checks">
        <h2>Latest check per region</h2>
        {!live?.results.length && <p className="muted">Not checked yet.</p>}
        {live?.results.length ? (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Region</th>
                  <th scope="col">Result</th>
                  {PHASES.map(([, label]) => (
                    <th key={label} scope="col">
                      {label}
                    </th>
                  ))}
                  <th scope="col">Started</th>
                </tr>
              </thead>
              <tbody>
                {live.results.map((r) => (
                  <tr key={r.region}>
                    <td>{r.region}</td>
                    <td>
                      {r.status === "up" ? "Up" : "Down"}
                      {r.statusCode !== null && ` (HTTP ${r.statusCode})`}
                    </td>
                    {PHASES.map(([key, label]) => (
                      <td key={label}>{r.timings[key] === null ? "—" : `${r.timings[key]} ms`}</td>
                    ))}
                    <td>{new Date(r.startedAt).toLocaleTimeString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <section className="card" aria-label="Recent failures">
        <h2>Recent failures</h2>
        {failures.isPending && <Loading />}
        <ErrorNotice error={failures.error} />
        {failures.data?.failures.length === 0 && <p className="muted">No failed checks.</p>}
        <ul className="list">
          {failures.data?.failures.map((f) => (
            <li key={`${f.region}-${f.startedAt}`}>
              <span>
                <strong>{f.error?.class ?? "down"}</strong> {f.error?.message}
              </span>
              <span className="muted">
                {f.region} · {new Date(f.startedAt).toLocaleString()}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
