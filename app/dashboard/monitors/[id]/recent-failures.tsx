"use client";

import { ListSection } from "@/app/ui/list-section";
import { Time } from "@/app/ui/time";
import { useFailures } from "../use-monitors";

export function RecentFailures({ id }: { id: string }) {
  const failures = useFailures(id);
  return (
    <ListSection
      className="card"
      label="Recent failures"
      pending={failures.isPending}
      error={failures.error}
      empty={failures.data?.failures.length === 0 && "No failed checks."}
    >
      <ul className="list">
        {failures.data?.failures.map((f) => (
          <li key={`${f.region}-${f.startedAt}`}>
            <span>
              <strong>{f.error?.class ?? "down"}</strong> {f.error?.message}
            </span>
            <span className="muted">
              {f.region} · <Time iso={f.startedAt} />
            </span>
          </li>
        ))}
      </ul>
    </ListSection>
  );
}
