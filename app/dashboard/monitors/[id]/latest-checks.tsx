"use client";

import { DataTable } from "@/app/ui/data-table";
import { Time } from "@/app/ui/time";
import type { CheckResult } from "../../api-types";
import { assertionText, CHECK_STATUS_LABEL, expiryText } from "../monitor-words";

const PHASES: [keyof CheckResult["timings"], string][] = [
  ["dnsMs", "DNS"],
  ["connectMs", "Connect"],
  ["tlsMs", "TLS"],
  ["firstByteMs", "First byte"],
  ["totalMs", "Total"],
];

/** A check's verdict and why: its status code, its error, the assertion that failed. */
function Verdict({ result }: { result: CheckResult }) {
  return (
    <>
      <span className={`badge state-${result.status}`}>{CHECK_STATUS_LABEL[result.status]}</span>
      {result.statusCode !== null && ` (HTTP ${result.statusCode})`}
      {result.error && (
        <div>
          <code>{result.error.class}</code>: {result.error.message}
        </div>
      )}
      {result.assertion && (
        <div data-testid="failed-assertion">{assertionText(result.assertion)}</div>
      )}
    </>
  );
}

/**
 * Each region's latest check, phase by phase. `timed`: false for heartbeats, whose verdicts are
 * about pings, not requests.
 */
export function LatestChecks({
  results,
  timed,
}: {
  results: CheckResult[] | undefined;
  timed: boolean;
}) {
  const phases = timed ? PHASES : [];
  const withCertificate = results?.some((r) => r.certificateExpiresAt);
  return (
    <section className="card" aria-label="Latest checks">
      <h2>Latest check per region</h2>
      {!results?.length && <p className="muted">Not checked yet.</p>}
      {results?.length ? (
        <DataTable
          columns={[
            "Region",
            "Result",
            ...phases.map(([, label]) => label),
            ...(withCertificate ? ["Certificate expires"] : []),
            "Started",
          ]}
        >
          {results.map((r) => (
            <tr key={r.region}>
              <td>{r.region}</td>
              <td>
                <Verdict result={r} />
              </td>
              {phases.map(([key, label]) => (
                <td key={label}>{r.timings[key] === null ? "—" : `${r.timings[key]} ms`}</td>
              ))}
              {withCertificate && (
                <td>
                  {r.certificateExpiresAt ? (
                    <>
                      <Time iso={r.certificateExpiresAt} /> ({expiryText(r.certificateExpiresAt)})
                    </>
                  ) : (
                    "—"
                  )}
                </td>
              )}
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
