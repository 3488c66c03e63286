"use client";

import { Time } from "@/app/ui/time";
import type { LiveMonitor, Monitor } from "../../api-types";
import { daysUntil, expiryText } from "../monitor-words";

/** What needs a person's attention beside the state: a certificate about to expire, late checks. */
export function MonitorNotices({
  monitor,
  live,
}: {
  monitor: Monitor;
  live: LiveMonitor | undefined;
}) {
  const expires = live?.warnings.includes("certificate_expires_soon")
    ? live.certificateExpiresAt
    : null;
  return (
    <>
      {expires && (
        <p className="alert" data-testid="certificate-warning">
          {daysUntil(expires) < 0 ? (
            <>
              Certificate warning: the TLS certificate expired <Time iso={expires} />. Checks fail
              with <code>tls_error</code> until it is renewed.
            </>
          ) : (
            <>
              Certificate warning: the TLS certificate expires <Time iso={expires} /> (
              {expiryText(expires)}). Renew it before then, or checks will fail with{" "}
              <code>tls_error</code>.
            </>
          )}
        </p>
      )}
      {live?.checksDelayed && (
        <p className="alert" data-testid="checks-delayed">
          Checks are delayed: no result for{" "}
          {3 * (monitor.heartbeat?.periodSeconds ?? monitor.detection.intervalSeconds)} s or more.
          The state shown may be out of date.
        </p>
      )}
    </>
  );
}
