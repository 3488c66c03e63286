"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/client/api";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { Field } from "@/app/ui/field";
import { SelectField } from "@/app/ui/select-field";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../actor";
import {
  isPending,
  moved,
  pendingId,
  sortPage,
  STATUS_LABELS,
  useComponentPage,
  useFailure,
  useOptimisticChange,
  type Component,
  type ComponentPage,
  type ComponentStatus,
  type Group,
} from "./use-components";

const STATUS_OPTIONS = Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }));

type Fields = { name: string; description: string; groupId: string | null };

function readFields(form: HTMLFormElement): Fields {
  const data = new FormData(form);
  const groupId = String(data.get("groupId") ?? "");
  return {
    name: String(data.get("name") ?? "").trim(),
    description: String(data.get("description") ?? "").trim(),
    groupId: groupId || null,
  };
}

function groupOptions(groups: Group[]) {
  return [
    { value: "", label: "No group" },
    ...groups
      .filter((group) => !isPending(group.id))
      .map((group) => ({ value: group.id, label: group.name })),
  ];
}

function StatusBadge({ status }: { status: ComponentStatus }) {
  return <span className={`status status-${status}`}>{STATUS_LABELS[status]}</span>;
}

/** Everything on the page that changes data, with each change applied optimistically. */
function useChanges(page: ComponentPage | undefined, onFailure: (message: string) => void) {
  const order = (ids: string[]) =>
    apiFetch("/v1/components/order", { method: "PUT", body: { ids } });
  return {
    create: useOptimisticChange(
      (input: Fields & { status: ComponentStatus }) =>
        apiFetch("/v1/components", { method: "POST", body: input }),
      (current, input) => ({
        ...current,
        components: [
          ...current.components,
          { ...input, id: pendingId(), position: current.components.length },
        ],
      }),
      onFailure,
    ),
    update: useOptimisticChange(
      ({ id, ...input }: Partial<Fields> & { id: string; status?: ComponentStatus }) =>
        apiFetch(`/v1/components/${id}`, { method: "PATCH", body: input }),
      (current, { id, ...input }) => ({
        ...current,
        components: current.components.map((c) => (c.id === id ? { ...c, ...input } : c)),
      }),
      onFailure,
    ),
    remove: useOptimisticChange(
      (id: string) => apiFetch(`/v1/components/${id}`, { method: "DELETE" }),
      (current, id) => ({ ...current, components: current.components.filter((c) => c.id !== id) }),
      onFailure,
    ),
    reorder: useOptimisticChange(
      (ids: string[]) => order(ids),
      (current, ids) => ({
        ...current,
        components: current.components.map((c) => ({ ...c, position: ids.indexOf(c.id) })),
      }),
      onFailure,
    ),
    createGroup: useOptimisticChange(
      (name: string) => apiFetch("/v1/component-groups", { method: "POST", body: { name } }),
      (current, name) => ({
        ...current,
        groups: [...current.groups, { id: pendingId(), name, position: current.groups.length }],
      }),
      onFailure,
    ),
    renameGroup: useOptimisticChange(
      ({ id, name }: { id: string; name: string }) =>
        apiFetch(`/v1/component-groups/${id}`, { method: "PATCH", body: { name } }),
      (current, { id, name }) => ({
        ...current,
        groups: current.groups.map((g) => (g.id === id ? { ...g, name } : g)),
      }),
      onFailure,
    ),
    removeGroup: useOptimisticChange(
      (id: string) => apiFetch(`/v1/component-groups/${id}`, { method: "DELETE" }),
      (current, id) => ({
        groups: current.groups.filter((g) => g.id !== id),
        components: current.components.map((c) => (c.groupId === id ? { ...c, groupId: null } : c)),
      }),
      onFailure,
    ),
    reorderGroups: useOptimisticChange(
      (ids: string[]) => apiFetch("/v1/component-groups/order", { method: "PUT", body: { ids } }),
      (current, ids) => ({
        ...current,
        groups: current.groups.map((g) => ({ ...g, position: ids.indexOf(g.id) })),
      }),
      onFailure,
    ),
    page,
  };
}

type Changes = ReturnType<typeof useChanges>;

