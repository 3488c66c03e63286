"use client";

import { ListSection } from "@/app/ui/list-section";
import type { Component, ComponentGroup } from "../api-types";
import { ComponentRow } from "./component-row";
import { GroupHeader } from "./group-header";
import type { Changes } from "./use-changes";

/** One group's components, or the ungrouped ones (`group` null), in page order. */
export function ComponentSection({
  group,
  components,
  changes,
  canEdit,
}: {
  group: ComponentGroup | null;
  components: Component[];
  changes: Changes;
  canEdit: boolean;
}) {
  return (
    <ListSection
      className="card"
      label={group ? `Group ${group.name}` : "Ungrouped components"}
      data-item-id={group?.id}
      heading={
        group ? (
          <GroupHeader group={group} changes={changes} canEdit={canEdit} />
        ) : (
          <h2>Ungrouped</h2>
        )
      }
      empty={
        components.length === 0 &&
        (group ? "No components in this group yet." : "No ungrouped components.")
      }
    >
      {components.length > 0 && (
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
    </ListSection>
  );
}
