"use client";

import { Time } from "@/app/ui/time";
import type { CheckResult } from "../../api-types";
import { DataTable } from "@/app/ui/data-table";

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
        <DataTable columns={["Region", "Result", ...PHASES.map(([, label]) => label), "Started"]}>
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
        </DataTable>
      ) : null}
    </section>
  );
}
