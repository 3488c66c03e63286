"use client";

import { Time } from "@/app/ui/time";
import type { CheckResult } from "../../api-types";

const PHASES: [keyof CheckResult["timings"], string][] = [
  ["dnsMs", "DNS"],
  ["connectMs", "Connect"],
  ["tlsMs", "TLS"],
  ["firstByteMs", "First byte"],
  ["totalMs", "Total"],
];

/** Each region's latest check, phase by phase. */
export function LatestChecks({ results }: { results: CheckResult[] | undefined }) {
  return (
    <section className="card" aria-label="Latest checks">
      <h2>Latest check per region</h2>
      {!results?.length && <p className="muted">Not checked yet.</p>}
      {results?.length ? (
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
              {results.map((r) => (
                <tr key={r.region}>
                  <td>{r.region}</td>
                  <td>
                    {r.status === "up" ? "Up" : "Down"}
                    {r.statusCode !== null && ` (HTTP ${r.statusCode})`}
                  </td>
                  {PHASES.map(([key, label]) => (
                    <td key={label}>{r.timings[key] === null ? "—" : `${r.timings[key]} ms`}</td>
                  ))}
                  <td>
                    <Time iso={r.startedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
