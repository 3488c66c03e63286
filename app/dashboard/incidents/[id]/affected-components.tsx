"use client";

import { STATUS_LABEL } from "@/lib/status/labels";
import { StatusBadge } from "@/app/ui/status-badge";
import { Time } from "@/app/ui/time";
import type { Incident } from "../../api-types";
import { useComponentNames } from "../../components/use-components";

/** What the incident holds, at which status; once resolved, what it held and let go. */
export function AffectedComponents({ incident }: { incident: Incident }) {
  const names = useComponentNames();
  return (
    <section className="card">
      <h2>Affected components</h2>
      {incident.components.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="list">
          {incident.components.map((affected) =>
            incident.status === "resolved" ? (
              <li key={affected.componentId}>
                <span>{names.get(affected.componentId) ?? "…"}</span>
                <span className="muted">
                  {STATUS_LABEL[affected.status]} during the incident; released when it was resolved
                </span>
              </li>
            ) : (
              <li key={affected.componentId}>
                <span>{names.get(affected.componentId) ?? "…"}</span>
                <StatusBadge status={affected.status} />
              </li>
            ),
          )}
        </ul>
      )}
      <p className="muted">
        Started <Time iso={incident.startedAt} />
        {incident.resolvedAt && (
          <>
            {" · resolved "}
            <Time iso={incident.resolvedAt} />
          </>
        )}
      </p>
    </section>
  );
}
