"use client";

import { useAnnounce } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { CopyField } from "@/app/ui/copy-field";
import { ErrorNotice } from "@/app/ui/states";
import { Time } from "@/app/ui/time";
import type { Monitor } from "../../api-types";
import { durationText } from "../monitor-words";
import { useHeartbeatRotation } from "../use-monitors";

// After a rotation, focus moves from the confirming button, now gone, to the new URL.
const focusUrl = (element: HTMLElement | null) => element?.querySelector("input")?.focus();

/** Where a heartbeat's job pings, how, when it last did, and a new URL if the old one leaked. */
export function HeartbeatPanel({
  monitor,
  heartbeat,
  canEdit,
}: {
  monitor: Monitor;
  heartbeat: NonNullable<Monitor["heartbeat"]>;
  canEdit: boolean;
}) {
  const announce = useAnnounce();
  const rotate = useHeartbeatRotation(monitor.id);
  const { url } = heartbeat;
  return (
    <section className="card stack tight" aria-label="Heartbeat">
      <h2>Heartbeat</h2>
      <dl className="facts">
        <div>
          <dt>Last ping</dt>
          <dd data-testid="last-ping">
            {heartbeat.lastPingAt ? <Time iso={heartbeat.lastPingAt} /> : "No ping yet"}
          </dd>
        </div>
        <div>
          <dt>Expected</dt>
          <dd>
            Every {durationText(heartbeat.periodSeconds)}
            {heartbeat.graceSeconds > 0 && `, up to ${durationText(heartbeat.graceSeconds)} late`}
          </dd>
        </div>
      </dl>
      {url ? (
        <div className="stack tight" ref={rotate.isSuccess ? focusUrl : undefined}>
          <CopyField label="Ping URL" value={url} />
          <p>
            The job requests this URL (GET, POST or HEAD) each time it finishes. Add{" "}
            <code>/fail</code> to report that it failed: the monitor goes down at once.
          </p>
          <pre>
            <code>
              {`# when the job succeeds\ncurl -fsS ${url}\n# when it fails\ncurl -fsS ${url}/fail`}
            </code>
          </pre>
        </div>
      ) : canEdit ? (
        <p className="alert">
          The ping URL cannot be read: the server&apos;s encryption key may have changed. Make a new
          one, and give it to the job.
        </p>
      ) : (
        <p>The ping URL works as a password for the job: editors and admins see it.</p>
      )}
      {canEdit && (
        <div>
          <ConfirmButton
            // A new URL closes the question: the button starts over for the next one.
            key={url}
            label="New ping URL"
            confirmLabel="Make a new ping URL"
            question="The current URL stops working at once: the job must be given the new one."
            onConfirm={() =>
              rotate.mutate(undefined, {
                onSuccess: () => announce("New ping URL made; the old one no longer works."),
              })
            }
            pending={rotate.isPending}
          />
        </div>
      )}
      <ErrorNotice error={rotate.error} />
    </section>
  );
}
