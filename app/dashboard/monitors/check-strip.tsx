import type { LiveMonitor } from "../api-types";
import { CHECK_STATUS_LABEL } from "./monitor-words";

type Recent = LiveMonitor["recent"][number];
type Status = Recent["statuses"][number];

const ORDER: Status[] = ["up", "degraded", "down"];

/** "28 up, 2 down": how many of the checks had each status, worst last. */
export function countText(statuses: readonly Status[]): string {
  if (!statuses.length) return "No checks yet";
  return ORDER.map((status) => [status, statuses.filter((s) => s === status).length] as const)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${CHECK_STATUS_LABEL[status].toLowerCase()}`)
    .join(", ");
}

/**
 * Each region's latest checks (at most 30), oldest first, as small cells: a failed check is a
 * taller cell as well as a red one, and the counts are written beside them.
 */
export function CheckStrip({ recent }: { recent: Recent[] | undefined }) {
  if (!recent?.length) return <span className="muted">No checks yet</span>;
  const named = recent.length > 1;
  return (
    <div className="strips">
      {recent.map(({ region, statuses }) => (
        <div key={region} className="strip-line">
          <span className="strip" aria-hidden="true">
            {statuses.map((status, n) => (
              <span key={n} className={`cell cell-${status}`} />
            ))}
          </span>
          <span className="strip-count">
            {named && `${region}: `}
            {countText(statuses)}
          </span>
        </div>
      ))}
    </div>
  );
}
