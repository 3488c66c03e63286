"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { apiFetch } from "@/lib/client/api";
import { IMPACT_LABEL, INCIDENT_STATUS_LABEL } from "@/lib/status/labels";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { Time } from "@/app/ui/time";
import type { IncidentList as Answer } from "../api-types";
import { incidentKeys } from "../query-keys";
import { OverdueBadge } from "./overdue-badge";

export function IncidentList({ state }: { state: "open" | "resolved" }) {
  const list = useInfiniteQuery({
    queryKey: incidentKeys.list(state),
    queryFn: ({ pageParam }) =>
      apiFetch<Answer>(
        `/v1/incidents?state=${state}&limit=25${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorNotice error={list.error} />;
  const incidents = list.data.pages.flatMap((page) => page.incidents);
  if (!incidents.length) {
    return (
      <p className="muted">
        {state === "open" ? "No open incidents. All clear." : "No resolved incidents yet."}
      </p>
    );
  }
  return (
    <>
      <ul className="list" aria-label={state === "open" ? "Open incidents" : "Resolved incidents"}>
        {incidents.map((incident) => (
          <li key={incident.id}>
            <div>
              <Link href={`/dashboard/incidents/${incident.id}`}>
                <strong>{incident.title}</strong>
              </Link>
              <div className="meta muted">
                <span>{INCIDENT_STATUS_LABEL[incident.status]}</span>
                <span>
                  · started <Time iso={incident.startedAt} />
                </span>
              </div>
            </div>
            <div className="meta">
              {incident.visibility === "draft" && <span className="badge draft">Draft</span>}
              <OverdueBadge incident={incident} />
              <span className={`badge impact-${incident.impact}`}>
                {IMPACT_LABEL[incident.impact]}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <button
          type="button"
          className="secondary"
          onClick={() => list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          Load more
        </button>
      )}
    </>
  );
}
