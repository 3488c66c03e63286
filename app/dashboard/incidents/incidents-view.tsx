"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { hasKeptDraft } from "@/app/ui/kept-draft";
import { useCan } from "../actor";
import { DECLARE_DRAFT, DeclareForm } from "./declare-form";
import { IncidentList } from "./incident-list";

export function IncidentsView() {
  const canEdit = useCan("editor");
  const params = useSearchParams();
  const state = params.get("state") === "resolved" ? "resolved" : "open";
  const [declaring, setDeclaring] = useState(false);
  // A declaration left half-written opens again where it was.
  useEffect(() => {
    if (canEdit && hasKeptDraft(DECLARE_DRAFT)) setDeclaring(true);
  }, [canEdit]);
  return (
    <div className="stack">
      <div className="page-header" data-item-id="incidents">
        <h1 data-item-focus tabIndex={-1}>
          Incidents
        </h1>
        <div className="row">
          <Link href="/dashboard/incidents/templates" className="button secondary">
            Templates
          </Link>
          {canEdit && !declaring && (
            <button type="button" data-opens="page-form" onClick={() => setDeclaring(true)}>
              Declare incident
            </button>
          )}
        </div>
      </div>
      {declaring && <DeclareForm onDone={() => setDeclaring(false)} />}
      <nav className="tabs" aria-label="Incident state">
        <Link href="/dashboard/incidents" aria-current={state === "open" ? "page" : undefined}>
          Open
        </Link>
        <Link
          href="/dashboard/incidents?state=resolved"
          aria-current={state === "resolved" ? "page" : undefined}
        >
          Resolved
        </Link>
      </nav>
      <section className="card">
        <IncidentList state={state} />
      </section>
    </div>
  );
}
