"use client";

import { useState } from "react";
import { focusAfterRemoval, focusItemWhenShown, useAnnounce } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { ItemActions, MoveButtons, OpenFormButton } from "@/app/ui/item-actions";
import type { ComponentGroup } from "../api-types";
import { GroupForm } from "./group-form";
import type { Changes } from "./use-changes";
import { moved } from "./use-components";

const RENAME_CONTROL = '[data-opens="rename"]';

export function GroupHeader({
  group,
  changes,
  canEdit,
}: {
  group: ComponentGroup;
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
        <ItemActions className="component-actions">
          <MoveButtons
            item={`group ${group.name}`}
            index={index}
            count={groups.length}
            onMove={reorder}
          />
          <OpenFormButton
            name={`Rename group ${group.name}`}
            opens="rename"
            onClick={() => setRenaming(true)}
          >
            Rename
          </OpenFormButton>
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
        </ItemActions>
      )}
    </div>
  );
}
