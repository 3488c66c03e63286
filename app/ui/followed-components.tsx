"use client";

import { ComponentPicker, type Choices } from "./component-picker";

/**
 * The components something follows or covers, by id: endpoints, subscribers and maintenance
 * windows choose them alike. For followers, none chosen means every component.
 */
export function FollowedComponents({
  legend = "Components followed (none chosen = every component)",
  choices,
  initial,
  onChange,
}: {
  legend?: string;
  choices: Choices;
  initial: readonly string[];
  onChange: (componentIds: string[]) => void;
}) {
  return (
    <ComponentPicker
      legend={legend}
      choices={choices}
      // The status is not asked for here; a placeholder fills the picker's pairs.
      initial={initial.map((componentId) => ({ componentId, status: "operational" }))}
      withStatus={false}
      onChange={(picked) => onChange(picked.map((p) => p.componentId))}
    />
  );
}

/** A refusal naming the field ("componentIds.2"), in the form's words. */
export const describeFollowedField = (field: string) =>
  field.startsWith("componentIds") ? "Components followed" : field;
