"use client";

import { Time } from "@/app/ui/time";
import type { Assertion, CheckTest } from "../api-types";
import { describeAssertion } from "./monitor-fields";
import { CHECK_STATUS_LABEL, expiryText } from "./monitor-words";

const PHASES: [keyof CheckTest["timings"], string][] = [
  ["dnsMs", "DNS"],
  ["connectMs", "connect"],
  ["tlsMs", "TLS"],
  ["firstByteMs", "first byte"],
];

/** A test check's answer: what a check of these settings sees now, assertion by assertion. */
export function CheckTestResult({
  result,
  assertions,
  heading: Heading = "h3",
}: {
  result: CheckTest;
  /** The assertions tested, to word each verdict. */
  assertions: readonly Assertion[];
  /** A section of its page (h2), or part of a form (h3). */
  heading?: "h2" | "h3";
}) {
  const phases = PHASES.filter(([key]) => result.timings[key] !== null)
    .map(([key, label]) => `${label} ${result.timings[key]} ms`)
    .join(" · ");
  return (
    <section className="test-result stack tight" aria-label="Test result" data-testid="test-result">
      <Heading>Test result</Heading>
      <dl className="facts">
        <div>
          <dt>Result</dt>
          <dd>
            <span className={`badge state-${result.status}`} data-testid="test-status">
              {CHECK_STATUS_LABEL[result.status]}
            </span>
          </dd>
        </div>
        <div>
          <dt>Response time</dt>
          <dd>
            {result.latencyMs} ms
            {phases && <span className="muted"> ({phases})</span>}
          </dd>
        </div>
        {result.statusCode !== null && (
          <div>
            <dt>HTTP status</dt>
            <dd>{result.statusCode}</dd>
          </div>
        )}
        {result.error && (
          <div>
            <dt>Error</dt>
            <dd>
              <code>{result.error.class}</code>: {result.error.message}
            </dd>
          </div>
        )}
        {result.certificateExpiresAt && (
          <div>
            <dt>Certificate expires</dt>
            <dd>
              <Time iso={result.certificateExpiresAt} /> ({expiryText(result.certificateExpiresAt)})
            </dd>
          </div>
        )}
      </dl>
      {result.assertions.length > 0 && (
        <ol className="list" aria-label="Assertions tested">
          {result.assertions.map((outcome) => {
            const assertion = assertions[outcome.index];
            return (
              <li key={outcome.index} data-testid="assertion-outcome">
                <span>
                  Assertion {outcome.index + 1}
                  {assertion && <>: {describeAssertion(assertion)}</>}
                  <span className="muted">
                    {" "}
                    — saw {outcome.actual === null ? "nothing" : JSON.stringify(outcome.actual)}
                  </span>
                </span>
                <span className={`badge state-${outcome.passed ? "up" : "down"}`}>
                  {outcome.passed ? "Passed" : "Failed"}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** What the announcer says of a test: the verdict first, then why. */
export function testSummary(result: CheckTest): string {
  const failed = result.assertions.filter((a) => !a.passed).length;
  return [
    `Test: ${CHECK_STATUS_LABEL[result.status]} in ${result.latencyMs} ms`,
    result.statusCode !== null && `HTTP ${result.statusCode}`,
    result.error && result.error.message,
    failed > 0 && `${failed} of ${result.assertions.length} assertions failed`,
  ]
    .filter(Boolean)
    .join(", ");
}
