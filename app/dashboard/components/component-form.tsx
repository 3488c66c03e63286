"use client";

import { COMPONENT_STATUSES, STATUS_LABEL } from "@/lib/status/labels";
import { ApiForm } from "@/app/ui/api-form";
import { Field } from "@/app/ui/field";
import { SelectField } from "@/app/ui/select-field";
import type { Component, ComponentGroup, ComponentStatus } from "../api-types";
import type { Fields } from "./use-changes";

const STATUS_OPTIONS = COMPONENT_STATUSES.map((value) => ({ value, label: STATUS_LABEL[value] }));

const FIELD_WORDS: Record<string, string> = { groupId: "Group", status: "Status" };

function readFields(form: HTMLFormElement): Fields {
  const data = new FormData(form);
  const groupId = String(data.get("groupId") ?? "");
  return {
    name: String(data.get("name") ?? "").trim(),
    description: String(data.get("description") ?? "").trim(),
    groupId: groupId || null,
  };
}

function groupOptions(groups: ComponentGroup[]) {
  return [
    { value: "", label: "No group" },
    ...groups.map((group) => ({ value: group.id, label: group.name })),
  ];
}

/**
 * Creating or editing a component waits for the API: a refusal keeps what was typed, with the
 * reason beside each field.
 */
export function ComponentForm({
  groups,
  initial,
  label,
  pendingLabel,
  save,
  onSaved,
  onCancel,
  withStatus,
}: {
  groups: ComponentGroup[];
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
