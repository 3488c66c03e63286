"use client";

import { useEffect, useRef, useState } from "react";
import { COMPONENT_STATUSES, STATUS_LABEL } from "@/lib/status/labels";
import { focusAfterRemoval, focusItemWhenShown, useAnnounce } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { ConfirmSelect } from "@/app/ui/confirm-select";
import { ItemActions, MoveButtons, OpenFormButton } from "@/app/ui/item-actions";
import { StatusBadge } from "@/app/ui/status-badge";
import type { Component } from "../api-types";
import { ComponentForm } from "./component-form";
import { HeldBy, useHolds } from "./holds";
import type { Changes } from "./use-changes";
import { moved } from "./use-components";

const STATUS_OPTIONS = COMPONENT_STATUSES.map((value) => ({ value, label: STATUS_LABEL[value] }));
const EDIT_CONTROL = '[data-opens="edit"]';

/** A status is chosen, then set: it is published to visitors and subscribers at once. */
function StatusChooser({ component, changes }: { component: Component; changes: Changes }) {
  const announce = useAnnounce();
  return (
    <ConfirmSelect
      label={`Status of ${component.name}`}
      value={component.status}
      options={STATUS_OPTIONS}
      confirmLabel={`Confirm the status of ${component.name}`}
      question={(chosen) => `Show ${component.name} as ${STATUS_LABEL[chosen]}?`}
      action="Set status"
      pendingAction="Setting…"
      onConfirm={async (chosen) => {
        // A refusal goes to the page's banner; the question closes either way.
        try {
          await changes.setStatus.mutateAsync({ id: component.id, status: chosen });
          announce(`${component.name} shows as ${STATUS_LABEL[chosen]}.`);
        } catch (error) {
          changes.fail(`${(error as Error).message} Nothing was changed.`);
        }
      }}
    />
  );
}

export function ComponentRow({
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
        <ItemActions className="component-actions">
          <StatusChooser component={component} changes={changes} />
          <MoveButtons
            item={component.name}
            index={index}
            count={siblings.length}
            onMove={move}
            upRef={upButton}
            downRef={downButton}
          />
          <OpenFormButton name={`Edit ${component.name}`} onClick={() => setEditing(true)} />
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
        </ItemActions>
      )}
    </li>
  );
}
