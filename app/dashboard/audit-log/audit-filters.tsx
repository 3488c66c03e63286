"use client";

import type { FormEvent } from "react";
import { Field } from "@/app/ui/field";
import { SelectField } from "@/app/ui/select-field";
import type { AuditFilters } from "../api-types";
import { ACTOR_TYPE_LABEL, ACTOR_TYPES, TARGET_TYPE_OPTIONS } from "./audit-words";

const ACTOR_OPTIONS = [
  { value: "", label: "Anyone" },
  ...ACTOR_TYPES.map((type) => ({ value: type, label: ACTOR_TYPE_LABEL[type] })),
];
const TARGET_OPTIONS = [{ value: "", label: "Anything" }, ...TARGET_TYPE_OPTIONS];

export const isFiltered = (filters: AuditFilters) => Object.values(filters).some(Boolean);

/** Which entries the log shows; applied when sent, so typing an action does not reload it. */
export function AuditFiltersForm({
  filters,
  onChange,
}: {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
}) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? "").trim() || undefined;
    onChange({
      actorType: value("actorType") as AuditFilters["actorType"],
      action: value("action"),
      targetType: value("targetType"),
    });
  }
  return (
    <form
      // A new set of filters starts the form again from what it shows.
      key={JSON.stringify(filters)}
      className="form"
      role="search"
      aria-label="Filter the audit log"
      onSubmit={onSubmit}
    >
      <div className="row">
        <SelectField
          label="Made by"
          name="actorType"
          options={ACTOR_OPTIONS}
          defaultValue={filters.actorType ?? ""}
        />
        <Field
          label="Action"
          name="action"
          defaultValue={filters.action ?? ""}
          maxLength={100}
          placeholder="incident.create"
          hint="One action, or a resource for all its actions (incident)."
        />
        <SelectField
          label="Target type"
          name="targetType"
          options={TARGET_OPTIONS}
          defaultValue={filters.targetType ?? ""}
        />
      </div>
      <div className="row">
        <button type="submit">Filter</button>
        {isFiltered(filters) && (
          <button type="button" className="secondary" onClick={() => onChange({})}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
