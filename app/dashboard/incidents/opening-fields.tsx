"use client";

import { SelectField } from "@/app/ui/select-field";
import { IMPACT_OPTIONS, STATUS_OPTIONS } from "./options";

/** The status and impact an incident opens with: never resolved from the start. */
export function OpeningFields({ status, impact }: { status: string; impact: string }) {
  return (
    <div className="row">
      <SelectField
        label="Status"
        name="status"
        options={STATUS_OPTIONS.filter((option) => option.value !== "resolved")}
        defaultValue={status}
      />
      <SelectField label="Impact" name="impact" options={IMPACT_OPTIONS} defaultValue={impact} />
    </div>
  );
}
