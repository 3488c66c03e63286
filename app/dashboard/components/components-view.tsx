"use client";

import { useRef, useState } from "react";
import { focusItemWhenShown, useAnnounce } from "@/app/ui/announcer";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../actor";
import { ComponentForm } from "./component-form";
import { ComponentSection } from "./component-section";
import { GroupForm } from "./group-form";
import { useChanges } from "./use-changes";
import { sortPage, useComponentPage, useFailure } from "./use-components";

export function ComponentsView() {
  const canEdit = useCan("editor");
  const query = useComponentPage();
  const { failure, setFailure, clear } = useFailure();
  const page = query.data ? sortPage(query.data) : undefined;
  const changes = useChanges(page, setFailure);
  const [adding, setAdding] = useState<"component" | "group" | null>(null);
  const announce = useAnnounce();
  const opener = useRef<HTMLButtonElement | null>(null);
  const openForm =
    (what: "component" | "group") => (event: { currentTarget: HTMLButtonElement }) => {
      clear();
      opener.current = event.currentTarget;
      setAdding(what);
    };
  const closeAdding = () => {
    setAdding(null);
    opener.current?.focus();
  };

  return (
    <div className="stack">
      <div className="page-header">
        <h1>Components</h1>
        {canEdit && page && (
          <div className="row">
            <button type="button" onClick={openForm("component")}>
              New component
            </button>
            <button type="button" className="secondary" onClick={openForm("group")}>
              New group
            </button>
          </div>
        )}
      </div>
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
      {query.isPending && <Loading />}
      <ErrorNotice error={query.error} />
      {page && adding === "component" && (
        <section className="card">
          <h2>New component</h2>
          <ComponentForm
            groups={page.groups}
            label="Create component"
            pendingLabel="Creating…"
            withStatus
            onCancel={closeAdding}
            save={(fields) => changes.create.mutateAsync(fields)}
            onSaved={(created) => {
              setAdding(null);
              announce(`${created.name} created.`);
              focusItemWhenShown(created.id);
            }}
          />
        </section>
      )}
      {page && adding === "group" && (
        <section className="card">
          <h2>New group</h2>
          <GroupForm
            label="Create group"
            pendingLabel="Creating…"
            onCancel={closeAdding}
            save={(name) => changes.createGroup.mutateAsync(name)}
            onSaved={(created) => {
              setAdding(null);
              announce(`Group ${created.name} created.`);
              focusItemWhenShown(created.id);
            }}
          />
        </section>
      )}
      {page && page.components.length === 0 && page.groups.length === 0 && (
        <p className="notice">
          No components yet. Components are the parts of your service whose status visitors see,
          such as &ldquo;API&rdquo; or &ldquo;Website&rdquo;.
        </p>
      )}
      {page && page.components.some((c) => !c.groupId) && (
        <ComponentSection
          group={null}
          components={page.components.filter((c) => !c.groupId)}
          changes={changes}
          canEdit={canEdit}
        />
      )}
      {page?.groups.map((group) => (
        <ComponentSection
          key={group.id}
          group={group}
          components={page.components.filter((c) => c.groupId === group.id)}
          changes={changes}
          canEdit={canEdit}
        />
      ))}
    </div>
  );
}
