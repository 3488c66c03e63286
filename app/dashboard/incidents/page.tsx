"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { focusItemWhenShown, focusWhenShown, PAGE_OPENER, useAnnounce } from "@/app/ui/announcer";
import { Field } from "@/app/ui/field";
import { MarkdownField } from "@/app/ui/markdown-field";
import { SelectField } from "@/app/ui/select-field";
import { FormError } from "@/app/ui/form-error";
import { hasKeptDraft, useKeptDraft } from "@/app/ui/kept-draft";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../actor";
import { ComponentPicker, type Picked } from "../component-picker";
import {
  IMPACT_OPTIONS,
  label,
  STATUS_OPTIONS,
  type Incident,
  type IncidentSummary,
} from "./incident-types";

/** A field the API named, in the form's words ("components.1.componentId" → "Component 2"). */
function describeIncidentField(field: string): string {
  const component = /^components\.(\d+)/.exec(field);
  if (component) return `Affected component ${Number(component[1]) + 1}`;
  return { impact: "Impact", status: "Status", startedAt: "Start" }[field] ?? field;
}

const DECLARE_DRAFT = "allclear:declare-incident";

function DeclareForm({ onDone }: { onDone: () => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const draft = useKeptDraft(DECLARE_DRAFT);
  const form = useRef<HTMLFormElement>(null);
  const [components, setComponents] = useState<Picked[]>(
    () => (draft.restored?.extra as Picked[] | undefined) ?? [],
  );
  const announce = useAnnounce();
  const declare = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<Incident>("/v1/incidents", { method: "POST", body }),
    onSuccess: (incident) => {
      draft.drop();
      void queryClient.invalidateQueries({ queryKey: ["incidents"] });
      void queryClient.invalidateQueries({ queryKey: ["components"] });
      onDone();
      router.push(`/dashboard/incidents/${incident.id}`);
      announce(
        incident.visibility === "draft"
          ? `Draft ${incident.title} saved.`
          : `Incident ${incident.title} declared.`,
      );
      focusItemWhenShown(incident.id);
    },
  });
  const error = declare.error instanceof ApiError ? declare.error : null;
  const cancel = () => {
    draft.drop();
    onDone();
    focusWhenShown(PAGE_OPENER);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    declare.mutate({
      title: String(form.get("title")).trim(),
      impact: form.get("impact"),
      status: form.get("status"),
      body: String(form.get("body")).trim(),
      visibility: form.get("publish") ? "published" : "draft",
      components,
    });
  }

  return (
    <section className="card">
      <h2>Declare incident</h2>
      {draft.restored && <p className="notice">What you had typed is back; Cancel drops it.</p>}
      {/* A refusal stays until the form changes: what it named may be fixed by then. */}
      <form
        ref={form}
        className="form"
        onSubmit={submit}
        onInput={(event) => {
          draft.keep(event.currentTarget, components);
          if (declare.error) declare.reset();
        }}
      >
        <FormError error={error} shown={["title", "body"]} describe={describeIncidentField} />
        <Field
          label="Title"
          name="title"
          required
          maxLength={200}
          autoFocus
          defaultValue={draft.field("title")}
          error={error?.forField("title")}
        />
        <div className="row">
          <SelectField
            label="Status"
            name="status"
            options={STATUS_OPTIONS.slice(0, 3)}
            defaultValue={draft.field("status", "investigating")}
          />
          <SelectField
            label="Impact"
            name="impact"
            options={IMPACT_OPTIONS}
            defaultValue={draft.field("impact", "minor")}
          />
        </div>
        <MarkdownField
          label="Message"
          name="body"
          required
          defaultValue={draft.field("body")}
          error={error?.forField("body")}
        />
        <ComponentPicker
          legend="Affected components"
          initial={components}
          withStatus
          onChange={(picked) => {
            setComponents(picked);
            if (form.current) draft.keep(form.current, picked);
          }}
        />
        <label className="check">
          <input
            type="checkbox"
            name="publish"
            defaultChecked={draft.field("publish", "true") === "true"}
          />
          Publish now (visitors see it and subscribers are notified); unchecked keeps a draft
        </label>
        <div className="row">
          <button type="submit" disabled={declare.isPending}>
            {declare.isPending ? "Declaring…" : "Declare incident"}
          </button>
          <button type="button" className="secondary" onClick={cancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

function IncidentList({ state }: { state: "open" | "resolved" }) {
  const list = useInfiniteQuery({
    queryKey: ["incidents", state],
    queryFn: ({ pageParam }) =>
      apiFetch<{ incidents: IncidentSummary[]; nextCursor: string | null }>(
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
                <span>{label(STATUS_OPTIONS, incident.status)}</span>
                <span>· started {new Date(incident.startedAt).toLocaleString()}</span>
              </div>
            </div>
            <div className="meta">
              {incident.visibility === "draft" && <span className="badge draft">Draft</span>}
              <span className={`badge impact-${incident.impact}`}>
                {label(IMPACT_OPTIONS, incident.impact)} impact
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

function IncidentsView() {
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
        {canEdit && !declaring && (
          <button type="button" data-opens="page-form" onClick={() => setDeclaring(true)}>
            Declare incident
          </button>
        )}
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

export default function IncidentsPage() {
  return (
    <Suspense fallback={<Loading />}>
      <IncidentsView />
    </Suspense>
  );
}