function ComponentForm({
  groups,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  withStatus,
}: {
  groups: Group[];
  initial?: Component;
  submitLabel: string;
  onSubmit: (fields: Fields & { status: ComponentStatus }) => void;
  onCancel: () => void;
  withStatus?: boolean;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const status = String(
      new FormData(event.currentTarget).get("status") ?? "operational",
    ) as ComponentStatus;
    onSubmit({ ...readFields(event.currentTarget), status });
  }
  return (
    <form className="form component-form" onSubmit={submit}>
      <div className="row">
        <Field
          label="Name"
          name="name"
          defaultValue={initial?.name}
          required
          maxLength={200}
          autoFocus
        />
        <SelectField
          label="Group"
          name="groupId"
          options={groupOptions(groups)}
          defaultValue={initial?.groupId ?? ""}
        />
        {withStatus && (
          <SelectField
            label="Status"
            name="status"
            options={STATUS_OPTIONS}
            defaultValue="operational"
          />
        )}
      </div>
      <Field
        label="Description"
        name="description"
        defaultValue={initial?.description}
        maxLength={2000}
      />
      <div className="row">
        <button type="submit">{submitLabel}</button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

type Hold =
  | { kind: "incident"; id: string; title: string; status: ComponentStatus }
  | { kind: "maintenance"; id: string; title: string; until: string };

/**
 * What holds each component right now: open published incidents (at the status they set) and
 * windows in progress. Every row asks; the queries are shared.
 */
function useHolds(): Map<string, Hold[]> {
  const incidents = useQuery({
    queryKey: ["incidents", "open", "holds"],
    queryFn: () =>
      apiFetch<{
        incidents: {
          id: string;
          title: string;
          visibility: string;
          components: { componentId: string; status: ComponentStatus }[];
        }[];
      }>("/v1/incidents?state=open&limit=200"),
  });
  const windows = useQuery({
    queryKey: ["maintenances", "holds"],
    queryFn: () =>
      apiFetch<{
        maintenances: {
          id: string;
          title: string;
          status: string;
          endsAt: string;
          componentIds: string[];
        }[];
      }>("/v1/maintenances?limit=200"),
  });
  const holds = new Map<string, Hold[]>();
  const add = (componentId: string, hold: Hold) =>
    holds.set(componentId, [...(holds.get(componentId) ?? []), hold]);
  for (const incident of incidents.data?.incidents ?? []) {
    if (incident.visibility !== "published") continue;
    for (const c of incident.components) {
      add(c.componentId, {
        kind: "incident",
        id: incident.id,
        title: incident.title,
        status: c.status,
      });
    }
  }
  for (const window of windows.data?.maintenances ?? []) {
    if (window.status !== "in_progress") continue;
    for (const componentId of window.componentIds) {
      add(componentId, {
        kind: "maintenance",
        id: window.id,
        title: window.title,
        until: window.endsAt,
      });
    }
  }
  return holds;
}

function HeldBy({ holds }: { holds: Hold[] }) {
  return (
    <p className="muted held-by">
      {holds.map((hold, index) => (
        <span key={`${hold.kind}-${hold.id}`}>
          {index > 0 && "; "}
          {hold.kind === "incident" ? (
            <>
              Held at {STATUS_LABELS[hold.status]} by incident{" "}
              <Link href={`/dashboard/incidents/${hold.id}`}>{hold.title}</Link>
            </>
          ) : (
            <>
              Under maintenance until {new Date(hold.until).toLocaleString()} ({hold.title})
            </>
          )}
        </span>
      ))}
      . A status set here shows until the next change of what holds it.
    </p>
  );
}

function StatusChooser({ component, changes }: { component: Component; changes: Changes }) {
  // A status is chosen, then set: arrow keys on the list publish nothing by themselves.
  const [chosen, setChosen] = useState<ComponentStatus | null>(null);
  return (
    <>
      <select
        aria-label={`Status of ${component.name}`}
        value={chosen ?? component.status}
        onChange={(event) => {
          const value = event.target.value as ComponentStatus;
          setChosen(value === component.status ? null : value);
        }}
      >
        {STATUS_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {chosen && (
        <span
          className="confirm"
          role="group"
          aria-label={`Confirm the status of ${component.name}`}
        >
          <span>
            Show {component.name} as {STATUS_LABELS[chosen]}?
          </span>
          <button
            type="button"
            onClick={() => {
              changes.update.mutate({ id: component.id, status: chosen });
              setChosen(null);
            }}
          >
            Set status
          </button>
          <button type="button" className="secondary" onClick={() => setChosen(null)}>
            Cancel
          </button>
        </span>
      )}
    </>
  );
}

function ComponentRow({
  component,
  siblings,
  changes,
  canEdit,
}: {
  component: Component;
  siblings: Component[];
  changes: Changes;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const holds = useHolds().get(component.id) ?? [];
  const page = changes.page!;
  const index = siblings.findIndex((c) => c.id === component.id);
  // The order PUT names every component, so it waits until each has its real id.
  const settling = page.components.some((c) => isPending(c.id));

  // Moving a row moves its DOM node, which drops focus (and a button at the edge turns disabled):
  // after a move, focus returns to the row's move button, or its other one at the edge.
  const upButton = useRef<HTMLButtonElement>(null);
  const downButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef<-1 | 1 | null>(null);
  useEffect(() => {
    if (refocus.current === null || settling) return;
    const [toward, other] =
      refocus.current === -1
        ? [upButton.current, downButton.current]
        : [downButton.current, upButton.current];
    (toward && !toward.disabled ? toward : other)?.focus();
    refocus.current = null;
  });

  function move(step: -1 | 1) {
    refocus.current = step;
    // Swap within the section, then send the whole page order, which the API requires.
    const sectionIds = moved(
      siblings.map((c) => c.id),
      index,
      step,
    );
    const ids = page.components.map((c) => c.id);
    const sectionStart = ids.indexOf(siblings[0]!.id);
    ids.splice(sectionStart, sectionIds.length, ...sectionIds);
    changes.reorder.mutate(ids);
  }

  if (editing) {
    return (
      <li className="component-row">
        <ComponentForm
          groups={page.groups}
          initial={component}
          submitLabel="Save"
          onCancel={() => setEditing(false)}
          onSubmit={({ status: _status, ...fields }) => {
            changes.update.mutate({ id: component.id, ...fields });
            setEditing(false);
          }}
        />
      </li>
    );
  }
  return (
    <li className="component-row" data-testid="component-row">
      <div className="component-main">
        <strong>{component.name}</strong> <StatusBadge status={component.status} />
        {component.description && <span className="muted">{component.description}</span>}
        {holds.length > 0 && <HeldBy holds={holds} />}
      </div>
      {canEdit && isPending(component.id) && <span className="muted">Saving…</span>}
      {canEdit && !isPending(component.id) && (
        <div className="component-actions">
          <StatusChooser component={component} changes={changes} />
          <button
            type="button"
            className="secondary icon"
            ref={upButton}
            aria-label={`Move ${component.name} up`}
            disabled={settling || index === 0}
            onClick={() => move(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="secondary icon"
            ref={downButton}
            aria-label={`Move ${component.name} down`}
            disabled={settling || index === siblings.length - 1}
            onClick={() => move(1)}
          >
            ↓
          </button>
          <button
            type="button"
            className="secondary"
            aria-label={`Edit ${component.name}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          <ConfirmButton
            label="Delete"
            confirmLabel={`Delete ${component.name}`}
            question="Delete it and its history?"
            onConfirm={() => changes.remove.mutate(component.id)}
          />
        </div>
      )}
    </li>
  );
}

function GroupHeader({
  group,
  changes,
  canEdit,
}: {
  group: Group;
  changes: Changes;
  canEdit: boolean;
}) {
  const [renaming, setRenaming] = useState(false);
  const groups = changes.page!.groups;
  const index = groups.findIndex((g) => g.id === group.id);
  if (renaming) {
    return (
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          const name = String(new FormData(event.currentTarget).get("name")).trim();
          changes.renameGroup.mutate({ id: group.id, name });
          setRenaming(false);
        }}
      >
        <Field
          label="Group name"
          name="name"
          defaultValue={group.name}
          required
          maxLength={200}
          autoFocus
        />
        <button type="submit">Save</button>
        <button type="button" className="secondary" onClick={() => setRenaming(false)}>
          Cancel
        </button>
      </form>
    );
  }
  return (
    <div className="group-header">
      <h2>{group.name}</h2>
      {canEdit && isPending(group.id) && <span className="muted">Saving…</span>}
      {canEdit && !isPending(group.id) && (
        <div className="component-actions">
          <button
            type="button"
            className="secondary icon"
            aria-label={`Move group ${group.name} up`}
            disabled={index === 0}
            onClick={() =>
              changes.reorderGroups.mutate(
                moved(
                  groups.map((g) => g.id),
                  index,
                  -1,
                ),
              )
            }
          >
            ↑
          </button>
          <button
            type="button"
            className="secondary icon"
            aria-label={`Move group ${group.name} down`}
            disabled={index === groups.length - 1}
            onClick={() =>
              changes.reorderGroups.mutate(
                moved(
                  groups.map((g) => g.id),
                  index,
                  1,
                ),
              )
            }
          >
            ↓
          </button>
          <button type="button" className="secondary" onClick={() => setRenaming(true)}>
            Rename
          </button>
          <ConfirmButton
            label="Delete group"
            confirmLabel={`Delete group ${group.name}`}
            question="Its components stay, ungrouped."
            onConfirm={() => changes.removeGroup.mutate(group.id)}
          />
        </div>
      )}
    </div>
  );
}

function Section({
  group,
  components,
  changes,
  canEdit,
}: {
  group: Group | null;
  components: Component[];
  changes: Changes;
  canEdit: boolean;
}) {
  return (
    <section className="card" aria-label={group ? `Group ${group.name}` : "Ungrouped components"}>
      {group ? (
        <GroupHeader group={group} changes={changes} canEdit={canEdit} />
      ) : (
        <h2>Ungrouped</h2>
      )}
      {components.length === 0 ? (
        <p className="muted">
          {group ? "No components in this group yet." : "No ungrouped components."}
        </p>
      ) : (
        <ul className="component-list">
          {components.map((component) => (
            <ComponentRow
              key={component.id}
              component={component}
              siblings={components}
              changes={changes}
              canEdit={canEdit}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

export default function ComponentsPage() {
  const canEdit = useCan("editor");
  const query = useComponentPage();
  const { failure, setFailure, clear } = useFailure();
  const page = query.data ? sortPage(query.data) : undefined;
  const changes = useChanges(page, setFailure);
  const [adding, setAdding] = useState<"component" | "group" | null>(null);

  return (
    <div className="stack">
      <div className="page-header">
        <h1>Components</h1>
        {canEdit && page && (
          <div className="row">
            <button type="button" onClick={() => (clear(), setAdding("component"))}>
              New component
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => (clear(), setAdding("group"))}
            >
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
            submitLabel="Create"
            withStatus
            onCancel={() => setAdding(null)}
            onSubmit={(fields) => {
              changes.create.mutate(fields);
              setAdding(null);
            }}
          />
        </section>
      )}
      {page && adding === "group" && (
        <section className="card">
          <h2>New group</h2>
          <form
            className="row"
            onSubmit={(event) => {
              event.preventDefault();
              changes.createGroup.mutate(
                String(new FormData(event.currentTarget).get("name")).trim(),
              );
              setAdding(null);
            }}
          >
            <Field label="Group name" name="name" required maxLength={200} autoFocus />
            <button type="submit">Create group</button>
            <button type="button" className="secondary" onClick={() => setAdding(null)}>
              Cancel
            </button>
          </form>
        </section>
      )}
      {page && page.components.length === 0 && page.groups.length === 0 && (
        <p className="notice">
          No components yet. Components are the parts of your service whose status visitors see,
          such as &ldquo;API&rdquo; or &ldquo;Website&rdquo;.
        </p>
      )}
      {page && page.components.some((c) => !c.groupId) && (
        <Section
          group={null}
          components={page.components.filter((c) => !c.groupId)}
          changes={changes}
          canEdit={canEdit}
        />
      )}
      {page?.groups.map((group) => (
        <Section
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
