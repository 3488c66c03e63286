"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "@/lib/client/api";
import { focusAfterRemoval, focusItemWhenShown, useAnnounce } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { Field } from "@/app/ui/field";
import { ApiForm } from "@/app/ui/api-form";
import { SelectField } from "@/app/ui/select-field";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../actor";
import {
  moved,
  sortPage,
  STATUS_LABELS,
  useComponentPage,
  useFailure,
  useOptimisticChange,
  useSavedChange,
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
    ...groups.map((group) => ({ value: group.id, label: group.name })),
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
    create: useSavedChange((input: Fields & { status: ComponentStatus }) =>
      apiFetch<Component>("/v1/components", { method: "POST", body: input }),
    ),
    edit: useSavedChange(({ id, ...input }: Fields & { id: string }) =>
      apiFetch<Component>(`/v1/components/${id}`, { method: "PATCH", body: input }),
    ),
    // A status is published to visitors and subscribers: the page says so only once it is.
    setStatus: useSavedChange(({ id, status }: { id: string; status: ComponentStatus }) =>
      apiFetch<Component>(`/v1/components/${id}`, { method: "PATCH", body: { status } }),
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
    createGroup: useSavedChange((name: string) =>
      apiFetch<Group>("/v1/component-groups", { method: "POST", body: { name } }),
    ),
    renameGroup: useSavedChange(({ id, name }: { id: string; name: string }) =>
      apiFetch<Group>(`/v1/component-groups/${id}`, { method: "PATCH", body: { name } }),
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
    fail: onFailure,
    page,
  };
}

type Changes = ReturnType<typeof useChanges>;

const FIELD_WORDS: Record<string, string> = { groupId: "Group", status: "Status" };

/**
 * Creating or editing a component waits for the API: a refusal keeps what was typed, with the
 * reason beside each field.
 */
function ComponentForm({
  groups,
  initial,
  label,
  pendingLabel,
  save,
  onSaved,
  onCancel,
  withStatus,
}: {
  groups: Group[];
  initial?: Component;
  label: string;
  pendingLabel: string;
  save: (fields: Fields & { status: ComponentStatus }) => Promise<Component>;
  onSaved: (component: Component) => void;
  onCancel: () => void;
  withStatus?: boolean;
}) {
  return (
    <ApiForm
      className="form component-form"
      label={label}
      pendingLabel={pendingLabel}
      save={(form) => {
        const status = String(new FormData(form).get("status") ?? "operational");
        return save({ ...readFields(form), status: status as ComponentStatus });
      }}
      onSaved={onSaved}
      onCancel={onCancel}
      shown={["name", "description"]}
      describe={(field) => FIELD_WORDS[field] ?? field}
    >
      {(error) => (
        <>
          <div className="row">
            <Field
              label="Name"
              name="name"
              defaultValue={initial?.name}
              required
              maxLength={200}
              autoFocus
              error={error?.forField("name")}
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
            error={error?.forField("description")}
          />
        </>
      )}
    </ApiForm>
  );
}

/** Naming or renaming a group, kept open until the API has it. */
function GroupForm({
  initial,
  ...form
}: {
  initial?: Group;
  label: string;
  pendingLabel: string;
  save: (name: string) => Promise<Group>;
  onSaved: (group: Group) => void;
  onCancel: () => void;
}) {
  return (
    <ApiForm
      {...form}
      save={(element) => form.save(String(new FormData(element).get("name")).trim())}
      shown={["name"]}
    >
      {(error) => (
        <Field
          label="Group name"
          name="name"
          defaultValue={initial?.name}
          required
          maxLength={200}
          autoFocus
          error={error?.forField("name")}
        />
      )}
    </ApiForm>
  );
}

const EDIT_CONTROL = '[data-opens="edit"]';
const RENAME_CONTROL = '[data-opens="rename"]';

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
  const [setting, setSetting] = useState(false);
  const announce = useAnnounce();
  const select = useRef<HTMLSelectElement>(null);
  return (
    <>
      <select
        ref={select}
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
            disabled={setting}
            onClick={async () => {
              setSetting(true);
              try {
                await changes.setStatus.mutateAsync({ id: component.id, status: chosen });
                announce(`${component.name} shows as ${STATUS_LABELS[chosen]}.`);
              } catch (error) {
                changes.fail(`${(error as Error).message} Nothing was changed.`);
              } finally {
                setSetting(false);
                setChosen(null);
                select.current?.focus();
              }
            }}
          >
            {setting ? "Setting…" : "Set status"}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setChosen(null);
              select.current?.focus();
            }}
          >
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
  const announce = useAnnounce();
  const holds = useHolds().get(component.id) ?? [];
  const page = changes.page!;
  const index = siblings.findIndex((c) => c.id === component.id);

  // Moving a row moves its DOM node, which drops focus (and a button at the edge turns disabled):
  // after a move, focus returns to the row's move button, or its other one at the edge.
  const upButton = useRef<HTMLButtonElement>(null);
  const downButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef<-1 | 1 | null>(null);
  useEffect(() => {
    if (refocus.current === null) return;
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
    changes.reorder.mutate(ids, {
      onSuccess: () =>
        announce(`${component.name} moved to ${index + step + 1} of ${siblings.length}.`),
    });
  }

  if (editing) {
    const back = () => focusItemWhenShown(component.id, EDIT_CONTROL);
    return (
      <li className="component-row" data-item-id={component.id}>
        <ComponentForm
          groups={page.groups}
          initial={component}
          label={`Save ${component.name}`}
          pendingLabel="Saving…"
          onCancel={() => (setEditing(false), back())}
          save={({ status: _status, ...fields }) =>
            changes.edit.mutateAsync({ id: component.id, ...fields })
          }
          onSaved={(saved) => {
            setEditing(false);
            announce(`${saved.name} saved.`);
            back();
          }}
        />
      </li>
    );
  }
  return (
    <li className="component-row" data-testid="component-row" data-item-id={component.id}>
      <div className="component-main">
        <strong data-item-focus tabIndex={-1}>
          {component.name}
        </strong>{" "}
        <StatusBadge status={component.status} />
        {component.description && <span className="muted">{component.description}</span>}
        {holds.length > 0 && <HeldBy holds={holds} />}
      </div>
      {canEdit && (
        <div className="component-actions">
          <StatusChooser component={component} changes={changes} />
          <button
            type="button"
            className="secondary icon"
            ref={upButton}
            aria-label={`Move ${component.name} up`}
            disabled={index === 0}
            onClick={() => move(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="secondary icon"
            ref={downButton}
            aria-label={`Move ${component.name} down`}
            disabled={index === siblings.length - 1}
            onClick={() => move(1)}
          >
            ↓
          </button>
          <button
            type="button"
            className="secondary"
            aria-label={`Edit ${component.name}`}
            data-opens="edit"
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          <ConfirmButton
            label="Delete"
            item={component.name}
            confirmLabel={`Delete ${component.name}`}
            question="Delete it and its history?"
            onConfirm={(button) => {
              // The row leaves at once: focus goes to its neighbour before it does.
              const after = focusAfterRemoval(button);
              changes.remove.mutate(component.id, {
                onSuccess: () => announce(`${component.name} deleted.`),
              });
              after();
            }}
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
  const announce = useAnnounce();
  const groups = changes.page!.groups;
  const index = groups.findIndex((g) => g.id === group.id);
  const back = () => focusItemWhenShown(group.id, RENAME_CONTROL);
  if (renaming) {
    return (
      <GroupForm
        initial={group}
        label="Save group name"
        pendingLabel="Saving…"
        save={(name) => changes.renameGroup.mutateAsync({ id: group.id, name })}
        onSaved={(saved) => {
          setRenaming(false);
          announce(`Group renamed to ${saved.name}.`);
          back();
        }}
        onCancel={() => (setRenaming(false), back())}
      />
    );
  }
  const reorder = (step: -1 | 1) =>
    changes.reorderGroups.mutate(
      moved(
        groups.map((g) => g.id),
        index,
        step,
      ),
      {
        onSuccess: () =>
          announce(`Group ${group.name} moved to ${index + step + 1} of ${groups.length}.`),
      },
    );
  return (
    <div className="group-header">
      <h2 data-item-focus tabIndex={-1}>
        {group.name}
      </h2>
      {canEdit && (
        <div className="component-actions">
          <button
            type="button"
            className="secondary icon"
            aria-label={`Move group ${group.name} up`}
            disabled={index === 0}
            onClick={() => reorder(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="secondary icon"
            aria-label={`Move group ${group.name} down`}
            disabled={index === groups.length - 1}
            onClick={() => reorder(1)}
          >
            ↓
          </button>
          <button
            type="button"
            className="secondary"
            aria-label={`Rename group ${group.name}`}
            data-opens="rename"
            onClick={() => setRenaming(true)}
          >
            Rename
          </button>
          <ConfirmButton
            label="Delete group"
            item={group.name}
            confirmLabel={`Delete group ${group.name}`}
            question="Its components stay, ungrouped."
            onConfirm={(button) => {
              const after = focusAfterRemoval(button);
              changes.removeGroup.mutate(group.id, {
                onSuccess: () => announce(`Group ${group.name} deleted; its components stay.`),
              });
              after();
            }}
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
    <section
      className="card"
      aria-label={group ? `Group ${group.name}` : "Ungrouped components"}
      data-item-id={group?.id}
    >
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
