"use client";

import { ApiForm } from "@/app/ui/api-form";
import { Field } from "@/app/ui/field";
import type { ComponentGroup } from "../api-types";

/** Naming or renaming a group, kept open until the API has it. */
export function GroupForm({
  initial,
  ...form
}: {
  initial?: ComponentGroup;
  label: string;
  pendingLabel: string;
  save: (name: string) => Promise<ComponentGroup>;
  onSaved: (group: ComponentGroup) => void;
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
