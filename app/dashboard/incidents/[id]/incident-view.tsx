"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api";
import { IMPACT_LABEL, INCIDENT_STATUS_LABEL } from "@/lib/status/labels";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { Time } from "@/app/ui/time";
import { useCan } from "../../actor";
import type { Incident } from "../../api-types";
import { incidentKeys } from "../../query-keys";
import { OverdueBadge } from "../overdue-badge";
import { AffectedComponents } from "./affected-components";
import { DraftNotice } from "./draft-notice";
import { PostmortemCard } from "./postmortem-card";
import { RenameForm } from "./rename-form";
import { ResolveForm } from "./resolve-form";
import { TimelineEntry } from "./timeline-entry";
import { UpdateForm } from "./update-form";

export function IncidentView({ id }: { id: string }) {
  const canEdit = useCan("editor");
  const incident = useQuery({
    queryKey: incidentKeys.detail(id),
    queryFn: () => apiFetch<Incident>(`/v1/incidents/${id}`),
  });
  const [renaming, setRenaming] = useState(false);
  const [resolving, setResolving] = useState(false);

  if (incident.isPending) return <Loading />;
  if (incident.isError) return <ErrorNotice error={incident.error} />;
  const current = incident.data;

  return (
    <div className="stack">
      <p>
        <Link href="/dashboard/incidents">← Incidents</Link>
      </p>
      <div className="page-header" data-item-id={current.id}>
        <div className="row">
          <h1 id="incident-title" tabIndex={-1} data-item-focus>
            {current.title}
          </h1>
          {canEdit && !renaming && (
            <button type="button" className="secondary small" onClick={() => setRenaming(true)}>
              Rename
            </button>
          )}
        </div>
        <div className="meta">
          {current.visibility === "draft" && <span className="badge draft">Draft</span>}
          <span className="badge">{INCIDENT_STATUS_LABEL[current.status]}</span>
          <span className={`badge impact-${current.impact}`}>{IMPACT_LABEL[current.impact]}</span>
          <OverdueBadge incident={current} />
        </div>
        {current.status !== "resolved" && current.nextUpdateBy && (
          <p className="muted">
            Next update promised by <Time iso={current.nextUpdateBy} />
          </p>
        )}
      </div>
      {renaming && <RenameForm incident={current} onDone={() => setRenaming(false)} />}
      {current.visibility === "draft" && <DraftNotice incident={current} canEdit={canEdit} />}
      <AffectedComponents incident={current} />
      {canEdit && current.status !== "resolved" && !resolving && (
        <div className="row">
          <button type="button" onClick={() => setResolving(true)}>
            Resolve…
          </button>
        </div>
      )}
      {resolving && current.status !== "resolved" && (
        <ResolveForm incident={current} onDone={() => setResolving(false)} />
      )}
      {canEdit && current.status !== "resolved" && <UpdateForm incident={current} />}
      {current.status === "resolved" && (
        <p className="notice">This incident is resolved and closed.</p>
      )}
      {current.status === "resolved" && <PostmortemCard incident={current} canEdit={canEdit} />}
      <section className="card">
        <h2 id="timeline-heading" tabIndex={-1}>
          Timeline
        </h2>
        <ol className="timeline" aria-label="Updates">
          {current.updates.map((update) => (
            <TimelineEntry
              key={update.id}
              incidentId={current.id}
              update={update}
              canEdit={canEdit}
            />
          ))}
        </ol>
      </section>
    </div>
  );
}
